// The overlay in Chromium: created lazily, highlight boxes measured onto their elements (frames
// included), a mask that blocks the user's pointer but not the agent's, the cursor's animation and
// reduced motion, full removal on dispose, and all of it under a strict CSP without 'unsafe-inline'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { harnessSource, openFixture } from './harness-page.js';

const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self'";

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
  web.route('/harness.js', { body: await harnessSource(), type: 'text/javascript; charset=utf-8' });
});
afterAll(async () => {
  await web.close();
});

/** Boxes drawn by the overlay, read through its closed shadow root. */
async function boxes(page: Page): Promise<Array<{ label: string; x: number; y: number; width: number; height: number }>> {
  return page.evaluate(() =>
    Array.from(window.h.overlayRoot()?.querySelectorAll('.box') ?? []).map((box) => {
      const r = box.getBoundingClientRect();
      return { label: box.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

async function highlightAll(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((s) => {
    const indexes = window.h.registerAll(s);
    const items = indexes.map((index) => ({ index, element: window.h.ctx.registry.resolve(index).ok ? (window.h.ctx.registry.resolve(index) as { element: Element }).element : null! }));
    window.h.ctx.overlay.drawHighlights(items);
    return indexes;
  }, selector);
}

function overlaySuite(name: string, open: () => Promise<{ context: BrowserContext; page: Page }>) {
  describe(name, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await open());
    });
    afterAll(async () => {
      await context.close();
    });

    it('adds nothing to the page until first use, then one ignored host before <body>', async () => {
      expect(await page.evaluate(() => document.querySelector('page-agent-overlay'))).toBeNull();
      await page.evaluate(() => window.h.ctx.overlay.showMask());
      expect(await page.evaluate(() => {
        const host = document.querySelector('page-agent-overlay')!;
        return [host.hasAttribute('data-page-agent-ignore'), host.nextElementSibling === document.body, host === window.h.ctx.overlay.host];
      })).toEqual([true, true, true]);
      await page.evaluate(() => window.h.ctx.overlay.hideMask());
      expect(await page.evaluate(() => document.querySelector('page-agent-overlay'))).toBeNull();
    });

    it('draws a labelled box exactly over each visible element, including inside a frame', async () => {
      const indexes = await highlightAll(page, '#one, #two, #three, #frame-button, #below');
      const drawn = await boxes(page);
      const expected = await page.evaluate(() => {
        const frame = document.getElementById('frame')!;
        const f = frame.getBoundingClientRect();
        const inner = (frame as HTMLIFrameElement).contentDocument!.getElementById('frame-button')!.getBoundingClientRect();
        const rect = (id: string) => document.getElementById(id)!.getBoundingClientRect();
        // The frame's viewport starts inside its 4px border and 6px padding.
        return [rect('one'), rect('two'), rect('three'), { x: inner.x + f.x + 10, y: inner.y + f.y + 10, width: inner.width, height: inner.height }].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
      });
      expect(drawn.map((b) => b.label)).toEqual(indexes.slice(0, 4).map(String));
      drawn.forEach((box, i) => {
        expect(Math.abs(box.x - expected[i]!.x)).toBeLessThan(1);
        expect(Math.abs(box.y - expected[i]!.y)).toBeLessThan(1);
        expect(Math.abs(box.width - expected[i]!.width)).toBeLessThan(1);
        expect(Math.abs(box.height - expected[i]!.height)).toBeLessThan(1);
      });
      expect(await page.evaluate(() => window.h.ctx.overlay.highlightCount)).toBe(4);
    });

    it('removes the boxes when the page scrolls and when cleared', async () => {
      await page.mouse.wheel(0, 200);
      await page.waitForFunction(() => window.h.ctx.overlay.highlightCount === 0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await highlightAll(page, '#one');
      await page.evaluate(() => window.h.ctx.overlay.clearHighlights());
      expect(await boxes(page)).toEqual([]);
    });

    it('keeps its host between observations and removes it once released with nothing showing', async () => {
      await highlightAll(page, '#one, #two');
      const kept = await page.evaluate(() => {
        const host = window.h.ctx.overlay.host!;
        window.h.ctx.overlay.clearHighlights(false);
        return host.isConnected;
      });
      expect(kept).toBe(true);
      expect(await boxes(page)).toEqual([]);
      await highlightAll(page, '#one');
      expect((await boxes(page)).map((b) => b.label)).toHaveLength(1);
      await page.evaluate(() => window.h.ctx.overlay.clearHighlights());
      expect(await page.evaluate(() => document.querySelector('page-agent-overlay'))).toBeNull();
    });

    it('blocks a real mouse with the mask while the agent still clicks through it', async () => {
      await page.evaluate(() => window.h.ctx.overlay.showMask());
      await page.mouse.click(...(await center(page, '#one')));
      expect(await page.textContent('#clicks')).toBe('0');
      const index = (await page.evaluate(() => window.h.registerAll('#one')))[0]!;
      expect((await page.evaluate((i) => window.h.click(i), index)).success).toBe(true);
      expect(await page.textContent('#clicks')).toBe('1');
      await page.evaluate(() => window.h.ctx.overlay.hideMask());
      await page.mouse.click(...(await center(page, '#one')));
      expect(await page.textContent('#clicks')).toBe('2');
    });

    it('keeps an agent panel appended to <body> above the mask', async () => {
      await page.evaluate(() => {
        const panel = document.createElement('agent-panel');
        panel.id = 'panel';
        panel.setAttribute('data-page-agent-ignore', '');
        const style = (panel as HTMLElement).style;
        style.position = 'fixed';
        style.right = '0';
        style.top = '0';
        style.width = '100px';
        style.height = '100px';
        style.zIndex = '2147483647';
        style.display = 'block';
        document.body.append(panel);
        window.h.ctx.overlay.showMask();
      });
      const hit = await page.evaluate(() => document.elementFromPoint(innerWidth - 50, 50)?.id);
      expect(hit).toBe('panel');
      const elsewhere = await page.evaluate(() => document.elementFromPoint(5, 5)?.localName);
      expect(elsewhere).toBe('page-agent-overlay');
      await page.evaluate(() => {
        document.getElementById('panel')!.remove();
        window.h.ctx.overlay.hideMask();
      });
    });

    it('moves the cursor without animation under reduced motion', async () => {
      const animations = await page.evaluate(async () => {
        const done = window.h.ctx.overlay.moveCursor(200, 120);
        const cursor = window.h.overlayRoot()!.querySelector('.cursor')!;
        const count = cursor.getAnimations().length;
        await done;
        return count;
      });
      expect(animations).toBe(0);
      expect(await page.evaluate(() => window.h.ctx.overlay.cursorPosition)).toEqual({ x: 200, y: 120 });
    });

    it('animates the cursor when motion is welcome', async () => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const running = await page.evaluate(async () => {
        const done = window.h.ctx.overlay.moveCursor(600, 400);
        const cursor = window.h.overlayRoot()!.querySelector('.cursor')!;
        const count = cursor.getAnimations().length;
        await done;
        // moveCursor stops waiting when the animation should have ended; on a loaded machine its last
        // frame may come a little later, so the landing point is read once the animation has finished.
        await Promise.all(cursor.getAnimations().map((animation) => animation.finished));
        return [count, cursor.getBoundingClientRect().x];
      });
      expect(running[0]).toBe(1);
      // The arrow's tip (2px into its box) lands on the point.
      expect(running[1]).toBeCloseTo(598, 0);
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    it('removes everything on dispose and stays inert afterwards', async () => {
      await page.evaluate(() => {
        window.h.ctx.overlay.showMask();
        window.h.ctx.overlay.dispose();
        window.h.ctx.overlay.showMask();
      });
      expect(await page.evaluate(() => document.querySelector('page-agent-overlay'))).toBeNull();
      expect(await page.evaluate(() => window.h.ctx.overlay.host)).toBeNull();
    });

    it('caused no Content-Security-Policy violation', async () => {
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    });
  });
}

/**
 * Runs execute_javascript from a page task: code evaluated through DevTools may eval despite the
 * CSP (Runtime.evaluate relaxes it), so the call must start in the page itself.
 */
async function executeFromPage(page: Page, script: string): Promise<{ success: boolean; message: string }> {
  await page.evaluate((code) => {
    (window as unknown as { result: unknown }).result = null;
    setTimeout(async () => {
      (window as unknown as { result: unknown }).result = await window.Harness.createHarness({}).execute(code);
    }, 0);
  }, script);
  const handle = await page.waitForFunction(() => (window as unknown as { result: unknown }).result);
  return (await handle.jsonValue()) as { success: boolean; message: string };
}

async function center(page: Page, selector: string): Promise<[number, number]> {
  const box = (await page.locator(selector).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

overlaySuite('Overlay', () => openFixture(web, '/test/fixtures/actions/overlay.html'));

overlaySuite('Overlay under a strict CSP (no unsafe-inline, no unsafe-eval)', async () => {
  const body = (await import('node:fs/promises')).readFile(new URL('../../fixtures/actions/overlay.html', import.meta.url), 'utf8');
  const html = (await body).replace('</head>', '<script src="/harness.js"></script></head>');
  web.route('/csp/overlay.html', { body: html, headers: { 'content-security-policy': STRICT_CSP } });
  const { context, page } = await openPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(web.url('/csp/overlay.html'));
  await page.evaluate(() => {
    window.h = window.Harness.createHarness({});
  });
  return { context, page };
});

describe('executeJavascript under CSP', () => {
  it('explains that the page forbids eval instead of throwing', async () => {
    web.route('/csp/eval.html', { body: '<!doctype html><title>csp</title><script src="/harness.js"></script><button>b</button>', headers: { 'content-security-policy': STRICT_CSP } });
    const { context, page } = await openPage();
    await page.goto(web.url('/csp/eval.html'));
    const result = await executeFromPage(page, 'return 1 + 1');
    expect(result).toEqual({ success: false, message: expect.stringContaining("Content Security Policy forbids evaluating scripts ('unsafe-eval' is not allowed)") });
    await context.close();
  });

  it('runs through its own Trusted Types policy when the page allows it, and explains when it does not', async () => {
    const tt = (names: string) => `script-src 'self' 'unsafe-eval'; require-trusted-types-for 'script'; trusted-types ${names}`;
    web.route('/tt/allowed.html', { body: '<!doctype html><title>tt</title><script src="/harness.js"></script>', headers: { 'content-security-policy': tt('page-agent') } });
    web.route('/tt/denied.html', { body: '<!doctype html><title>tt</title><script src="/harness.js"></script>', headers: { 'content-security-policy': tt('app-only') } });
    const { context, page } = await openPage();
    await page.goto(web.url('/tt/allowed.html'));
    expect(await executeFromPage(page, 'return 6 * 7')).toEqual({ success: true, message: 'Ran the script. Result: 42' });
    await page.goto(web.url('/tt/denied.html'));
    const denied = await executeFromPage(page, 'return 6 * 7');
    expect(denied.success).toBe(false);
    expect(denied.message).toContain('Trusted Types');
    expect(denied.message).toContain('trusted-types page-agent');
    await context.close();
  });
});
