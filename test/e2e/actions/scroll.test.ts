// scroll / scroll_horizontally in Chromium: the page by pages or pixels, exact reported positions and
// ends, the container holding an index (chaining outwards at its end), an app shell whose body does
// not scroll, an infinite feed, a frame, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

async function indexOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((s) => window.h.registerAll(s)[0]!, selector);
}

describe('scrollPage on a long page', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/scroll.html', { viewport: { width: 1000, height: 800 } }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('scrolls one page of the viewport height and says where it landed, despite smooth scrolling', async () => {
    const result = await page.evaluate(() => window.h.scroll({ down: true }));
    expect(await page.evaluate(() => scrollY)).toBe(800);
    expect(result.message).toMatch(/^Scrolled the page down by 800 px\. It now shows 800–1600 of 5000 px\. 3\d{3} px more below/);
  });

  it('scrolls by exact pixels, up as well', async () => {
    await page.evaluate(() => window.h.scroll({ down: false, pixels: 300 }));
    expect(await page.evaluate(() => scrollY)).toBe(500);
  });

  it('stops at the bottom, says so, and refuses to go further', async () => {
    const result = await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
    expect(result.success).toBe(true);
    expect(result.message).toContain('(asked for 8000 px)');
    expect(result.message).toContain('Reached the bottom.');
    const again = await page.evaluate(() => window.h.scroll({ down: true }));
    expect(again).toEqual({ success: false, message: 'Did not scroll down: the page is already at the bottom.' });
    await page.evaluate(() => window.h.scroll({ down: false, numPages: 20 }));
  });

  it('scrolls the container that holds an index by that container’s height', async () => {
    const item = await indexOf(page, '#item-3');
    const result = await page.evaluate((i) => window.h.scroll({ down: true, index: i }), item);
    expect(result.message).toMatch(/^Scrolled <ul id=list>Item 0 Item 1.* \(the scroll container of \[\d+\]<li id=item-3>Item 3 \/>\) down by \d+ px/);
    expect(await page.evaluate(() => document.getElementById('list')!.scrollTop)).toBe(await page.evaluate(() => document.getElementById('list')!.clientHeight));
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it('chains to the page when the container is at its end', async () => {
    await page.evaluate(() => document.getElementById('list')!.scrollTo({ top: 99999, behavior: 'instant' }));
    const item = await indexOf(page, '#item-99');
    const result = await page.evaluate((i) => window.h.scroll({ down: true, index: i, pixels: 200 }), item);
    expect(result.message).toMatch(/^Scrolled the page \(the scroll container of/);
    expect(await page.evaluate(() => scrollY)).toBe(200);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  });

  it('scrolls a horizontal container and the page horizontally', async () => {
    const column = await indexOf(page, '#col-1');
    const result = await page.evaluate((i) => window.h.scrollHorizontally({ right: true, pixels: 250, index: i }), column);
    expect(result.message).toContain('right by 250 px');
    expect(await page.evaluate(() => document.getElementById('wide')!.scrollLeft)).toBe(250);
    const pageResult = await page.evaluate(() => window.h.scrollHorizontally({ right: true, pixels: 100 }));
    expect(pageResult.message).toMatch(/^Scrolled the page right by 100 px/);
    expect(await page.evaluate(() => scrollX)).toBe(100);
  });

  it('notices content that loaded while scrolling an infinite feed', async () => {
    const post = await indexOf(page, '#post-0');
    const result = await page.evaluate((i) => window.h.scroll({ down: true, index: i, numPages: 1 }), post);
    expect(result.message).toMatch(/10 new items loaded below \(the content grew by \d+ px\)/);
  });

  it('reports an unknown index and a zero distance', async () => {
    expect((await page.evaluate(() => window.h.scroll({ down: true, index: 4242 }))).message).toContain('There is no element with index [4242]');
    expect((await page.evaluate(() => window.h.scroll({ down: true, pixels: 0 }))).message).toContain('more than 0 px');
  });
});

describe('scrollPage in an app shell', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/shell.html', { viewport: { width: 1000, height: 600 } }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('scrolls the main content when the body cannot scroll', async () => {
    const result = await page.evaluate(() => window.h.scroll({ down: true }));
    expect(result.message).toMatch(/^Scrolled \[?.*<main id=main>/);
    expect(await page.evaluate(() => document.getElementById('main')!.scrollTop)).toBe(600);
  });

  it('scrolls a page inside a same-origin frame through an index in it', async () => {
    const end = await indexOf(page, '#frame-end');
    const result = await page.evaluate((i) => window.h.scroll({ down: true, index: i, pixels: 500 }), end);
    expect(result.message).toContain('the frame page');
    expect(await page.frameLocator('#frame').locator('body').evaluate(() => scrollY)).toBe(500);
  });
});
