// hover_element in Chromium: menus opened by mouseenter (with a hover-intent delay) and by CSS :hover,
// tooltips on mouseover, clicking an item of the opened menu, :hover rules in @media/@supports inside a
// shadow root, and a covered target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/hover.html'));
});
afterAll(async () => {
  await context.close();
  await web.close();
});

async function act(kind: 'hover' | 'click', selector: string) {
  const index = await page.evaluate((s) => window.h.registerAll(s)[0]!, selector);
  return page.evaluate(([k, i]) => (k === 'hover' ? window.h.hover(i as number) : window.h.click(i as number)), [kind, index] as const);
}

describe('hoverElement', () => {
  it('opens a JavaScript menu with a hover-intent delay and names what appeared', async () => {
    const result = await act('hover', '#js-products');
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/^Hovered over \[\d+\]<li id=js-products/);
    expect(result.message).toContain('became visible, e.g. <a id=js-lamps');
    expect(result.message).toContain('aria-expanded is now true');
    expect(await page.isVisible('#js-lamps')).toBe(true);
  });

  it('keeps the menu open while clicking one of its items', async () => {
    const result = await act('click', '#js-chairs');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => location.hash)).toBe('#js-chairs');
  });

  it('closes the JavaScript menu when the pointer moves elsewhere', async () => {
    await act('hover', '#js-about');
    expect(await page.isVisible('#js-lamps')).toBe(false);
  });

  it('opens a CSS :hover menu and lets its item be clicked', async () => {
    const result = await act('hover', '#css-products');
    expect(result.message).toContain('became visible');
    expect(await page.isVisible('#css-lamps')).toBe(true);
    const clicked = await act('click', '#css-lamps');
    expect(clicked.success).toBe(true);
    expect(await page.evaluate(() => location.hash)).toBe('#lamps');
    await act('hover', '#css-about');
    expect(await page.isVisible('#css-lamps')).toBe(false);
  });

  it('shows a tooltip that listens to mouseover', async () => {
    await act('hover', '#help');
    expect(await page.isVisible('#tip')).toBe(true);
  });

  it('refuses a covered target', async () => {
    const result = await act('hover', '#under');
    expect(result.success).toBe(false);
    expect(result.message).toContain('covered by <div id=cover>');
  });

  it('emulates :hover rules inside @media and @supports in a shadow root, keeping their conditions', async () => {
    await page.evaluate(() => {
      const host = document.createElement('div');
      document.body.append(host);
      // Test code may build a shadow tree with innerHTML; the agent's own code never does.
      host.attachShadow({ mode: 'open' }).innerHTML =
        '<style>.a, .b, .c { display: none } @media (min-width: 1px) { li:hover > .a { display: inline } } @supports (display: block) { li:hover > .b { display: inline } }' +
        ' @media (max-width: 1px) { li:hover > .c { display: inline } }</style>' +
        '<ul><li id="shadow-item">Shadow item <span class="a" id="shadow-a">A</span><span class="b" id="shadow-b">B</span><span class="c" id="shadow-c">C</span></li></ul>';
    });
    const result = await act('hover', '#shadow-item');
    expect(result.success).toBe(true);
    expect(await page.isVisible('#shadow-a')).toBe(true);
    expect(await page.isVisible('#shadow-b')).toBe(true);
    // A rule under a condition that does not hold stays off.
    expect(await page.isVisible('#shadow-c')).toBe(false);
    await act('hover', '#help');
    expect(await page.isVisible('#shadow-a')).toBe(false);
  });

  it('removes the emulated hover styles on dispose', async () => {
    await act('hover', '#css-products');
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(1);
    await page.evaluate(() => window.h.ctx.overlay.dispose());
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[data-page-agent-hover]').length)).toBe(0);
  });
});
