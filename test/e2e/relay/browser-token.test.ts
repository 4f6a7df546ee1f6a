// The documented relay-token setup in Chromium (#15): the site's backend mints a token behind its
// login (mintRelayToken), the page's customFetch adds it, and the built bundle runs a task through a
// relay on another origin that requires tokens. A page without a token is told why it is refused.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintRelayToken } from '../../../relay/relay-token.js';
import type { RunningRelay } from '../../../relay/server.js';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { clickOn, done, requireBundle, script } from '../bundle/bundle-helpers.js';
import { recordingLogger, startTestRelay } from './relay-helpers.js';

const SECRET = 'browser-token-secret-0123456789abcdef0123';
const BUNDLE = resolve(import.meta.dirname, '../../../dist/page-agent.iife.js');

let upstream: MockLLMServer;
let relay: RunningRelay;
const logger = recordingLogger();
let site: Server;
let siteOrigin: string;
let tokensMinted = 0;

/** The page of docs/relay.md ("Relay tokens"): a token from the site's backend, added by customFetch. */
function pageWithTokens(relayURL: string): string {
  return `<!doctype html><title>shop</title>
<p>Items in cart: <span id="count">0</span></p>
<button onclick="document.getElementById('count').textContent = String(Number(document.getElementById('count').textContent) + 1)">Add to cart</button>
<script src="/page-agent.iife.js" data-auto-init="false"></script>
<script>
  let relayToken;
  async function currentRelayToken() {
    if (!relayToken || relayToken.expiresAt - Date.now() < 60_000) {
      const res = await fetch('/relay-token', { method: 'POST', credentials: 'same-origin' });
      if (!res.ok) throw new Error('Sign in to use the assistant.');
      relayToken = await res.json();
    }
    return relayToken.token;
  }
  window.pageAgent = new PageAgent({
    baseURL: ${JSON.stringify(relayURL)},
    model: 'gpt-4.1-mini',
    customFetch: async (url, init) =>
      fetch(url, { ...init, headers: { ...init.headers, Authorization: \`Bearer \${await currentRelayToken()}\` } }),
  });
</script>`;
}

beforeAll(async () => {
  requireBundle();
  upstream = await startMockLLMServer();
  site = createServer((req, res) => {
    if (req.url === '/page-agent.iife.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(BUNDLE));
    if (req.url === '/relay-token' && req.method === 'POST') {
      // The site's login: only a signed-in user gets a token, bound to this site's origin.
      const user = /(?:^|;\s*)session=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
      if (!user) return res.writeHead(401).end();
      tokensMinted++;
      const ttlSeconds = 600;
      const token = mintRelayToken({ secret: SECRET, subject: user, origin: siteOrigin, ttlSeconds });
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token, expiresAt: Date.now() + ttlSeconds * 1000 }));
    }
    if (req.url === '/shop.html') return res.writeHead(200, { 'content-type': 'text/html' }).end(pageWithTokens(relay.url));
    if (req.url === '/no-token.html') {
      const html = `<!doctype html><title>no token</title><script src="/page-agent.iife.js" data-auto-init="false"></script>
<script>window.pageAgent = new PageAgent({ baseURL: ${JSON.stringify(relay.url)}, model: 'gpt-4.1-mini', maxRetries: 0 });</script>`;
      return res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  relay = await startTestRelay(upstream, { RELAY_ALLOWED_ORIGINS: siteOrigin, RELAY_TOKEN_SECRET: SECRET }, logger);
}, 60_000);
afterAll(async () => {
  await relay?.close();
  site?.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
  await upstream?.close();
});

describe('relay tokens from a real page', () => {
  it("runs a signed-in user's task through a token-checking relay on another origin", async () => {
    const { context, page, errors } = await openPage();
    try {
      await context.addCookies([{ name: 'session', value: 'alice', url: siteOrigin }]);
      upstream.reset();
      upstream.setHandler(script([clickOn('Add to cart'), done('Added one item.')]));
      await page.goto(`${siteOrigin}/shop.html`);
      const result = await page.evaluate(() => (window as any).pageAgent.execute('Add one item to the cart').then((r: any) => ({ success: r.success, data: r.data })));
      expect(result).toEqual({ success: true, data: 'Added one item.' });
      expect(await page.locator('#count').textContent()).toBe('1');
      expect(upstream.requests).toHaveLength(2);
      for (const request of upstream.requests) expect(request.headers.authorization).toBe('Bearer sk-relay-e2e-000111222');
      // One token served both steps (the page caches it until a minute before it expires).
      expect(tokensMinted).toBe(1);
      expect(logger.lines.filter((l) => l.includes('chat/completions 200') && l.includes('client=user:alice'))).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells a page without a token why the relay refuses it, and spends nothing', async () => {
    const { context, page } = await openPage();
    try {
      upstream.reset();
      await page.goto(`${siteOrigin}/no-token.html`);
      const result = await page.evaluate(() => (window as any).pageAgent.execute('Do something').then((r: any) => ({ success: r.success, data: String(r.data) })));
      expect(result.success).toBe(false);
      expect(result.data).toContain("This LLM relay needs a sign-in token (Authorization: Bearer …) that the site's backend issues to signed-in users.");
      expect(upstream.requests).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
