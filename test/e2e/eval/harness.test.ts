// `npm run eval`'s harness kept honest: one tiny native page run end to end with our agent and the
// scripted reasoner on the mock model server, with a known outcome each way, and the validator that
// tells a task nobody can complete from one a person can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { getBrowser } from '../../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { startModelServer, type ModelServer } from '../../../eval/lib/model-server.mjs';
import { click, type } from '../../../eval/lib/plan.mjs';
import { runAgentTask, type EvalTask } from '../../../eval/lib/run-agent.mjs';
import { validateTask } from '../../../eval/lib/validate.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGE = { path: '/test/fixtures/eval/harness.html' };
const SAVE_CITY: EvalTask = { id: 'save-city', page: PAGE, task: 'Save Berlin as the city.', plan: [type('City', 'Berlin'), click('Save')], expect: { city: 'Berlin' }, submit: true };
// "Terms apply" is a paragraph: no control carries these words, so a model must not click anything.
const ACCEPT_TERMS: EvalTask = { id: 'accept-terms', page: PAGE, task: 'Accept the terms.', plan: [click('Terms apply')], expect: { accepted: 'yes' } };

let web: StaticServer;
let model: ModelServer;

beforeAll(async () => {
  [web, model] = await Promise.all([startStaticServer(), startModelServer()]);
});
afterAll(async () => {
  await Promise.all([web?.close(), model?.close()]);
});

describe('npm run eval harness', () => {
  it('passes a task whose targets are on indexed lines, counting steps, requests and tokens', async () => {
    const run = await runAgentTask({ browser: await getBrowser(), root: ROOT, agentId: 'ours', url: web.url(PAGE.path), task: SAVE_CITY, model });
    expect(run).toMatchObject({ passed: true, reason: null, steps: 3, requests: 3, finalState: { city: 'Berlin', accepted: 'no', submitted: { city: 'Berlin', accepted: 'no' } } });
    expect(run.actions?.map((a) => a.name)).toEqual(['input_text', 'click_element_by_index', 'done']);
    expect(run.tokens).toBeGreaterThan(1000);
    expect(run.pageErrors).toEqual([]);
  });

  it('fails, without guessing, a task whose words are only on a text line', async () => {
    const run = await runAgentTask({ browser: await getBrowser(), root: ROOT, agentId: 'ours', url: web.url(PAGE.path), task: ACCEPT_TERMS, model });
    expect(run.passed).toBe(false);
    expect(run.reason).toBe('reasoner: click "Terms apply": the words are only on a text line without an index: "Terms apply"');
    expect(run.actions?.map((a) => a.name)).toEqual(['wait', 'done']);
    expect(run.finalState).toEqual({ city: '', accepted: 'no', submitted: null });
  });

  it('validates a task with real input and reports one nobody can complete as invalid', async () => {
    const browser = await getBrowser();
    expect(await validateTask(browser, web.url(PAGE.path), SAVE_CITY)).toMatchObject({ valid: true });
    expect(await validateTask(browser, web.url(PAGE.path), ACCEPT_TERMS)).toMatchObject({ valid: false, reason: 'after the plan with Playwright: accepted is "no", expected "yes"' });
  });
});
