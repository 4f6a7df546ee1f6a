// Action results see changes inside shadow roots as they see the light DOM: a web-component select
// whose value lives in its own shadow tree, and a counter in a shadow root the clicked button is in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import type { PageController } from '../../../src/dom/page-controller.js';

declare global {
  interface Window {
    Dom: { PageController: typeof PageController };
    pc: PageController;
  }
}

const PAGE = `<!doctype html><title>Shadow select</title>
<fancy-select id="assignee"></fancy-select>
<p>Tasks</p>
<script>
customElements.define('fancy-select', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<button id="current" aria-haspopup="listbox">Unassigned</button>' +
      '<ul role="listbox" hidden><li role="option">Maria</li><li role="option">Sam</li></ul>';
    const list = root.querySelector('ul');
    root.getElementById('current').addEventListener('click', () => { list.hidden = !list.hidden; });
    for (const option of root.querySelectorAll('li')) option.addEventListener('click', () => {
      root.getElementById('current').textContent = option.textContent;
      list.hidden = true;
    });
  }
});
</script>`;

let web: StaticServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  web = await startStaticServer();
  web.route('/shadow-select.html', { body: PAGE });
  ({ context, page } = await openPage());
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(web.url('/shadow-select.html'));
  await page.addScriptTag({ content: await bundleForBrowser('src/dom/page-controller.ts', 'Dom') });
  await page.evaluate(() => {
    window.pc = new window.Dom.PageController();
  });
});
afterAll(async () => {
  await context.close();
  await web.close();
});

async function indexOf(pattern: RegExp): Promise<number> {
  const content = await page.evaluate(async () => (await window.pc.getBrowserState()).content);
  const line = content.split('\n').find((l) => pattern.test(l));
  if (!line) throw new Error(`No line matches ${pattern} in:\n${content}`);
  return Number(/\[(\d+)\]/.exec(line)![1]);
}

describe('changes inside shadow roots', () => {
  it('reports the value a web-component select shows after an option is chosen', async () => {
    const button = await indexOf(/<button[^>]*>Unassigned/);
    const opened = await page.evaluate((i) => window.pc.clickElement(i), button);
    expect(opened.success).toBe(true);
    const maria = await indexOf(/Maria/);
    const chosen = await page.evaluate((i) => window.pc.clickElement(i), maria);
    expect(chosen.success).toBe(true);
    expect(chosen.message).not.toContain('No change in the page was detected');
    expect(chosen.message).toMatch(/Text changed in <button[^>]*>Maria \(shown as it is now\)/);
    expect(await page.evaluate(() => document.querySelector('fancy-select')!.shadowRoot!.getElementById('current')!.textContent)).toBe('Maria');
  });
});
