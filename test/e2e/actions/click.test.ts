// click_element_by_index in Chromium: real event order (compared with Playwright's real mouse), focus,
// covers, frames, shadow roots, scroll containers, hidden checkboxes, disabled and vanishing targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { injectHarness, openFixture } from './harness-page.js';

const POINTER_TYPES = [
  'pointerover', 'pointerenter', 'pointerout', 'pointerleave', 'pointermove', 'pointerdown', 'pointerup',
  'mouseover', 'mouseenter', 'mouseout', 'mouseleave', 'mousemove', 'mousedown', 'mouseup', 'click',
  'focus', 'blur', 'focusin', 'focusout',
];

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

async function click(page: Page, selector: string) {
  const index = await indexOf(page, selector);
  return page.evaluate((i) => window.h.click(i), index);
}

describe('clickElement event sequence', () => {
  it('dispatches the same pointer, mouse and focus events as a real click and hover', async () => {
    const real = await openFixture(web, '/test/fixtures/actions/click.html');
    await real.page.evaluate((types) => {
      window.log = window.Harness.recordEvents(types);
    }, POINTER_TYPES);
    await real.page.click('#go');
    await real.page.hover('#far');
    const realLog = await real.page.evaluate(() => window.log);
    await real.context.close();

    const synthetic = await openFixture(web, '/test/fixtures/actions/click.html');
    await synthetic.page.evaluate((types) => {
      window.log = window.Harness.recordEvents(types);
    }, POINTER_TYPES);
    const clicked = await click(synthetic.page, '#go');
    const far = await indexOf(synthetic.page, '#far');
    await synthetic.page.evaluate((i) => window.h.hover(i), far);
    const syntheticLog = await synthetic.page.evaluate(() => window.log);
    await synthetic.context.close();

    expect(clicked.success).toBe(true);
    expect(realLog).toContain('pointerenter@outer');
    expect(syntheticLog).toEqual(realLog);
  });

  it('blurs the focused field when plain text is clicked, as a real click does', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/click.html');
    await page.focus('#focused-first');
    const result = await click(page, '#plain');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('body');
    await context.close();
  });
});

describe('clickElement outcomes', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/click.html'));
  });
  afterAll(async () => {
    await context.close();
  });

  it('names the element and reports nothing changed when nothing did', async () => {
    const result = await click(page, '#counter');
    expect(result).toEqual({ success: true, message: expect.stringContaining('Clicked [') });
    expect(result.message).toContain('<button id=counter>Count: 0');
    expect(await page.textContent('#counter')).toBe('Count: 1');
  });

  it('reports a dialog that opened', async () => {
    const result = await click(page, '#open-dialog');
    expect(result.message).toMatch(/A dialog opened: <dialog id=dialog>Are you sure\?/);
    const closed = await click(page, '#close-dialog');
    expect(closed.message).toContain('closed');
  });

  it('reports elements that appeared', async () => {
    const result = await click(page, '#adder');
    expect(result.message).toContain('3 elements appeared');
  });

  it('reports a same-document URL change', async () => {
    const result = await click(page, '#hash-link');
    expect(result.message).toContain('The URL changed to');
    expect(result.message).toContain('#section-b');
  });

  it('clicks a button in a same-origin iframe with frame-local coordinates and the frame realm events', async () => {
    const result = await click(page, '#frame-button');
    expect(result.success).toBe(true);
    const events = await page.frameLocator('#frame').locator('body').evaluate(() => (window as unknown as { events: string[] }).events);
    expect(events.map((e) => e.split(':')[0])).toEqual(['pointerdown', 'mousedown', 'mouseup', 'click']);
    expect(events.every((e) => e.endsWith(':true'))).toBe(true);
    const box = await page.frameLocator('#frame').locator('#frame-button').boundingBox();
    const frameBox = await page.locator('#frame').boundingBox();
    const [x, y] = events[0]!.split(':')[1]!.split(',').map(Number);
    // Local = top-window centre minus the frame's border (5px) and padding (7px).
    expect(Math.abs(x! - (box!.x + box!.width / 2 - frameBox!.x - 12))).toBeLessThanOrEqual(1);
    expect(Math.abs(y! - (box!.y + box!.height / 2 - frameBox!.y - 12))).toBeLessThanOrEqual(1);
  });

  it('clicks a button inside an open shadow root', async () => {
    const result = await click(page, '#shadow-button');
    expect(result.success).toBe(true);
    expect(await page.getAttribute('#card', 'data-clicked')).toBe('1');
  });

  it('scrolls a target 3,000 px down a scroll container into view and clicks it', async () => {
    const result = await click(page, '#deep');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { deepClicked?: boolean }).deepClicked)).toBe(true);
    expect(await page.evaluate(() => document.getElementById('scroller')!.scrollTop)).toBeGreaterThan(2500);
  });

  it('checks a visually hidden checkbox and radio through their labels', async () => {
    const terms = await click(page, '#terms');
    expect(terms.success).toBe(true);
    expect(terms.message).toContain('through its label');
    expect(terms.message).toContain('It is now checked');
    expect(await page.isChecked('#terms')).toBe(true);
    const pro = await click(page, '#plan-pro');
    expect(pro.success).toBe(true);
    expect(pro.message).toContain('through its label <label id=plan-pro-label>Pro plan');
    expect(await page.isChecked('#plan-pro')).toBe(true);
  });

  it('toggles details through its summary', async () => {
    const result = await click(page, '#summary');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => (document.getElementById('details') as HTMLDetailsElement).open)).toBe(true);
  });

  it('refuses a disabled button, then clicks it once typing enabled it', async () => {
    const refused = await click(page, '#submit');
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/Did not click \[\d+\]<button id=submit>Submit \/>: it is disabled/);
    const name = await indexOf(page, '#name');
    const typed = await page.evaluate((i) => window.h.input(i, 'Ada'), name);
    expect(typed.success).toBe(true);
    const clicked = await click(page, '#submit');
    expect(clicked.success).toBe(true);
    expect(await page.textContent('#submitted')).toBe('Submitted Ada');
  });

  it('refuses elements disabled by a fieldset or aria-disabled', async () => {
    expect((await click(page, '#in-disabled-fieldset')).message).toContain('it is disabled');
    expect((await click(page, '#aria-disabled')).message).toContain('it is disabled');
  });

  it('reports an element that vanishes on mousedown without claiming a click', async () => {
    const result = await click(page, '#vanish');
    expect(result.success).toBe(false);
    expect(result.message).toContain('left the page before the button was released');
    expect(await page.evaluate(() => (window as unknown as { vanishClicked?: boolean }).vanishClicked)).toBeUndefined();
  });

  it('refuses an element that is not displayed', async () => {
    const result = await click(page, '#gone');
    expect(result.success).toBe(false);
    expect(result.message).toContain('it is not visible');
  });

  it('reports stale and unknown indexes with nearby valid ones', async () => {
    const [stale, ...others] = await page.evaluate(() => window.h.registerAll('#counter, #open-dialog, #adder'));
    await page.evaluate(() => document.getElementById('counter')!.remove());
    const result = await page.evaluate((i) => window.h.click(i), stale!);
    expect(result.success).toBe(false);
    expect(result.message).toContain('is no longer in the page');
    expect(result.message).toContain('<button id=counter>');
    expect(result.message).toContain('Read the page again');
    for (const i of others) expect(result.message).toContain(`[${i}]`);
    const unknown = await page.evaluate(() => window.h.click(999));
    expect(unknown.success).toBe(false);
    expect(unknown.message).toMatch(/There is no element with index \[999\]; read the page again\. Valid indexes near it: \[/);
  });

  it('says which tool sets a select or a date instead of a click', async () => {
    await page.evaluate(() => {
      const select = document.createElement('select');
      select.id = 'sel';
      select.append(new Option('One'), new Option('Two'));
      const date = document.createElement('input');
      date.type = 'date';
      date.id = 'when';
      document.getElementById('events')!.append(select, date);
    });
    expect((await click(page, '#sel')).message).toContain('use select_dropdown_option');
    expect((await click(page, '#when')).message).toContain('use input_text with the date value');
  });

  it('notes that a target=_blank link opens elsewhere', async () => {
    const result = await click(page, '#new-tab');
    expect(result.message).toContain('new tab');
  });

  it('reports a navigation that started', async () => {
    // The server answers only once the test has the action's result, so the page (and the result)
    // outlive the start of the navigation however long the click takes on a busy machine.
    let land!: () => void;
    const landed = new Promise<void>((done) => (land = done));
    web.route('/slow-landing', (_req, res) => {
      void landed.then(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>slow</title><h1>Slow landing</h1>'));
    });
    await page.evaluate((url) => document.getElementById('nav-link')!.setAttribute('href', url), web.url('/slow-landing'));
    const result = await click(page, '#nav-link').finally(land);
    expect(result.success).toBe(true);
    expect(result.message).toContain(`A page navigation started to ${web.url('/slow-landing')}`);
    await page.waitForURL(/slow-landing/);
  });
});

describe('clickElement on a covered target', () => {
  it('does not click under a cookie banner, names the banner and its button, then works once it is accepted', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/cookie.html');
    const [buy, accept] = await page.evaluate(() => window.h.registerAll('#buy, #accept'));
    const covered = await page.evaluate((i) => window.h.click(i), buy!);
    expect(covered.success).toBe(false);
    expect(covered.message).toContain('Did not click');
    expect(covered.message).toContain('covered by <div id=cookie-banner');
    expect(covered.message).toContain(`[${accept}]<button id=accept>Accept all`);
    expect(await page.textContent('#bought')).toBe('');
    expect((await page.evaluate((i) => window.h.click(i), accept!)).success).toBe(true);
    expect((await page.evaluate((i) => window.h.click(i), buy!)).success).toBe(true);
    expect(await page.textContent('#bought')).toBe('Bought');
    await context.close();
  });

  it('looks through its own mask when hit-testing', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/cookie.html');
    await page.evaluate(() => document.getElementById('cookie-banner')!.remove());
    await page.evaluate(() => window.h.ctx.overlay.showMask());
    const result = await click(page, '#buy');
    expect(result.success).toBe(true);
    expect(await page.textContent('#bought')).toBe('Bought');
    await context.close();
  });

  it('re-injection keeps working after navigation', async () => {
    const { context, page } = await openFixture(web, '/test/fixtures/actions/landing.html');
    await injectHarness(page);
    expect(await page.evaluate(() => typeof window.h.click)).toBe('function');
    await context.close();
  });
});
