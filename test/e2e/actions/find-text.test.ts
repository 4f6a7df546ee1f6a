// scroll_to_text in Chromium (#12): text beyond the listed part of a 5,000-card page, in a scroll
// container, an open shadow root, a same-origin frame, a collapsed <details>, split over inline
// children; how many matches and nth; empty text, text not found, hidden text, nth out of range;
// the page text lists the match afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';
import type { PageController } from '../../../src/dom/page-controller.js';

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/find-text.html', { viewport: { width: 1000, height: 700 } }));
});
afterAll(async () => {
  await context.close();
  await web.close();
});

const find = (text: string, nth?: number) => page.evaluate(([t, n]) => window.h.findText(t as string, (n ?? undefined) as number | undefined), [text, nth ?? null] as const);

/** Whether the element (found in the document, a shadow root or a frame) is wholly inside the top viewport. */
async function inView(selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const el = window.Harness.deepQueryAll(s)[0]!;
    const rect = el.getBoundingClientRect();
    let top = rect.top;
    let bottom = rect.bottom;
    const frame = el.ownerDocument.defaultView!.frameElement;
    if (frame) {
      const inner = frame.getBoundingClientRect();
      top += inner.top;
      bottom += inner.top;
      if (top < inner.top || bottom > inner.bottom) return false;
    }
    return top >= 0 && bottom <= innerHeight;
  }, selector);
}

describe('scroll_to_text', () => {
  it('refuses empty text and a bad nth, and says when nothing visible matches', async () => {
    expect(await find('  ')).toEqual({ success: false, message: 'scroll_to_text needs the text to find; it was empty.' });
    expect((await find('Card 1', 0)).message).toBe('nth starts at 1; got 0. Nothing was scrolled.');
    const hidden = await find('Invisible words');
    expect(hidden).toEqual({ success: false, message: 'No visible text "Invisible words" anywhere on the page; nothing was scrolled.' });
    expect((await find('Unseen words')).success).toBe(false);
    expect((await find('Nowhere to be found')).success).toBe(false);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it('reaches a card near the end of a 5,000-card page in one step', async () => {
    const result = await find('card 4987');
    expect(result.success).toBe(true);
    // Card 4987 itself: its heading, its description and its button are three matches.
    expect(result.message).toMatch(/^Scrolled to match 1 of 3 for "card 4987", now in view: .*Card 4987/s);
    const heading = await page.evaluate(() => {
      const h3 = [...document.querySelectorAll('h3')].find((h) => h.textContent === 'Card 4987')!;
      const rect = h3.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= innerHeight;
    });
    expect(heading).toBe(true);
  });

  it('counts every match and goes to the nth, in document order', async () => {
    const result = await find('Open card 49', 3);
    expect(result.message).toMatch(/^Scrolled to match 3 of 111 for "Open card 49", now in view: .*Open card 491/s);
    expect((await find('Card 4987', 4)).message).toBe('Only 3 matches of "Card 4987"; nothing was scrolled.');
  });

  it('finds text split over inline children', async () => {
    const result = await find('order a-77 shipped');
    expect(result.message).toMatch(/^Scrolled to match 1 of 1 for "order a-77 shipped", now in view: <p id=order>/);
    expect(await inView('#order')).toBe(true);
  });

  it('scrolls a container to a line it hides', async () => {
    const result = await find('Quarterly report');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => document.getElementById('box')!.scrollTop)).toBeGreaterThan(400);
    expect(await inView('#box p:nth-child(18)')).toBe(true);
  });

  it('opens a collapsed details to show the match', async () => {
    const result = await find('within 30 days');
    expect(result.message).toMatch(/\. Opened the collapsed <details id=policy>.* that held it\./s);
    expect(await page.evaluate(() => (document.getElementById('policy') as HTMLDetailsElement).open)).toBe(true);
    expect(await inView('#returns')).toBe(true);
  });

  it('finds text in an open shadow root', async () => {
    await page.evaluate(() => window.scrollTo({ top: 99999, behavior: 'instant' }));
    const result = await find('Shadow secret phrase');
    expect(result.success).toBe(true);
    expect(await inView('#secret')).toBe(true);
  });

  it('finds text in a same-origin frame, scrolling the frame and the page', async () => {
    await page.evaluate(() => window.scrollTo({ top: 99999, behavior: 'instant' }));
    const result = await find('hidden treasure');
    expect(result.message).toMatch(/^Scrolled to match 1 of 1 for "hidden treasure", now in view: .*Frame hidden treasure/s);
    expect(await inView('#treasure')).toBe(true);
  });
});

describe('scroll_to_text and the page text', () => {
  it('brings a card the budgeted page text left out into the next page text', async () => {
    await page.addScriptTag({ content: await bundleForBrowser('src/dom/page-controller.ts', 'Dom') });
    const content = await page.evaluate(async () => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      const pc = new (window as unknown as { Dom: { PageController: typeof PageController } }).Dom.PageController({ highlight: false });
      const before = await pc.getBrowserState();
      const result = await pc.scrollToText('Open card 4321');
      const after = await pc.getBrowserState();
      return { before: before.content + before.footer, result, after: after.content };
    });
    expect(content.before).not.toContain('Open card 4321');
    expect(content.before).toContain('scroll_to_text');
    expect(content.result.success).toBe(true);
    expect(content.after).toMatch(/\[\d+\]<button[^\n]*>Open card 4321 \/>/);
  });
});
