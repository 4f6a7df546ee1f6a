// The eval's Node-runner section kept honest: its tasks run through the built runner (dist/node.mjs)
// with the scripted reasoner, pass when the flow across pages and tabs happened, and fail with the
// reason when the final state or the answer is not what the task asks; the validator follows tabs.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrowser } from '../../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { startModelServer, type ModelServer } from '../../../eval/lib/model-server.mjs';
import type { EvalTask } from '../../../eval/lib/run-agent.mjs';
import { runNodeTask } from '../../../eval/lib/run-node.mjs';
import { validateTask } from '../../../eval/lib/validate.mjs';
import { tasks } from '../../../eval/sections/node/index.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const byId = (id: string) => (tasks as EvalTask[]).find((task) => task.id === id)!;

let web: StaticServer;
let model: ModelServer;

beforeAll(async () => {
  [web, model] = await Promise.all([startStaticServer(), startModelServer()]);
});
afterAll(async () => {
  await Promise.all([web?.close(), model?.close()]);
});

// Whole multi-page tasks (the research one twice) through the built runner: 15 s and more each on a
// loaded two-core machine.
describe('npm run eval: the Node-runner section', { timeout: 120_000 }, () => {
  it('passes the popup task: the picker window reports back to its opener, then the main tab is used again', async () => {
    const task = byId('node-popup-plan-picker');
    const run = await runNodeTask({ browser: await getBrowser(), root: ROOT, url: web.url(task.page.path), task, model });
    expect(run).toMatchObject({ passed: true, reason: null, finalState: { plan: 'pro', subscribed: true } });
    expect(run.actions?.map((a) => a.name)).toEqual(['click_element_by_index', 'click_element_by_index', 'click_element_by_index', 'done']);
  });

  it('passes the research task with the answers read from three origins, and fails it when the answer lacks a figure', async () => {
    const task = byId('node-research-three-sites');
    const run = await runNodeTask({ browser: await getBrowser(), root: ROOT, url: web.url(task.page.path), task, model });
    expect(run).toMatchObject({ passed: true, reason: null });
    const { sources } = run as unknown as { sources: string[] };
    expect(sources.map((url) => new URL(url).hostname)).toEqual(['almanac.localhost', 'registry.localhost', 'travel.localhost']);
    const wrong = await runNodeTask({ browser: await getBrowser(), root: ROOT, url: web.url(task.page.path), task: { ...task, answer: [...task.answer!, '99 metres'] }, model });
    expect(wrong.passed).toBe(false);
    expect(wrong.reason).toMatch(/^the answer lacks "99 metres": stands 22 metres tall/);
  });

  it('fails a flow whose final state is not the expected one, naming the key', async () => {
    const task = byId('node-list-detail-back');
    const run = await runNodeTask({ browser: await getBrowser(), root: ROOT, url: web.url(task.page.path), task: { ...task, expect: { viewed: ['1002'], reviewed: ['1003'] } }, model });
    expect(run.passed).toBe(false);
    expect(run.reason).toBe('state: reviewed is ["1002"], expected ["1003"]');
  });

  it('validates the multi-page tasks with real input across tabs', async () => {
    const browser = await getBrowser();
    for (const id of ['node-three-page-checkout', 'node-research-three-sites']) {
      expect(await validateTask(browser, web.url(byId(id).page.path), byId(id)), id).toMatchObject({ valid: true });
    }
  });
});
