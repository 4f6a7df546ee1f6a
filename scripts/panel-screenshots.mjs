// Screenshots of the panel for docs/ (#18): dark, zh-CN (needs a CJK font, e.g. Debian's fonts-wqy-microhei),
// an approval, a phone and a reply streaming in, on a plain page with the mock model. After `npm run build`: node scripts/panel-screenshots.mjs
import { chromium } from 'playwright-core';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../bench/launch.mjs';
import { agentStep, startMockLLMServer } from '../bench/lib/mock-llm-server.mjs';
const root = process.cwd();
const srv = http.createServer((req, res) => {
  const p = join(root, decodeURIComponent(req.url.split('?')[0]));
  try { const b = readFileSync(p); res.writeHead(200, { 'content-type': { '.html': 'text/html', '.js': 'text/javascript' }[extname(p)] ?? 'text/plain' }); res.end(b); } catch { res.writeHead(404); res.end(); }
}).listen(0);
const web = `http://127.0.0.1:${srv.address().port}`;
const llm = await startMockLLMServer();
const indexOf = (request, text) => {
  const body = request.body.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  for (const line of body.split('\n')) { const m = /\[(\d+)\]/.exec(line); if (m && line.includes(text)) return Number(m[1]); }
  return 0;
};
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
async function shot(name, { context = {}, config = {}, steps, wait = '.card.answer', task, expand = false }) {
  const ctx = await b.newContext({ viewport: { width: 1100, height: 720 }, deviceScaleFactor: 2, ...context });
  const page = await ctx.newPage();
  llm.reset();
  let n = 0;
  llm.setHandler((request) => steps[Math.min(n++, steps.length - 1)](request));
  await page.goto(`${web}/test/fixtures/panel/plain.html`);
  await page.evaluate(([src, cfg]) => {
    const tag = document.createElement('script');
    tag.src = src;
    tag.dataset.config = JSON.stringify(cfg);
    document.head.append(tag);
  }, [`${web}/dist/page-agent.iife.js`, { baseURL: llm.baseURL, model: 'mock-model', ...config }]);
  await page.waitForFunction(() => window.pageAgent);
  await page.locator('page-agent-panel >> textarea.task-input').fill(task);
  await page.locator('page-agent-panel >> textarea.task-input').press('Enter');
  if (expand) await page.locator('page-agent-panel >> button.toggle').click();
  await page.locator(`page-agent-panel >> ${wait}`).first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `docs/${name}.png` });
  await ctx.close();
}
const add = (r) => agentStep({ click_element_by_index: { index: indexOf(r, 'Add to cart') } }, 'Add the item to the cart');
const type = (r) => agentStep({ input_text: { index: indexOf(r, 'Name'), text: 'Ada Lovelace' } }, 'Fill in the name');
const finish = (text) => () => agentStep({ done: { text, success: true } }, 'Report');
const pay = (r) => agentStep({ click_element_by_index: { index: indexOf(r, 'Pay now') } }, 'Pay');
await shot('panel-dark', { context: { colorScheme: 'dark' }, steps: [add, type, finish('Added **1 item** to the cart and filled in the name *Ada Lovelace*.')], task: 'Add the item to my cart and fill in my name' });
await shot('panel-zh', { config: { language: 'zh-CN' }, steps: [add, finish('已将 **1 件商品** 加入购物车。')], task: '把商品加入购物车' });
await shot('panel-approval', { config: { approveAction: 'all' }, steps: [pay, finish('Paid.')], wait: '.approval', task: 'Pay for my order' });
await shot('panel-phone', { context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }, steps: [add, finish('Added **1 item** to the cart.')], task: 'Add the item to my cart' });
const streamed = (r) => ({ ...agentStep({ input_text: { index: indexOf(r, 'Name'), text: 'Ada Lovelace' } }, 'Fill in the name Ada Lovelace', { evaluation_previous_goal: 'The item is in the cart, the counter shows 1; the name field is still empty.' }), chunkChars: 6, gapMs: 250 });
await shot('panel-streaming', { steps: [add, streamed, finish('Done.')], wait: '.status:has-text("counter shows")', expand: true, task: 'Add the item to my cart and fill in my name' });
await b.close(); srv.close(); await llm.close();
console.log('ok');
