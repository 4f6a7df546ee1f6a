// Scrolling waits for what the scroll loads (#12): a feed that loads 20 items 300 ms after a scroll
// event near the bottom (also when the page is busy as the timer comes due), a container whose
// IntersectionObserver sentinel loads rows, a scroll asked for at the bottom that still fires the
// loaders, "already at the bottom" only when nothing loads, and a page that never stops changing
// (the wait ends at its bound and says so).
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

const VIEWPORT = { width: 1000, height: 700 };

describe('a feed loaded by a setTimeout after scroll events', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/lazy.html?loader=timeout', { viewport: VIEWPORT }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('waits for the items a scroll to the bottom loads and says how many appeared below', async () => {
    const result = await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { loads: number }).loads)).toBe(1);
    expect(result.message).toMatch(/20 new items loaded below \(the content grew by \d+ px\)/);
    expect(result.message).not.toContain('Reached the bottom');
  });

  it('at the bottom, still fires the loader with wheel and scroll events, and then scrolls', async () => {
    await page.evaluate(() => {
      (window as unknown as { loaderOn: boolean }).loaderOn = false;
    });
    await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
    expect(await page.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1)).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { loaderOn: boolean }).loaderOn = true;
      window.log = window.Harness.recordEvents(['wheel', 'scroll']);
    });
    const result = await page.evaluate(() => window.h.scroll({ down: true }));
    expect(await page.evaluate(() => window.log.slice(0, 2).map((entry) => entry.split('@')[0]))).toEqual(['wheel', 'scroll']);
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/^Scrolled the page down by 700 px\./);
    expect(await page.evaluate(() => (window as unknown as { loads: number }).loads)).toBe(2);
  });

  it('reaches item 95 by scrolling, and says "already at the bottom" only when nothing loads', async () => {
    for (let i = 0; i < 12 && (await page.evaluate(() => document.querySelectorAll('.item').length)) < 100; i++) {
      await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
    }
    expect(await page.evaluate(() => document.querySelectorAll('.item').length)).toBe(100);
    await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
    const item95 = await page.evaluate(() => {
      const rect = [...document.querySelectorAll('.item')].find((el) => el.textContent === 'Item 95')!.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= innerHeight;
    });
    expect(item95).toBe(true);
    const last = await page.evaluate(() => window.h.scroll({ down: true }));
    expect(last).toEqual({ success: false, message: 'Did not scroll down: the page is already at the bottom.' });
  });
});

describe('a feed whose loader timer comes due while the page is busy', () => {
  // The page runs a 600 ms task, as a page (or a renderer starved of CPU on a loaded machine) may,
  // in its scroll listener or in a timer soon after: the loader's 300 ms timer is overdue when the
  // next frame comes, and the clock has passed the 500 ms grace for loaders without the loader
  // having had its turn.
  it.each([
    ['in its scroll listener', 'listener'],
    ['in a timer 50 ms after the scroll event', 'timer'],
  ])('waits for the items all the same when it is busy %s', async (_where, where) => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/lazy.html?loader=timeout', { viewport: VIEWPORT });
    try {
      await page.evaluate((where) => {
        const busy = () => {
          const end = Date.now() + 600;
          while (Date.now() < end);
        };
        addEventListener('scroll', () => (where === 'listener' ? busy() : setTimeout(busy, 50)), { once: true });
      }, where);
      const result = await page.evaluate(() => window.h.scroll({ down: true, numPages: 10 }));
      expect(result.success).toBe(true);
      expect(result.message).toMatch(/20 new items loaded below \(the content grew by \d+ px\)/);
      expect(result.message).not.toContain('Reached the bottom');
    } finally {
      await context.close();
    }
  });
});

describe('a container loaded by an IntersectionObserver', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/lazy.html?loader=io', { viewport: VIEWPORT }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('counts the rows of one appended wrapper as items loaded below', async () => {
    const row = await page.evaluate(() => window.h.registerAll('#rows .row')[0]!);
    const result = await page.evaluate((i) => window.h.scroll({ down: true, index: i, numPages: 10 }), row);
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { loads: number }).loads)).toBe(1);
    expect(result.message).toMatch(/^Scrolled <div id=box>.* \(the scroll container of .*\) down by \d+ px/s);
    expect(result.message).toContain('20 new items loaded below (the content grew by 800 px); read the page again');
  });
});

describe('a page that never stops changing', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/lazy.html?loader=timeout&ticker', { viewport: VIEWPORT }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('ends the wait at its bound and says the page was still changing', async () => {
    const result = await page.evaluate(() => window.h.scroll({ down: true, pixels: 100 }));
    expect(result.success).toBe(true);
    expect(result.message).toContain('The page kept changing for 1.5 s.');
  });

  it('stops waiting when the task is stopped', async () => {
    const outcome = await page.evaluate(async () => {
      const controller = new AbortController();
      const running = window.h.scroll({ down: true, pixels: 100, signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      return running.then(() => 'finished', (e: Error) => e.name);
    });
    expect(outcome).toBe('AbortError');
  });
});
