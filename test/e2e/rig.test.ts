// The e2e rig itself: Chromium starts, pages load from the static server, the mock LLM server
// answers cross-origin with a CORS preflight, and the pages' clock does not count a busy machine's
// stalls within a task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrowser, openPage } from '../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';
import { STALLING_CLOCK_SCRIPT, STEADY_CLOCK_SCRIPT } from '../helpers/steady-clock.js';
import { perceptionBundle } from './perception/harness.js';

let web: StaticServer;
let llm: MockLLMServer;

beforeAll(async () => {
  web = await startStaticServer();
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await llm.close();
});

describe('e2e rig', () => {
  it('serves a page and lets it call the mock LLM on another origin with a preflight', async () => {
    const { context, page } = await openPage();
    web.route('/rig.html', { body: '<!doctype html><title>rig</title><p>hello</p>' });
    llm.enqueue(agentStep({ done: { text: 'hi', success: true } }));
    await page.goto(web.url('/rig.html'));
    expect(new URL(llm.origin).port).not.toBe(new URL(web.origin).port);
    const reply = await page.evaluate(async (baseURL) => {
      const res = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
        body: JSON.stringify({ model: 'm', messages: [] }),
      });
      return res.json();
    }, llm.baseURL);
    expect(reply.choices[0].message.tool_calls[0].function.name).toBe('AgentOutput');
    expect(llm.preflights).toHaveLength(1);
    expect(llm.requests[0]!.headers.origin).toBe(web.origin);
    expect(llm.requests[0]!.body).toEqual({ model: 'm', messages: [] });
    await context.close();
  });

  it('answers an unscripted request with a loud 500', async () => {
    const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{"messages":[]}' });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('no scripted reply');
  });

  it('injects a 429 with Retry-After', async () => {
    llm.enqueue({ fault: 'rate_limit', retryAfter: 3 });
    const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{"messages":[]}' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
  });

  it('answers a body without messages (the panel\'s setup check) with 400, apart from the scripted requests', async () => {
    const [probes, requests] = [llm.probes.length, llm.requests.length];
    llm.enqueue({ content: 'kept for the next real request' });
    const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(llm.probes).toHaveLength(probes + 1);
    expect(llm.requests).toHaveLength(requests);
    const next = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{"messages":[]}' });
    expect((await next.json()).choices[0].message.content).toBe('kept for the next real request');
  });

  it('drops a connection mid-reply', async () => {
    llm.enqueue({ fault: 'drop' });
    const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{"messages":[]}' });
    await expect(res.text()).rejects.toThrow();
  });
});

describe('the steady page clock', () => {
  const DEEP = `<!doctype html><body>${'<div>'.repeat(1000)}<p>deepShown</p>${'</div>'.repeat(1000)}</body>`;

  /** Reads the 1,000-deep page in a context with `scripts` run first: the clock's steps and the page text with its header and footer. */
  async function readDeepPage(scripts: string[]): Promise<{ inTask: number; acrossTasks: number; text: string }> {
    const context = await (await getBrowser()).newContext();
    try {
      for (const content of scripts) await context.addInitScript({ content });
      const page = await context.newPage();
      await page.goto(web.route('/rig-deep.html', { body: DEEP }));
      await page.addScriptTag({ content: `${await perceptionBundle()}\n;window.Perception = Perception;` });
      return await page.evaluate(async () => {
        const start = performance.now();
        for (let i = 0; i < 99; i++) performance.now();
        const inTask = performance.now() - start;
        const before = performance.now();
        await new Promise((done) => setTimeout(done, 0));
        const acrossTasks = performance.now() - before;
        const state = await new window.Perception.PageController({ highlight: false }).getBrowserState();
        return { inTask, acrossTasks, text: `${state.header}\n${state.content}\n${state.footer}` };
      });
    } finally {
      await context.close();
    }
  }

  it('stalls cut the page walk of a step without it', async () => {
    const { text } = await readDeepPage([STALLING_CLOCK_SCRIPT]);
    expect(text).toContain('the listing stopped early');
    expect(text).not.toContain('deepShown');
  });

  it('counts at most 1 ms a reading within a task, the full time across tasks, and the walk reads the whole page', async () => {
    const { inTask, acrossTasks, text } = await readDeepPage([STALLING_CLOCK_SCRIPT, STEADY_CLOCK_SCRIPT]);
    // 100 readings after the first, 1 ms each at most, where the clock underneath moved 2 s.
    expect(inTask).toBeLessThanOrEqual(100);
    expect(acrossTasks).toBeGreaterThanOrEqual(20);
    expect(text).toContain('deepShown');
    expect(text).not.toContain('stopped early');
  });
});
