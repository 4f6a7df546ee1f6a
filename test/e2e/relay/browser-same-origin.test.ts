// The relay mounted on the page's own server, as a real browser calls it: Chromium sends Origin on
// a same-origin POST, even under Referrer-Policy: no-referrer (so the no-Origin refusal does not
// touch pages), and a DNS-rebinding domain that resolves to the relay gets 421 (#15, #19).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import type { RelayLogger } from '../../../relay/logger.js';
import { mountRelay } from '../../../relay/mount.js';
import { openPage } from '../../helpers/browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/launch-options.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';

let upstream: MockLLMServer;
let site: Server;
let port: number;
const logLines: string[] = [];
const logger: RelayLogger = { info: (l) => logLines.push(l), warn: (l) => logLines.push(`warn ${l}`), error: (l) => logLines.push(`error ${l}`) };

beforeAll(async () => {
  upstream = await startMockLLMServer();
  site = createServer((req, res) => {
    const noReferrer = req.url === '/no-referrer.html';
    res.writeHead(200, { 'content-type': 'text/html', ...(noReferrer ? { 'referrer-policy': 'no-referrer' } : {}) });
    res.end('<!doctype html><title>site</title>');
  });
  mountRelay(site, {
    prefix: '/api/llm',
    config: loadRelayConfig({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: 'sk-same-origin', LLM_MODEL: 'm' }),
    logger,
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
  await upstream.close();
});

/** A same-origin chat request from the page, as the agent's client sends it. */
async function postChat() {
  const res = await fetch('/api/llm/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'default', messages: [{ role: 'user', content: 'hi' }] }),
  });
  return { status: res.status, body: await res.json() };
}

describe('relay on the page origin in Chromium', () => {
  it('is reached from a same-origin page, which sends its Origin on POST', async () => {
    const { context, page } = await openPage();
    try {
      upstream.enqueue({ content: 'same origin' });
      await page.goto(`http://127.0.0.1:${port}/page.html`);
      expect(await page.evaluate(postChat)).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'same origin' } }] } });
      expect(logLines.some((l) => l.includes(`POST /chat/completions 200`) && l.includes(`origin=http://127.0.0.1:${port}`))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('is reached from a page with Referrer-Policy: no-referrer too (Chromium still sends the Origin)', async () => {
    const { context, page } = await openPage();
    try {
      upstream.enqueue({ content: 'no referrer' });
      await page.goto(`http://127.0.0.1:${port}/no-referrer.html`);
      expect(await page.evaluate(postChat)).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'no referrer' } }] } });
      expect(logLines.filter((l) => l.includes(`origin=http://127.0.0.1:${port}`))).toHaveLength(2);
    } finally {
      await context.close();
    }
  });
});

describe('relay against DNS rebinding in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    // A browser whose DNS maps the attacker's domain to the relay's loopback address: what a
    // rebinding DNS server achieves after the page has loaded.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebind.attacker.test 127.0.0.1'],
      headless: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers the attacker-named page with 421 and never calls the upstream', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`http://rebind.attacker.test:${port}/page.html`);
      const before = upstream.requests.length;
      const res = await page.evaluate(postChat);
      expect(res.status).toBe(421);
      expect(res.body.error.code).toBe('misdirected_host');
      expect(res.body.error.message).toContain(`does not answer to the host name rebind.attacker.test:${port}`);
      expect(upstream.requests.length).toBe(before);
      // The same browser on the relay's real address is served.
      upstream.enqueue({ content: 'real host' });
      await page.goto(`http://localhost:${port}/page.html`);
      expect((await page.evaluate(postChat)).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
