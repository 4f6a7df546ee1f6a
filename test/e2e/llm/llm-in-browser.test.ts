// The LLM client running inside Chromium against the mock server on another origin: CORS preflight,
// a 429 followed by success, and an abort during the backoff sleep.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let web: StaticServer;
let llm: MockLLMServer;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  [web, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
  const opened = await openPage();
  page = opened.page;
  closeContext = () => opened.context.close();
  web.route('/llm.html', { body: '<!doctype html><title>llm client</title>' });
  await page.goto(web.url('/llm.html'));
  await page.addScriptTag({ content: await bundleForBrowser('test/e2e/llm/llm-browser-entry.ts', 'LLMLib') });
});
afterAll(async () => {
  await closeContext();
  await Promise.all([web.close(), llm.close()]);
});
beforeEach(() => llm.reset());

/** Runs one invoke in the page with an AgentOutput-like tool; returns what happened there. */
function invokeInPage(baseURL: string, retryDelay: number, abortAfterRetryMs?: number) {
  return page.evaluate(
    async ({ baseURL, retryDelay, abortAfterRetryMs }) => {
      const { LLM, z } = (window as any).LLMLib;
      const client = new LLM({ baseURL, model: 'gpt-4.1-mini', apiKey: 'sk-browser', retryDelay });
      const controller = new AbortController();
      const retries: Array<{ attempt: number; kind: string; status?: number }> = [];
      client.addEventListener('retry', (event: CustomEvent) => {
        retries.push({ attempt: event.detail.attempt, kind: event.detail.error.kind, status: event.detail.error.status });
        if (abortAfterRetryMs !== undefined) setTimeout(() => controller.abort(), abortAfterRetryMs);
      });
      const actions = { done: z.object({ text: z.string(), success: z.boolean().default(true) }) };
      const tools = {
        AgentOutput: {
          inputSchema: z.object({ next_goal: z.string().optional(), action: z.object({ done: actions.done }) }),
          execute: async (args: unknown) => ({ executed: args }),
        },
      };
      try {
        const result = await client.invoke([{ role: 'user', content: 'finish' }], tools, controller.signal, { toolChoiceName: 'AgentOutput', macro: { actions } });
        return { ok: true as const, toolCall: result.toolCall, toolResult: result.toolResult, retries };
      } catch (error: any) {
        return { ok: false as const, name: error?.name, isDOMException: error instanceof DOMException, kind: error?.kind, retries };
      }
    },
    { baseURL, retryDelay, abortAfterRetryMs },
  );
}

describe('LLM client in Chromium', () => {
  it('calls the cross-origin server after a CORS preflight, and succeeds after a 429', async () => {
    llm.enqueue({ fault: 'rate_limit', retryAfter: 0 }, agentStep({ done: { text: 'all done', success: true } }, 'finish'));
    const outcome = await invokeInPage(llm.baseURL, 10);

    expect(outcome).toMatchObject({
      ok: true,
      toolCall: { name: 'AgentOutput', args: { next_goal: 'finish', action: { done: { text: 'all done', success: true } } } },
      retries: [{ attempt: 1, kind: 'rate_limit', status: 429 }],
    });
    expect(llm.preflights.length).toBeGreaterThanOrEqual(1);
    expect(llm.preflights[0]!.headers['access-control-request-headers']).toContain('authorization');
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]!.headers.origin).toBe(web.origin);
    expect(llm.requests[1]!.headers.authorization).toBe('Bearer sk-browser');
  });

  it('ends with the AbortError when aborted during the backoff sleep', async () => {
    // The backoff would last ten minutes; only the abort can end this before the test timeout.
    llm.enqueue({ fault: 'server', status: 503 });
    const outcome = await invokeInPage(llm.baseURL, 600_000, 50);

    expect(outcome).toEqual({ ok: false, name: 'AbortError', isDOMException: true, kind: undefined, retries: [{ attempt: 1, kind: 'server', status: 503 }] });
    expect(llm.requests).toHaveLength(1);
  });
});
