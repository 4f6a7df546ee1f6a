// Streamed replies through the real bundle and the mock LLM: the panel shows the model's evaluation
// and next goal while the reply arrives; a cut stream is retried; a provider that refuses `stream` is
// asked again without it, once per endpoint; a 1 MB line, reasoning_content and out-of-order tool-call
// chunks are read like a provider's.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import { mountRelay } from '../../../relay/mount.js';
import { openPage } from '../../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type MockReply } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, openShop, inPanel, pageWithTag, plainScript, PLAIN_BODY, requireBundle, script, typeTask, waitForStatus } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await llm.close();
});
beforeEach(() => llm.reset());
afterEach(async () => closeContext?.());

async function load(): Promise<void> {
  ({ page, close: closeContext } = await openShop(web, llm, { 'data-max-retries': '2' }));
  // Every text the status line shows, in order.
  await page.evaluate(() => {
    const seen: string[] = ((window as any).statusSeen = []);
    const cards: string[] = ((window as any).liveCards = []);
    const root = document.querySelector('page-agent-panel')!.shadowRoot!;
    const read = () => {
      const text = root.querySelector('.status')?.textContent ?? '';
      if (text !== seen[seen.length - 1]) seen.push(text);
      // The step list's card of the reply in progress.
      const live = [...root.querySelectorAll('.steps > .card.step')].pop()?.textContent?.trim() ?? '';
      if (live.startsWith('Thinking') && live !== cards[cards.length - 1]) cards.push(live);
    };
    new MutationObserver(read).observe(root, { subtree: true, childList: true, characterData: true });
  });
}

const seen = () => page.evaluate(() => (window as any).statusSeen as string[]);
const history = () => page.evaluate(() => (window as any).pageAgent.history.map((e: any) => e.type + (e.action ? `:${e.action.name}` : '')));
const slow = (reply: MockReply): MockReply => ({ ...reply, chunkChars: 6, gapMs: 60 });

describe('streamed replies', () => {
  it('shows the evaluation and the next goal in the status line as they arrive, then acts', async () => {
    await load();
    const goal = 'Add one item to the cart, then read the count again';
    llm.setHandler(script([(request) => slow(clickOn('Add to cart', goal)(request)), done('Added.')]));
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    const request = llm.requests[0]!.body;
    expect(request.stream).toBe(true);
    expect(request.stream_options).toEqual({ include_usage: true });
    const lines = await seen();
    // The goal grew in pieces: several strict prefixes of it were on screen before the whole of it.
    const partial = lines.filter((line) => line.includes('· ') && goal.startsWith(line.split('· ')[1]!) && line.split('· ')[1] !== goal);
    expect(partial.length).toBeGreaterThan(2);
    expect(lines.some((line) => line.endsWith(`· ${goal}`))).toBe(true);
    expect(lines.some((line) => line.endsWith('· ok'))).toBe(true);
    // The expanded list shows the same text growing in a card of its own, gone once the step is done.
    const cards = await page.evaluate(() => (window as any).liveCards as string[]);
    expect(cards.length).toBeGreaterThan(2);
    expect(cards.some((card) => card.replace(/^Thinking…\s*/, '') === goal)).toBe(true);
    expect(await inPanel(page, '.steps').textContent()).not.toContain('Thinking');
    // Usage came with the stream's last chunk.
    expect(await inPanel(page, '.usage').textContent()).toBe('Tokens: 200 in · 40 out');
  });

  it('retries a stream cut in the middle of an event, and loses nothing', async () => {
    await load();
    llm.setHandler(script([(request) => ({ ...clickOn('Add to cart')(request), cutAfter: 2 }), clickOn('Add to cart'), done('Added.')]));
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(llm.requests).toHaveLength(3);
    expect(await history()).toEqual(['error', 'retry', 'step:click_element_by_index', 'step:done']);
  });

  it('asks again without stream when the provider refuses it, and remembers that for the endpoint', async () => {
    await load();
    const steps = [clickOn('Add to cart'), () => done('Added.')];
    let answered = 0;
    llm.setHandler((request) => {
      if (request.body.stream) return { json: { error: { message: "'stream' is not supported by this model", type: 'invalid_request_error' } }, status: 400 };
      return steps[answered++]!(request);
    });
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(llm.requests.map((request) => !!request.body.stream)).toEqual([true, false, false]);
    // The refusal was not a failure of the run.
    expect(await history()).toEqual(['step:click_element_by_index', 'step:done']);
  });

  it('reads a 1 MB event line, reasoning_content and tool-call chunks whose id arrives last', async () => {
    await load();
    const args = (goal: string, action: object, memory = '') => JSON.stringify({ evaluation_previous_goal: 'ok', memory, next_goal: goal, action });
    const chunk = (delta: object) => ({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] });
    llm.setHandler(
      script([
        (request) => ({ ...clickOn('Add to cart')(request), chunkChars: 2_000_000, toolCall: { name: 'AgentOutput', args: JSON.parse(args('add', (clickOn('Add to cart')(request) as any).toolCall.args.action, 'm'.repeat(1_000_000))) } }),
        {
          sse: [
            chunk({ reasoning_content: 'The item is in the cart, so I am done.' }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: args('finish', { done: { text: 'Added.', success: true } }) } }] }),
            chunk({ tool_calls: [{ index: 0, id: 'call_late', type: 'function', function: { name: 'AgentOutput' } }] }),
          ],
        },
      ]),
    );
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(await history()).toEqual(['step:click_element_by_index', 'step:done']);
    // The memory was capped before it went into the next prompt.
    const memory = await page.evaluate(() => (window as any).pageAgent.history[0].reflection.memory as string);
    expect(memory.length).toBeLessThan(2100);
    expect(llm.requests[1]!.rawBody.length).toBeLessThan(100_000);
  });
});

// A step whose reply never streams still works with a provider that ignores `stream`.
describe('a provider that ignores stream', () => {
  it('answers with one JSON body, read as before', async () => {
    await load();
    llm.setHandler(script([(request) => ({ ...clickOn('Add to cart')(request), stream: false }), { ...agentStep({ done: { text: 'ok', success: true } }, 'finish'), stream: false }]));
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
  });
});

/** A site serving the bundle and a shop page whose agent talks to the relay mounted at /api/llm. */
async function relaySite(env: Record<string, string>) {
  const bundle = readFileSync(resolve(import.meta.dirname, '../../../dist/page-agent.iife.js'));
  const site = createServer((req, res) => {
    if (req.url === '/dist/page-agent.iife.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    res.writeHead(200, { 'content-type': 'text/html' }).end(pageWithTag({ 'data-base-url': '/api/llm', 'data-model': 'default' }, PLAIN_BODY + plainScript()));
  });
  mountRelay(site, { prefix: '/api/llm', config: loadRelayConfig(env), logger: { info() {}, warn() {}, error() {} } });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/shop.html`,
    close: async () => {
      site.closeAllConnections();
      await new Promise<void>((done) => site.close(() => done()));
    },
  };
}

// The relay passes the stream through: the agent on the site's own origin streams via /api/llm.
describe('through the relay', () => {
  it('streams the reply end to end, the goal showing in pieces', async () => {
    const site = await relaySite({ LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-stream', LLM_MODEL: 'm' });
    try {
      const { context, page: opened } = await openPage();
      page = opened;
      closeContext = () => context.close();
      const goal = 'Add one item to the cart, then read the count again';
      llm.setHandler(script([(request) => slow(clickOn('Add to cart', goal)(request)), done('Added.')]));
      await page.goto(site.url);
      await inPanel(page, 'textarea.task-input').waitFor();
      const shown: string[] = [];
      await page.exposeFunction('statusShown', (text: string) => void shown.push(text));
      await page.evaluate(() => {
        const root = document.querySelector('page-agent-panel')!.shadowRoot!;
        new MutationObserver(() => (window as any).statusShown(root.querySelector('.status')?.textContent ?? '')).observe(root, { subtree: true, childList: true, characterData: true });
      });
      await typeTask(page, 'add one item to the cart');
      await waitForStatus(page, 'completed');
      expect(await page.locator('#count').textContent()).toBe('1');
      expect(llm.requests[0]!.body.stream).toBe(true);
      expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-stream');
      const pieces = new Set(shown.map((line) => line.split('· ')[1]).filter((text) => text && text !== goal && goal.startsWith(text)));
      expect(pieces.size).toBeGreaterThan(2);
      // The setup check on focus went through too, answered as a provider answers an empty request.
      expect(llm.probes).toHaveLength(1);
      expect(await inPanel(page, '.notices').count()).toBe(0);
    } finally {
      await site.close();
    }
  });

  it('shows a relay without an upstream as the setup problem before anything is typed: one message, input disabled', async () => {
    const site = await relaySite({});
    try {
      const { context, page: opened } = await openPage();
      page = opened;
      closeContext = () => context.close();
      await page.goto(site.url);
      await inPanel(page, 'textarea.task-input').waitFor();
      expect(await inPanel(page, '.notices').count()).toBe(0);
      await inPanel(page, 'textarea.task-input').focus();
      await inPanel(page, '.notice.error').waitFor();
      const notices = await inPanel(page, '.notices .card').allTextContents();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/^The LLM relay has no upstream configured: LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are not set on the server\. Set .+docs\/relay\.md\.$/);
      expect(await inPanel(page, 'textarea.task-input').isDisabled()).toBe(true);
      expect(await inPanel(page, 'button.run').isDisabled()).toBe(true);
      expect(llm.requests).toHaveLength(0);
    } finally {
      await site.close();
    }
  });
});
