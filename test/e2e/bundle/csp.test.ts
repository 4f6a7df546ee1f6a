// The bundle under Content-Security-Policy: a nonce-based policy without 'unsafe-inline', a page
// that requires Trusted Types, and a connect-src that blocks the LLM endpoint (the panel explains).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, inPanel, pageWithTag, plainScript, PLAIN_BODY, requireBundle, script, typeTask, waitForStatus } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await llm.close();
});

const violations = (messages: string[]) => messages.filter((m) => /Content Security Policy|Refused to|TrustedHTML|TrustedScript|Trusted Type/i.test(m));

describe('CSP and Trusted Types', () => {
  it('runs a task on a nonce-based CSP page with no inline styles allowed', async () => {
    const { context, page, consoleMessages, errors } = await openPage();
    llm.reset();
    llm.setHandler(script([clickOn('Add to cart'), done('added')]));
    web.route('/nonce.html', {
      body: pageWithTag({ nonce: 'r4nd0m', 'data-base-url': llm.baseURL, 'data-model': 'm' }, PLAIN_BODY + plainScript('r4nd0m')),
      headers: {
        'content-security-policy': `default-src 'self'; script-src 'nonce-r4nd0m'; style-src 'self'; connect-src 'self' ${llm.origin}`,
      },
    });
    await page.goto(web.url('/nonce.html'));
    await typeTask(page, 'add one item');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(await inPanel(page, '.card.answer').textContent()).toContain('added');
    expect(await page.evaluate(() => (globalThis as any).litNonce)).toBe('r4nd0m');
    expect(violations(consoleMessages)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("runs a task on a page that requires Trusted Types for 'script'", async () => {
    const { context, page, consoleMessages, errors } = await openPage();
    llm.reset();
    llm.setHandler(script([clickOn('Add to cart'), done('added with **TT**')]));
    web.route('/tt.html', {
      body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'm' }, PLAIN_BODY + plainScript()),
      headers: { 'content-security-policy': "require-trusted-types-for 'script'" },
    });
    await page.goto(web.url('/tt.html'));
    // The page really enforces Trusted Types: a raw innerHTML assignment throws.
    expect(await page.evaluate(() => { try { document.body.insertAdjacentHTML('beforeend', '<i></i>'); return 'allowed'; } catch { return 'blocked'; } })).toBe('blocked');
    const probeMessages = consoleMessages.length;
    await typeTask(page, 'add one item');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(await inPanel(page, '.card.answer strong').textContent()).toBe('TT');
    expect(violations(consoleMessages.slice(probeMessages))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a connect-src block of the LLM endpoint and how to fix it', async () => {
    const { context, page } = await openPage();
    llm.reset();
    web.route('/blocked.html', {
      body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'm', 'data-config': '{"maxRetries": 0}' }, PLAIN_BODY),
      headers: { 'content-security-policy': "connect-src 'self'" },
    });
    await page.goto(web.url('/blocked.html'));
    await typeTask(page, 'add one item');
    const notice = inPanel(page, '.notice.csp');
    await notice.waitFor();
    const text = (await notice.textContent())!;
    expect(text).toContain(llm.origin);
    expect(text).toContain('connect-src');
    expect(text).toMatch(/relay proxy/);
    await page.waitForFunction(() => (window as any).pageAgent.status !== 'running');
    expect(llm.requests).toHaveLength(0);
    await context.close();
  });

  it('does not retry a request the CSP blocked: one error, no retries, even with retries configured', async () => {
    const { context, page } = await openPage();
    llm.reset();
    web.route('/blocked-retries.html', {
      body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'm', 'data-config': '{"maxRetries": 3}' }, PLAIN_BODY),
      headers: { 'content-security-policy': "connect-src 'self'" },
    });
    await page.goto(web.url('/blocked-retries.html'));
    await page.evaluate(() => {
      (window as any).activities = [];
      (window as any).pageAgent.addEventListener('activity', (event: CustomEvent) => (window as any).activities.push(event.detail));
    });
    await typeTask(page, 'add one item');
    await inPanel(page, '.notice.csp').waitFor();
    await page.waitForFunction(() => (window as any).pageAgent.status !== 'running');
    const activities = await page.evaluate(() => (window as any).activities as Array<{ type: string; message?: string }>);
    expect(activities.filter((a) => a.type === 'retrying')).toEqual([]);
    const errors = activities.filter((a) => a.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/Content-Security-Policy \(connect-src\) blocks requests to/);
    expect(await inPanel(page, '.notice.error').count()).toBeLessThanOrEqual(1);
    expect(llm.requests).toHaveLength(0);
    await context.close();
  });
});
