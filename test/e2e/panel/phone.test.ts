// The panel on a phone (issue #18), in Chromium emulating a 390×844 touch screen: on a page 1,000 px
// wide the layout viewport grows far beyond the screen, and the panel must still be on the screen
// (pinned to the visual viewport), with 16 px inputs and 44 px touch targets; while the agent acts the
// sheet shrinks to its bar and never covers the element being acted on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, inPanel, requireBundle, script, typeTask, waitForStatus } from '../bundle/bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/** A page 1,000 px wide; each button records whether the panel was over its centre when clicked. */
const widePage = (meta: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${meta}<title>Wide</title>
<script src="/dist/page-agent.iife.js" data-base-url="${llm.baseURL}" data-model="mock-model"></script></head>
<body style="margin:0"><div style="width:1000px;height:2400px;position:relative">
<button id="high" style="position:absolute;left:20px;top:40px">High button</button>
<button id="low" style="position:absolute;left:20px;top:790px">Low button</button></div>
<script>window.clicks = [];
for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => {
  const r = b.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  clicks.push(b.id + (top && top.localName === 'page-agent-panel' ? ' covered' : ' clear'));
});</script></body></html>`;

beforeAll(async () => {
  requireBundle();
  [web, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
  web.route('/phone/wide.html', { body: widePage('<meta name="viewport" content="width=device-width, initial-scale=1">') });
  web.route('/phone/zoomed-out.html', { body: widePage('') });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

/** Boxes of the panel's parts in screen (visual viewport) CSS px, and the screen. */
function panelOnScreen() {
  const view = visualViewport!;
  const root = document.querySelector('page-agent-panel')!.shadowRoot!;
  const box = (selector: string) => {
    const r = root.querySelector(selector)!.getBoundingClientRect();
    return { left: (r.left - view.offsetLeft) * view.scale, top: (r.top - view.offsetTop) * view.scale, right: (r.right - view.offsetLeft) * view.scale, bottom: (r.bottom - view.offsetTop) * view.scale };
  };
  const input = root.querySelector('textarea.task-input')!;
  return {
    screen: { width: view.width * view.scale, height: view.height * view.scale },
    layoutHeight: innerHeight,
    input: box('textarea.task-input'),
    bar: box('.bar'),
    inputFont: parseFloat(getComputedStyle(input).fontSize),
    smallestButton: Math.min(...[...root.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().height > 0).map((b) => b.getBoundingClientRect().height * view.scale)),
  };
}

const inside = (box: { left: number; top: number; right: number; bottom: number }, screen: { width: number; height: number }) =>
  box.left >= -0.5 && box.top >= -0.5 && box.right <= screen.width + 0.5 && box.bottom <= screen.height + 0.5;

describe('the panel on a phone', { timeout: 60_000 }, () => {
  for (const [name, path] of [['a page wider than the screen', '/phone/wide.html'], ['a page without a viewport tag (zoomed out)', '/phone/zoomed-out.html']]) {
    it(`is on the screen, with 16 px inputs and 44 px touch targets, on ${name}`, async () => {
      const { context, page, errors } = await openPage(PHONE);
      try {
        await page.goto(web.url(path!));
        await page.waitForFunction(() => (window as any).pageAgent);
        await page.evaluate(() => (window as any).pageAgent.panel.show());
        await inPanel(page, 'textarea.task-input').waitFor();
        const seen = await page.evaluate(panelOnScreen);
        // The layout viewport reaches far below the screen: a panel fixed to it would be out of sight.
        expect(seen.layoutHeight).toBeGreaterThan(1500);
        expect(inside(seen.input, seen.screen), JSON.stringify(seen)).toBe(true);
        expect(inside(seen.bar, seen.screen), JSON.stringify(seen)).toBe(true);
        expect(seen.input.right - seen.input.left).toBeGreaterThan(250);
        expect(seen.inputFont).toBeGreaterThanOrEqual(16);
        expect(seen.smallestButton).toBeGreaterThanOrEqual(43.5);
        // Scrolled: still on the screen, once the scroll event (where the panel places itself) has run.
        await page.evaluate(
          () =>
            new Promise<void>((done) => {
              addEventListener('scroll', () => requestAnimationFrame(() => done()), { once: true });
              scrollTo(0, 600);
            }),
        );
        const scrolled = await page.evaluate(panelOnScreen);
        expect(inside(scrolled.input, scrolled.screen), JSON.stringify(scrolled)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('never covers the element being acted on', async () => {
    llm.reset();
    llm.setHandler(script([clickOn('Low button'), clickOn('High button'), clickOn('Low button'), done('clicked')]));
    const { context, page, errors } = await openPage(PHONE);
    try {
      await page.goto(web.url('/phone/wide.html'));
      await inPanel(page, 'textarea.task-input').waitFor();
      await typeTask(page, 'click the low, the high, then the low button');
      await waitForStatus(page, 'completed');
      expect(await page.evaluate(() => (window as any).clicks)).toEqual(['low clear', 'high clear', 'low clear']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
