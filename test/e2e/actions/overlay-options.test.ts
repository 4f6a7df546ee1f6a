// page-agent's highlightOpacity and highlightLabelOpacity: the fill of the boxes and the background
// of their index labels, as drawn in Chromium; our defaults when they are not set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { harnessSource, openFixture } from './harness-page.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
  web.route('/harness.js', { body: await harnessSource(), type: 'text/javascript; charset=utf-8' });
});
afterAll(async () => {
  await web.close();
});

/** The computed backgrounds of the first box and its label after highlighting every button. */
async function drawnColours(page: Page): Promise<{ box: string; label: string }> {
  return page.evaluate(() => {
    const indexes = window.h.registerAll('button');
    const items = indexes.map((index) => ({ index, element: (window.h.ctx.registry.resolve(index) as { element: Element }).element }));
    window.h.ctx.overlay.drawHighlights(items);
    const box = window.h.overlayRoot()!.querySelector('.box')!;
    return { box: getComputedStyle(box).backgroundColor, label: getComputedStyle(box.querySelector('.label')!).backgroundColor };
  });
}

/** The alpha of a computed colour (`rgba(…, a)`, `color(srgb … / a)`, or opaque). */
function alpha(colour: string): number {
  const match = /\/\s*([\d.]+)\)$/.exec(colour) ?? /^rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour);
  return match ? Number(match[1]) : 1;
}

describe('highlight opacities', () => {
  it('draw boxes and labels with the opacities given', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/overlay.html', { config: { highlightOpacity: 0.3, highlightLabelOpacity: 0.5 } });
    try {
      const { box, label } = await drawnColours(page);
      expect(alpha(box)).toBeCloseTo(0.3, 2);
      expect(alpha(label)).toBeCloseTo(0.5, 2);
    } finally {
      await context.close();
    }
  });

  it('keep a faint fill and opaque labels by default, and page-agent’s transparent boxes with 0', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/overlay.html');
    try {
      const { box, label } = await drawnColours(page);
      expect(alpha(box)).toBeCloseTo(0.08, 2);
      expect(alpha(label)).toBe(1);
    } finally {
      await context.close();
    }
    const zero = await openFixture(web, '/test/fixtures/actions/overlay.html', { config: { highlightOpacity: 0 } });
    try {
      expect(alpha((await drawnColours(zero.page)).box)).toBe(0);
    } finally {
      await zero.context.close();
    }
  });
});
