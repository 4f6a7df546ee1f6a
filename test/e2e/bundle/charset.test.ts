// The bundle on a page in another charset (GBK), served without a charset of its own, so Chromium
// decodes the script as GBK: its Chinese text (panel strings, the risky-word policy) must still work.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, inPanel, requireBundle, script, typeTask } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
  const iife = readFileSync(resolve(import.meta.dirname, '../../../dist/page-agent.iife.js'), 'utf8');
  web.route('/no-charset/page-agent.iife.js', { body: iife, type: 'text/javascript' });
  // The page's own text is ASCII (character references), so it reads the same in any charset.
  const body = `<!doctype html><html lang="zh-CN"><head><meta charset="gbk"><title>GBK</title>
    <script src="/no-charset/page-agent.iife.js" data-base-url="${llm.baseURL}" data-model="mock-model" data-language="zh-CN" data-config='{"approveAction":"risky"}'></script>
    </head><body><button id="pay" type="button">&#25903;&#20184;</button><p id="paid" hidden>ok</p>
    <script>document.getElementById('pay').onclick = () => { document.getElementById('paid').hidden = false; };</script></body></html>`;
  web.route('/gbk.html', { body, type: 'text/html; charset=gbk' });
  const opened = await openPage();
  page = opened.page;
  closeContext = () => opened.context.close();
  await page.goto(web.url('/gbk.html'));
  await inPanel(page, 'textarea.task-input').waitFor();
});

afterAll(async () => {
  await closeContext?.();
  await web.close();
  await llm.close();
});

describe('the bundle on a GBK page', () => {
  it('is decoded as GBK and still shows its zh-CN strings', async () => {
    expect(await page.evaluate(() => document.characterSet)).toBe('GBK');
    expect(await inPanel(page, '.status').textContent()).toBe('准备就绪');
  });

  it('still finds Chinese risky words and asks before clicking 支付', async () => {
    llm.setHandler(script([clickOn('支付', 'pay')]));
    await typeTask(page, 'pay');
    await inPanel(page, '.card.approval').waitFor();
    expect(await inPanel(page, '.card.approval').textContent()).toContain('支付');
    expect(await page.locator('#paid').isHidden()).toBe(true);
  });
});
