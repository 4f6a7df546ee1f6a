// The e2e rig itself: Chromium starts, pages load from the static server, and the mock LLM
// server answers cross-origin with a CORS preflight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';

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
