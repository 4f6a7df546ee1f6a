// The actions through the real PageController with real perception: read the page, fill a form whose
// submit button enables itself, see highlights drawn after reading and removed before acting, a stale
// index after a re-render, the mask through the controller (also over controls in a shadow root), and dispose.
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

let web: StaticServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openPage());
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(web.url('/test/fixtures/actions/signup.html'));
  await page.addScriptTag({ content: await bundleForBrowser('src/dom/page-controller.ts', 'Dom') });
  await page.evaluate(() => {
    window.pc = new window.Dom.PageController({ enableMask: true });
  });
});
afterAll(async () => {
  await context.close();
  await web.close();
});

/** The index the page text gives the line matching `pattern`. */
async function indexIn(pattern: RegExp): Promise<number> {
  const content = await page.evaluate(async () => (await window.pc.getBrowserState()).content);
  const line = content.split('\n').find((l) => pattern.test(l));
  if (!line) throw new Error(`No line matches ${pattern} in:\n${content}`);
  return Number(/\[(\d+)\]/.exec(line)![1]);
}

interface CdpNode {
  nodeName: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

/** Highlight boxes in the overlay's closed shadow root, counted through DevTools (which pierces it). */
async function highlightBoxes(): Promise<number> {
  const session = await context.newCDPSession(page);
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  await session.detach();
  let count = 0;
  const visit = (node: CdpNode) => {
    const attrs = node.attributes ?? [];
    const cls = attrs[attrs.indexOf('class') + 1];
    if (node.nodeName === 'DIV' && attrs.includes('class') && /\bbox\b/.test(cls ?? '')) count++;
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) visit(child);
  };
  visit(root);
  return count;
}

describe('actions through PageController', () => {
  it('fills and submits a form using the indexes of the page text', async () => {
    const name = await indexIn(/<input[^>]*>Full name \/>/);
    const email = await indexIn(/type=email[^>]*>Email \/>/);
    const plan = await indexIn(/<select label=Plan/);
    const tos = await indexIn(/type=checkbox[^>]*>I accept the terms \/>/);
    const create = await indexIn(/Create account/);

    const typed = await page.evaluate((i) => window.pc.inputText(i, 'Ada Lovelace'), name);
    expect(typed.message).toMatch(/^Typed "Ada Lovelace" into \[\d+\]<input required>Full name \/>\./);
    await page.evaluate((i) => window.pc.inputText(i, 'ada@example.com'), email);
    const selected = await page.evaluate((i) => window.pc.selectOption(i, 'Pro'), plan);
    expect(selected.message).toContain('Selected "Pro"');
    const checked = await page.evaluate((i) => window.pc.clickElement(i), tos);
    expect(checked.message).toContain('It is now checked');
    const submitted = await page.evaluate((i) => window.pc.clickElement(i), create);
    expect(submitted.success).toBe(true);
    expect(submitted.message).toContain('Create account');
    expect(submitted.message).toContain('was submitted');
    expect(await page.textContent('#result')).toBe('Welcome Ada Lovelace (pro)');
  });

  it("with highlight 'all', draws numbered boxes after reading and removes them before acting", async () => {
    await page.evaluate(() => {
      window.pc.config.highlight = 'all';
    });
    try {
      const name = await indexIn(/<input[^>]*>Full name \/>/);
      expect(await highlightBoxes()).toBeGreaterThanOrEqual(5);
      await page.evaluate((i) => window.pc.pressKey('End', i), name);
      expect(await highlightBoxes()).toBe(0);
    } finally {
      await page.evaluate(() => {
        delete window.pc.config.highlight;
      });
    }
  });

  it('by default draws no boxes after reading and outlines only the element being acted on', async () => {
    const name = await indexIn(/<input[^>]*>Full name \/>/);
    expect(await highlightBoxes()).toBe(0);
    await page.evaluate((i) => window.pc.inputText(i, 'Ada'), name);
    expect(await highlightBoxes()).toBe(1);
    await indexIn(/<input[^>]*>Full name \/>/);
    expect(await highlightBoxes()).toBe(0);
    await page.evaluate(() => {
      window.pc.config.highlight = false;
    });
    try {
      await page.evaluate((i) => window.pc.inputText(i, 'Ada Lovelace'), name);
      expect(await highlightBoxes()).toBe(0);
    } finally {
      await page.evaluate(() => {
        delete window.pc.config.highlight;
      });
    }
  });

  it('reports a stale index after a re-render, naming valid ones nearby', async () => {
    const email = await indexIn(/type=email[^>]*>Email \/>/);
    await page.evaluate(() => {
      const old = document.getElementById('email')!;
      old.replaceWith(old.cloneNode(true));
    });
    const result = await page.evaluate((i) => window.pc.inputText(i, 'x@y.z'), email);
    expect(result.success).toBe(false);
    expect(result.message).toContain('is no longer in the page');
    expect(result.message).toMatch(/Valid indexes near it: \[\d+\]/);
  });

  it('shows and hides the mask, and disposes everything', async () => {
    await page.evaluate(() => window.pc.showMask());
    expect(await page.evaluate(() => document.elementFromPoint(5, 5)?.localName)).toBe('page-agent-overlay');
    await page.evaluate(async () => {
      await window.pc.hideMask();
      await window.pc.cleanUpHighlights();
    });
    await page.evaluate(() => window.pc.dispose());
    expect(await page.evaluate(() => document.querySelector('page-agent-overlay'))).toBeNull();
    expect(await page.evaluate(() => window.pc.clickElement(0))).toEqual({ success: false, message: expect.stringContaining('disposed') });
  });
});

describe('controls inside an open shadow root while the mask is shown', () => {
  let shadowContext: BrowserContext;
  let shadowPage: Page;
  beforeAll(async () => {
    ({ context: shadowContext, page: shadowPage } = await openPage());
    await shadowPage.emulateMedia({ reducedMotion: 'reduce' });
    await shadowPage.goto(web.url('/test/fixtures/actions/shadow-mask.html'));
    await shadowPage.addScriptTag({ content: await bundleForBrowser('src/dom/page-controller.ts', 'Dom') });
    await shadowPage.evaluate(async () => {
      window.pc = new window.Dom.PageController({ enableMask: true });
      await window.pc.showMask();
    });
  });
  afterAll(async () => {
    await shadowContext.close();
  });

  it('lists the shadow button as reachable, and still sees what covers another one behind the mask', async () => {
    // The mask is on top of everything; hit tests look through it inside the shadow root too.
    expect(await shadowPage.evaluate(() => document.elementFromPoint(30, 30)?.localName)).toBe('page-agent-overlay');
    const content = await shadowPage.evaluate(async () => (await window.pc.getBrowserState()).content);
    expect(content).toMatch(/\[\d+\]<button[^\n]*>Buy now/);
    expect(content).not.toContain('Covered buy');
    expect(content).toMatch(/1 element is covered by <div class=veil>[^\n]*and not listed/);
  });

  it('clicks the shadow button through the mask', async () => {
    const content = await shadowPage.evaluate(async () => (await window.pc.getBrowserState()).content);
    const index = Number(/\[(\d+)\]<button[^\n]*>Buy now/.exec(content)![1]);
    const result = await shadowPage.evaluate((i) => window.pc.clickElement(i), index);
    expect(result.success).toBe(true);
    expect(result.message).toContain('Clicked');
    expect(await shadowPage.textContent('#result')).toBe('bought');
  });
});
