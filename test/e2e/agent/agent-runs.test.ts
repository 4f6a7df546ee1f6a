// The agent end to end in Chromium: the real PageAgentCore and PageController in a fixture page, the
// mock LLM server on another origin playing a model that reads the page text it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let web: StaticServer;
let llm: MockLLMServer;
let bundle: string;

beforeAll(async () => {
  [web, llm, bundle] = await Promise.all([startStaticServer(), startMockLLMServer(), bundleForBrowser('test/fixtures/agent/e2e-entry.ts', 'AgentLib')]);
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

/** What the page reports back about a finished run. */
interface RunSummary {
  success: boolean;
  data: string;
  types: string[];
  steps: Array<{ name: string; input: any; output: string }>;
  usage: { totalTokens: number };
  status: string;
}

/** The user message of a recorded request. */
const promptOf = (request: RecordedRequest): string => request.body.messages.find((m: any) => m.role === 'user').content;
/** The page text the model was shown. */
const pageOf = (prompt: string): string => prompt.slice(prompt.indexOf('<page>'), prompt.indexOf('</page>'));
/** Steps already taken, read from the history the model was shown. */
const stepsTaken = (prompt: string): number => (/<history>([\s\S]*?)<\/history>/.exec(prompt)?.[1]?.match(/^\d+\. /gm) ?? []).length;

/** The index of the first element line of the page text that matches `pattern`, as a model would find it. */
function indexOf(prompt: string, pattern: RegExp): number {
  for (const line of pageOf(prompt).split('\n')) {
    const index = /\*?\[(\d+)\]/.exec(line);
    if (index && pattern.test(line)) return Number(index[1]);
  }
  throw new Error(`no element matches ${pattern} in the page text:\n${pageOf(prompt)}`);
}

/** Loads a fixture page with the agent bundle and starts a run; resolves when it is under way. */
async function startRun(page: Page, path: string, task: string): Promise<void> {
  await page.goto(web.url(path));
  await page.addScriptTag({ content: bundle });
  await page.evaluate(
    ({ baseURL, task }) => {
      const lib = (window as any).AgentLib;
      const agent = new lib.PageAgentCore({
        baseURL,
        model: 'mock-model',
        apiKey: 'test-key',
        retryDelay: 10,
        pageController: new lib.PageController({}),
      });
      (window as any).agent = agent;
      (window as any).run = agent.execute(task).then((r: any) => ({
        success: r.success,
        data: r.data,
        types: r.history.map((e: any) => e.type),
        steps: r.history.filter((e: any) => e.type === 'step').map((e: any) => ({ name: e.action.name, input: e.action.input, output: e.action.output })),
        usage: r.usage,
        status: agent.status,
      }));
    },
    { baseURL: llm.baseURL, task },
  );
}

const finish = (page: Page): Promise<RunSummary> => page.evaluate(() => (window as any).run);

/** The model for the sign-up form: one field per step, then submit, then report what the page says. */
function signupModel(request: RecordedRequest): MockReply {
  const prompt = promptOf(request);
  switch (stepsTaken(prompt)) {
    case 0:
      return agentStep({ input_text: { index: indexOf(prompt, /<input[^>]*>Full name \/>/), text: 'Ada Lovelace' } }, 'type the name');
    case 1:
      return agentStep({ input_text: { index: indexOf(prompt, /type=email|name=email/), text: 'ada@example.com' } }, 'type the email');
    case 2:
      return agentStep({ select_dropdown_option: { index: indexOf(prompt, /<select/), text: 'Pro' } }, 'choose the plan');
    case 3:
      return agentStep({ click_element_by_index: { index: indexOf(prompt, /type=checkbox|terms/) } }, 'accept the terms');
    case 4:
      return agentStep({ click_element_by_index: { index: indexOf(prompt, /Create account/) } }, 'submit');
    default: {
      const welcome = /Welcome, [^\n!]+!/.exec(pageOf(prompt))?.[0] ?? 'no confirmation visible';
      return agentStep({ done: { text: `Signed up. The page says: ${welcome}`, success: true } }, 'report');
    }
  }
}

describe('PageAgentCore in Chromium', () => {
  it('fills and submits a form over several steps', async () => {
    llm.reset();
    llm.setHandler(signupModel);
    const { context, page, errors } = await openPage();
    await startRun(page, '/test/fixtures/agent/pages/signup.html', 'Sign up as Ada Lovelace, ada@example.com, on the Pro plan.');
    const result = await finish(page);

    expect(result).toMatchObject({ success: true, data: 'Signed up. The page says: Welcome, Ada Lovelace!', status: 'completed' });
    expect(result.steps.map((s) => s.name)).toEqual(['input_text', 'input_text', 'select_dropdown_option', 'click_element_by_index', 'click_element_by_index', 'done']);
    expect(await page.evaluate(() => (window as any).submitted)).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', terms: 'on' });
    expect(await page.locator('#thanks').textContent()).toBe('Welcome, Ada Lovelace! Your pro account is ready.');
    expect(llm.requests).toHaveLength(6);
    expect(promptOf(llm.requests[5]!)).toContain('Step 6 of 40.');
    expect(result.usage.totalTokens).toBe(6 * 120);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads a table and answers, leaving the page as it was once disposed', async () => {
    llm.reset();
    llm.setHandler((request) => {
      const page = pageOf(promptOf(request));
      const orders = [...page.matchAll(/#(\d{4})/g)].map((m) => m[1]!);
      const totals = [...page.matchAll(/\$(\d+\.\d{2})/g)].map((m) => Number(m[1]));
      if (orders.length !== 5 || totals.length !== 5) return agentStep({ done: { text: `could not read the table: ${orders} / ${totals}`, success: false } });
      const best = totals.indexOf(Math.max(...totals));
      return agentStep({ done: { text: `Order #${orders[best]} has the highest total: $${totals[best]!.toFixed(2)}`, success: true } });
    });
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/test/fixtures/agent/pages/orders.html'));
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    await startRun(page, '/test/fixtures/agent/pages/orders.html', 'Which order has the highest total?');
    const result = await finish(page);

    expect(result).toMatchObject({ success: true, data: 'Order #1042 has the highest total: $912.50' });
    expect(llm.requests).toHaveLength(1);
    expect(await page.locator('tbody tr').count()).toBe(5);
    await page.evaluate(() => (window as any).agent.dispose());
    // The fixture has no scripts of its own: the only one is the agent bundle the test added.
    const after = await page.evaluate(() => {
      for (const script of document.querySelectorAll('script')) script.remove();
      return document.documentElement.outerHTML;
    });
    expect(after).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('recovers from a 429 and a malformed reply, recording both, and still completes the form', async () => {
    llm.reset();
    let calls = 0;
    llm.setHandler((request) => {
      calls++;
      if (calls === 1) return { fault: 'rate_limit', retryAfter: 1 };
      if (calls === 3) return { toolCall: { name: 'AgentOutput', args: '{"next_goal": "type", "action": {{{ not json' } };
      return signupModel(request);
    });
    const { context, page, errors } = await openPage();
    await startRun(page, '/test/fixtures/agent/pages/signup.html', 'Sign up as Ada Lovelace, ada@example.com, on the Pro plan.');
    const result = await finish(page);

    expect(result.success).toBe(true);
    expect(result.types.filter((t) => t === 'retry')).toHaveLength(2);
    expect(result.types.slice(0, 3)).toEqual(['error', 'retry', 'step']);
    expect(result.steps).toHaveLength(6);
    expect(await page.evaluate(() => (window as any).submitted)).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', terms: 'on' });
    expect(llm.requests).toHaveLength(8);
    expect(errors).toEqual([]);
    await context.close();
  });
});
