// Actions on a page that patches the platform after the agent loaded: dispatchEvent, geometry,
// hit-testing, focus, timers, MutationObserver and window.Node are all sabotaged, and the actions
// still work because they use the builtins captured at load (as Playwright's injected scripts do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

let web: StaticServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/keys.html'));
  await page.evaluate(() => {
    window.h.registerAll('#search');
    window.h.registerAll('#press-me');
    window.h.registerAll('#check');
    const boom = () => {
      throw new Error('patched by the page');
    };
    EventTarget.prototype.dispatchEvent = boom;
    Element.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    Element.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Element.prototype.matches = boom;
    Element.prototype.closest = boom;
    Document.prototype.elementsFromPoint = () => [];
    Document.prototype.elementFromPoint = () => null;
    HTMLElement.prototype.focus = boom;
    window.setTimeout = (() => 0) as unknown as typeof setTimeout;
    window.requestAnimationFrame = () => 0;
    (window as unknown as { MutationObserver: unknown }).MutationObserver = undefined;
    window.getComputedStyle = boom;
    delete (window as unknown as { Node?: unknown }).Node;
  });
});
afterAll(async () => {
  await context.close();
  await web.close();
});

describe('actions on a hostile page', () => {
  it('clicks a button', async () => {
    const result = await page.evaluate(() => window.h.click(1));
    expect(result).toEqual({ success: true, message: expect.stringContaining('Clicked [1]<button id=press-me>') });
    expect(await page.textContent('#pressed')).toBe('pressed detail=1');
  });

  it('types and presses Enter', async () => {
    expect((await page.evaluate(() => window.h.input(0, 'tables'))).success).toBe(true);
    expect((await page.evaluate(() => window.h.press('Enter', 0))).success).toBe(true);
    expect(await page.textContent('#results')).toBe('Results for tables');
  });

  it('checks a checkbox and reports it', async () => {
    const result = await page.evaluate(() => window.h.click(2));
    expect(result.message).toContain('It is now checked');
  });
});
