// The relay's CORS policy as a real browser sees it: an allowed page origin gets through its
// preflight, a foreign page origin is blocked by Chromium itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import { startRelayServer, type RunningRelay } from '../../../relay/server.js';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let upstream: MockLLMServer;
let allowed: StaticServer;
let foreign: StaticServer;
let relay: RunningRelay;

beforeAll(async () => {
  upstream = await startMockLLMServer();
  allowed = await startStaticServer();
  foreign = await startStaticServer();
  relay = await startRelayServer({
    port: 0,
    config: loadRelayConfig({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: 'sk-browser', LLM_MODEL: 'm', RELAY_ALLOWED_ORIGINS: allowed.origin }),
  });
});
afterAll(async () => {
  await Promise.all([relay.close(), upstream.close(), allowed.close(), foreign.close()]);
});

/** Posts a chat request from the page with a JSON content type (which forces a preflight). */
async function postFromPage(url: string) {
  try {
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'default', messages: [{ role: 'user', content: 'hi' }] }),
    });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    return { blocked: String(error) };
  }
}

describe('relay CORS in Chromium', () => {
  it('lets an allowed origin through its preflight and blocks a foreign one', async () => {
    const { context, page } = await openPage();
    try {
      allowed.route('/cors.html', { body: '<!doctype html><title>allowed</title>' });
      foreign.route('/cors.html', { body: '<!doctype html><title>foreign</title>' });
      upstream.enqueue({ content: 'through the relay' });

      await page.goto(allowed.url('/cors.html'));
      const ok = await page.evaluate(postFromPage, relay.url);
      expect(ok).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'through the relay' } }] } });

      await page.goto(foreign.url('/cors.html'));
      const refused = await page.evaluate(postFromPage, relay.url);
      expect(refused).toEqual({ blocked: 'TypeError: Failed to fetch' });
      expect(upstream.requests).toHaveLength(1);
      expect(upstream.requests[0]!.headers.authorization).toBe('Bearer sk-browser');
    } finally {
      await context.close();
    }
  });
});
