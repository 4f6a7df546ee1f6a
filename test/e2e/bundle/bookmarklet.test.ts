// The bookmarklet builder: the form produces code that, run on a plain page that has never heard
// of the agent, loads the bundle and shows the panel with the chosen settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, inPanel, requireBundle, script, typeTask, waitForStatus } from './bundle-helpers.js';

let web: StaticServer;
let other: StaticServer;
let llm: MockLLMServer;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  // The target page lives on another origin, as a third-party site would.
  other = await startStaticServer({ host: 'localhost' });
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await other.close();
  await llm.close();
});

async function buildBookmarklet(page: import('playwright-core').Page, fields: { endpoint: string; model: string; language: string; key?: string }) {
  await page.goto(web.url('/demo/bookmarklet.html'));
  await page.fill('#endpoint', fields.endpoint);
  await page.fill('#model', fields.model);
  await page.selectOption('#language', fields.language);
  await page.fill('#key', fields.key ?? '');
  return page.locator('#code').inputValue();
}

describe('bookmarklet', () => {
  it('says where the key ends up only when a key is given', async () => {
    const { context, page } = await openPage();
    const without = await buildBookmarklet(page, { endpoint: llm.baseURL, model: 'm', language: 'en-US' });
    expect(await page.locator('#key-warning').isHidden()).toBe(true);
    expect(decodeURIComponent(without)).not.toContain('apiKey');
    const withKey = await buildBookmarklet(page, { endpoint: llm.baseURL, model: 'm', language: 'en-US', key: 'sk-secret' });
    expect(await page.locator('#key-warning').isVisible()).toBe(true);
    expect(await page.locator('#key-warning').textContent()).toMatch(/bookmarks.*synced.*page you are on/s);
    expect(decodeURIComponent(withKey)).toContain('"apiKey":"sk-secret"');
    expect(await page.locator('#bookmarklet').getAttribute('href')).toBe(withKey);
    await context.close();
  });

  it('loads the agent on a page that has never heard of it, and the agent works there', async () => {
    const { context, page, errors } = await openPage();
    const code = await buildBookmarklet(page, { endpoint: llm.baseURL, model: 'bm-model', language: 'zh-CN' });
    expect(code.startsWith('javascript:')).toBe(true);
    await page.goto(other.url('/test/fixtures/panel/plain.html'));
    expect(await page.evaluate(() => typeof (window as any).PageAgent)).toBe('undefined');
    // What the browser does when the bookmark is clicked: run the URL's code in the page.
    await page.evaluate((source) => {
      (0, eval)(decodeURIComponent(source.slice('javascript:'.length)));
    }, code);
    await inPanel(page, '.bar').waitFor();
    expect(await inPanel(page, '.status').textContent()).toBe('准备就绪');
    expect(await page.evaluate(() => (window as any).pageAgent.config.model)).toBe('bm-model');
    // A bookmarklet runs on sites that never chose the agent: it asks before risky actions (#15).
    expect(await page.evaluate(() => (window as any).pageAgent.config.approveAction)).toBe('risky');
    // It has no script on the next page: pages of the site a task opens load in its frame (#14).
    expect(await page.evaluate(() => (window as any).pageAgent.config.frameMode)).toBe(true);
    llm.reset();
    llm.setHandler(script([clickOn('Add to cart'), done('好了')]));
    await typeTask(page, '加一件');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
