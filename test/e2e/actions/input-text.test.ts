// input_text in Chromium: React 19 and Vue 3 controlled fields, textarea, contenteditable (plain and an
// editor that owns its model), date/time/number conversions, key-by-key typing, frames, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

const KEY_TYPES = ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'];

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

async function type(page: Page, selector: string, text: string, keyByKey?: boolean) {
  const index = await indexOf(page, selector);
  return page.evaluate(([i, t, k]) => window.h.input(i as number, t as string, k === null ? {} : { keyByKey: k as boolean }), [index, text, keyByKey ?? null] as const);
}

async function state(page: Page, selector: string): Promise<Record<string, unknown>> {
  return JSON.parse((await page.textContent(selector))!);
}

describe('inputText with React 19 controlled fields', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/react.html'));
    await page.addScriptTag({ content: await bundleForBrowser('test/fixtures/actions/react-form.js', 'ReactForm') });
    await page.waitForSelector('#r-name');
  });
  afterAll(async () => {
    await context.close();
  });

  it('updates the component state of a controlled input', async () => {
    const result = await type(page, '#r-name', 'Ada Lovelace');
    expect(result).toEqual({ success: true, message: expect.stringMatching(/^Typed "Ada Lovelace" into \[\d+\]<input id=r-name> \/>\./) });
    expect(await state(page, '#r-state')).toMatchObject({ name: 'Ada Lovelace' });
    expect(await page.inputValue('#r-name')).toBe('Ada Lovelace');
  });

  it('replaces rather than appends on a second call', async () => {
    await type(page, '#r-name', 'Grace');
    expect(await state(page, '#r-state')).toMatchObject({ name: 'Grace' });
  });

  it('reports what a transforming field shows', async () => {
    const result = await type(page, '#r-shout', 'hello');
    expect(result.success).toBe(true);
    expect(result.message).toContain('the field now shows "HELLO"');
    expect(await state(page, '#r-state')).toMatchObject({ shout: 'HELLO' });
  });

  it('types a multi-line textarea', async () => {
    await type(page, '#r-bio', 'line one\nline two');
    expect(await state(page, '#r-state')).toMatchObject({ bio: 'line one\nline two' });
  });

  it('types key by key into a field with a React key handler', async () => {
    const result = await type(page, '#r-search', 'abc');
    expect(result.message).toMatch(/^Typed "abc" into /);
    expect(await state(page, '#r-state')).toMatchObject({ query: 'abc', keys: 3 });
  });

  it('selects in a controlled select by partial text and reports disabled and missing options', async () => {
    const country = await indexOf(page, '#r-country');
    const chosen = await page.evaluate((i) => window.h.select(i, 'united states'), country);
    expect(chosen.success).toBe(true);
    expect(chosen.message).toContain('Selected "United States of America" (matched by part of its text)');
    expect(await state(page, '#r-state')).toMatchObject({ country: 'us' });
    const disabled = await page.evaluate((i) => window.h.select(i, 'United Kingdom'), country);
    expect(disabled).toEqual({ success: false, message: expect.stringContaining('that option is disabled') });
    const missing = await page.evaluate((i) => window.h.select(i, 'Spain'), country);
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('No option of');
    expect(missing.message).toContain('Its options: "France", "Germany", "United States of America", "United Kingdom".');
    expect(await state(page, '#r-state')).toMatchObject({ country: 'us' });
  });

  it('toggles a controlled checkbox and submits once the button is enabled', async () => {
    const checked = await page.evaluate((i) => window.h.click(i), await indexOf(page, '#r-news'));
    expect(checked.message).toContain('It is now checked');
    const submitted = await page.evaluate((i) => window.h.click(i), await indexOf(page, '#r-submit'));
    expect(submitted.message).toContain('was submitted (the page handled it without leaving)');
    expect(await state(page, '#r-state')).toMatchObject({ submitted: 'Grace/us/true' });
  });
});

describe('inputText with Vue 3 v-model', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/vue.html'));
    await page.waitForSelector('#v-name');
  });
  afterAll(async () => {
    await context.close();
  });

  it('updates v-model, v-model.number and v-model.lazy', async () => {
    expect((await type(page, '#v-name', 'Evan')).success).toBe(true);
    expect((await type(page, '#v-age', '42')).success).toBe(true);
    expect((await type(page, '#v-lazy', 'on change')).success).toBe(true);
    expect((await type(page, '#v-story', 'once\nupon')).success).toBe(true);
    expect(await state(page, '#v-state')).toMatchObject({ name: 'Evan', age: 42, lazy: 'on change', story: 'once\nupon' });
  });

  it('updates a v-model select and checkbox', async () => {
    const colour = await indexOf(page, '#v-colour');
    expect((await page.evaluate((i) => window.h.select(i, 'blue'), colour)).success).toBe(true);
    expect((await page.evaluate((i) => window.h.click(i), await indexOf(page, '#v-agree'))).success).toBe(true);
    expect(await state(page, '#v-state')).toMatchObject({ colour: 'b', agree: true });
  });
});

describe('inputText on plain fields', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/input.html'));
  });
  afterAll(async () => {
    await context.close();
  });

  it('fires beforeinput, input and change and focuses the field', async () => {
    const result = await type(page, '#plain', 'hello');
    expect(result.success).toBe(true);
    expect(await page.inputValue('#plain')).toBe('hello');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('plain');
    expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toContain('plain');
  });

  it('types key by key with the same events as a real keyboard', async () => {
    await page.fill('#plain', '');
    await page.focus('#plain');
    await page.evaluate((types) => {
      window.log = window.Harness.recordEvents(types);
    }, KEY_TYPES);
    await page.keyboard.type('aB1!');
    const real = await page.evaluate(() => window.log.splice(0));
    await page.fill('#plain', '');
    await page.evaluate(() => window.log.splice(0));
    const result = await type(page, '#plain', 'aB1!', true);
    const synthetic = await page.evaluate(() => window.log.splice(0));
    expect(result.success).toBe(true);
    expect(real).toHaveLength(20);
    expect(synthetic).toEqual(real);
  });

  it('types into a textarea and a contenteditable', async () => {
    expect((await type(page, '#notes', 'first\nsecond')).success).toBe(true);
    expect(await page.inputValue('#notes')).toBe('first\nsecond');
    const edited = await type(page, '#editor', 'New text');
    expect(edited.success).toBe(true);
    expect(await page.evaluate(() => document.getElementById('editor')!.innerText.trim())).toBe('New text');
  });

  it('lets an editor that owns its model apply the text through beforeinput', async () => {
    const result = await type(page, '#model-editor', 'Hello model');
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { modelText: string }).modelText)).toBe('Hello model');
  });

  it('converts human dates using the page language and says how it read them', async () => {
    const words = await type(page, '#birthday', 'March 5, 2025');
    expect(words.success).toBe(true);
    expect(await page.inputValue('#birthday')).toBe('2025-03-05');
    expect(words.message).toContain('set 2025-03-05');
    const numeric = await type(page, '#birthday', '04/03/2025');
    expect(await page.inputValue('#birthday')).toBe('2025-03-04');
    expect(numeric.message).toContain('day/month/year (page language en-GB)');
    const invalid = await type(page, '#birthday', '2025-02-30');
    expect(invalid).toEqual({ success: false, message: expect.stringContaining('is not a valid date') });
    expect(await page.inputValue('#birthday')).toBe('2025-03-04');
  });

  it('converts times, date-times, months, weeks, numbers and colours', async () => {
    await type(page, '#meeting', '3:30 pm');
    await type(page, '#departure', 'March 5, 2025 at 9:15 am');
    await type(page, '#month', 'March 2025');
    await type(page, '#week', '2025-W10');
    await type(page, '#quantity', '7');
    await type(page, '#colour', '#ABC');
    expect(await page.evaluate(() => ['meeting', 'departure', 'month', 'week', 'quantity', 'colour'].map((id) => (document.getElementById(id) as HTMLInputElement).value))).toEqual([
      '15:30',
      '2025-03-05T09:15',
      '2025-03',
      '2025-W10',
      '7',
      '#aabbcc',
    ]);
  });

  it('passes on the field’s own validation message', async () => {
    const result = await type(page, '#quantity', '12');
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/The field reports: Value must be less than or equal to 10/);
  });

  it('refuses read-only, disabled, non-editable, checkbox and file targets without typing', async () => {
    expect((await type(page, '#readonly', 'x')).message).toContain('it is read-only');
    expect(await page.inputValue('#readonly')).toBe('fixed');
    expect((await type(page, '#disabled-input', 'x')).message).toContain('it is disabled');
    const div = await type(page, '#not-editable', 'x');
    expect(div).toEqual({ success: false, message: expect.stringContaining('<div id=not-editable>Just a div /> is not editable') });
    expect((await type(page, '#agree', 'yes')).message).toContain('Use click_element_by_index');
    expect((await type(page, '#upload', 'file.txt')).message).toContain('an input of type file');
  });

  it('types into a field under its own floating label, but not under an unrelated overlay', async () => {
    const floating = await type(page, '#floating', 'Acme');
    expect(floating.success).toBe(true);
    expect(await page.inputValue('#floating')).toBe('Acme');
    const covered = await type(page, '#covered-input', 'nope');
    expect(covered.success).toBe(false);
    expect(covered.message).toContain('covered by <div id=input-cover>Promotion overlay');
    expect(await page.inputValue('#covered-input')).toBe('');
  });

  it('types into the only field of a wrapper and into the control of a label', async () => {
    expect((await type(page, '#wrapper', 'a@b.co')).success).toBe(true);
    expect(await page.inputValue('#wrapped')).toBe('a@b.co');
    expect((await type(page, '#city-label', 'Lyon')).success).toBe(true);
    expect(await page.inputValue('#city')).toBe('Lyon');
  });

  it('respects maxlength and never echoes a password', async () => {
    const code = await type(page, '#code', '123456');
    expect(code.message).toContain('at most 4 characters');
    expect(await page.inputValue('#code')).toBe('1234');
    const secret = await type(page, '#password', 'hunter2-secret');
    expect(secret.success).toBe(true);
    expect(secret.message).not.toContain('hunter2');
    expect(secret.message).toContain('14 characters');
  });

  it('types into a datalist field, and picks its suggestions by text', async () => {
    const result = await type(page, '#browser', 'Chrom');
    expect(result.success).toBe(true);
    const index = await indexOf(page, '#browser');
    const chosen = await page.evaluate((i) => window.h.select(i, 'firefox'), index);
    expect(chosen.message).toMatch(/^Chose the suggestion "Firefox": Typed "Firefox" into/);
    expect(await page.inputValue('#browser')).toBe('Firefox');
    const missing = await page.evaluate((i) => window.h.select(i, 'Netscape'), index);
    expect(missing.message).toContain('Its options: "Chromium", "Firefox".');
  });

  it('reports when the page refuses the text in one edit, and typing keeps what it accepts', async () => {
    const refused = await type(page, '#digits', '12ab', false);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('did not take it');
    expect(refused.message).toContain('It was set without key events.');
    const filtered = await type(page, '#digits', '12ab');
    expect(filtered.success).toBe(true);
    expect(filtered.message).toContain('now shows "12"');
  });

  it('drives a legacy widget that only listens to key events', async () => {
    await type(page, '#legacy', 'Par', true);
    expect(await page.$$eval('#suggestions li', (items) => items.map((li) => li.textContent))).toEqual(['Paris', 'Parma']);
  });

  it('types into a field in a same-origin iframe with that frame’s event classes and native setter', async () => {
    const result = await type(page, '#frame-field', 'framed');
    expect(result.success).toBe(true);
    const frame = page.frameLocator('#frame').locator('body');
    // One beforeinput/input pair per key, then change.
    expect(await frame.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([...Array.from({ length: 6 }, () => ['beforeinput:true', 'input:true']).flat(), 'change:true']);
    expect(await frame.evaluate(() => (window as unknown as { instanceSetterUsed?: boolean }).instanceSetterUsed)).toBeUndefined();
    expect(await page.frameLocator('#frame').locator('#frame-field').inputValue()).toBe('framed');
  });

  it('reports a field removed while typing key by key', async () => {
    const index = await indexOf(page, '#plain');
    await page.evaluate(() => {
      document.getElementById('plain')!.addEventListener('keyup', (e) => (e.target as Element).remove(), { once: true });
    });
    const result = await page.evaluate((i) => window.h.input(i, 'gone', { keyByKey: true }), index);
    expect(result.success).toBe(false);
    expect(result.message).toContain('left the page while typing');
  });
});

describe('inputText on ARIA sliders and spinbuttons moved by keys', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/slider.html'));
  });
  afterAll(async () => {
    await context.close();
  });

  const valueNow = (selector: string) => page.getAttribute(selector, 'aria-valuenow');
  /** The keys the widgets saw since the last call. */
  const keys = () => page.evaluate(() => (window as unknown as { keys: string[] }).keys.splice(0));

  it('reaches a value with one arrow key press per step, keydown then keyup, on the focused thumb', async () => {
    const result = await type(page, '#size', '20');
    expect(result).toEqual({ success: true, message: expect.stringMatching(/^Set \[\d+\]<span .*id=size.*\/> to 20\.$/) });
    expect(await valueNow('#size')).toBe('20');
    expect(await page.textContent('#size-out')).toBe('20');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('size');
    expect(await keys()).toEqual(Array.from({ length: 4 }, () => ['down:ArrowUp@size', 'up:ArrowUp@size']).flat());
    expect((await type(page, '#size', '17.0')).success).toBe(true);
    expect(await valueNow('#size')).toBe('17');
    expect(await keys()).toEqual(Array.from({ length: 3 }, () => ['down:ArrowDown@size', 'up:ArrowDown@size']).flat());
  });

  it('presses Home or End for a bound', async () => {
    expect((await type(page, '#size', '40')).success).toBe(true);
    expect(await valueNow('#size')).toBe('40');
    expect(await keys()).toEqual(['down:End@size', 'up:End@size']);
    expect((await type(page, '#size', '8')).success).toBe(true);
    expect(await valueNow('#size')).toBe('8');
    expect(await keys()).toEqual(['down:Home@size', 'up:Home@size']);
  });

  it('sets a spinbutton drawn as a div', async () => {
    expect(await type(page, '#guests', '7')).toEqual({ success: true, message: expect.stringContaining('to 7.') });
    expect(await page.textContent('#guests')).toBe('7');
  });

  it('refuses a text that is no number and a number outside the range, pressing nothing', async () => {
    await type(page, '#size', '16');
    await keys();
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await type(page, '#size', 'large')).toEqual({ success: false, message: expect.stringMatching(/^Did not type into \[\d+\]<span .*\/>: "large" is not a number\.$/) });
    const outside = await type(page, '#size', '64');
    expect(outside).toEqual({ success: false, message: expect.stringMatching(/ to 64: it takes 8 to 40\.$/) });
    expect(await valueNow('#size')).toBe('16');
    expect(await keys()).toEqual([]);
    // Refused before the focusing click.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('');
  });

  it('fails naming the nearest step when its steps miss the value, and leaves it there', async () => {
    const below = await type(page, '#volume', '62');
    expect(below).toEqual({ success: false, message: expect.stringMatching(/ to 62: it now shows 60, the nearest its keys reached\.$/) });
    expect(await valueNow('#volume')).toBe('60');
    // 60 -> 65 is farther from 62, so that press is taken back.
    expect((await keys()).filter((key) => key.startsWith('down:'))).toEqual(['down:ArrowUp@volume', 'down:ArrowUp@volume', 'down:ArrowUp@volume', 'down:ArrowDown@volume']);
    const above = await type(page, '#volume', '64');
    expect(above.message).toMatch(/ to 64: it now shows 65, the nearest its keys reached\.$/);
    expect(await valueNow('#volume')).toBe('65');
    // 60 -> 65 is nearer, 65 -> 60 farther and taken back.
    expect((await keys()).filter((key) => key.startsWith('down:'))).toEqual(['down:ArrowUp@volume', 'down:ArrowDown@volume', 'down:ArrowUp@volume']);
  });

  it('fails when the widget does not move, and stops after 300 key presses', async () => {
    const frozen = await type(page, '#frozen', '30');
    expect(frozen).toEqual({ success: false, message: expect.stringMatching(/ to 30: it now shows 10, the nearest its keys reached\.$/) });
    expect(await keys()).toEqual(['down:ArrowUp@frozen', 'up:ArrowUp@frozen']);
    const long = await type(page, '#long', '999');
    expect(long).toEqual({ success: false, message: expect.stringMatching(/ to 999: it now shows 300, the nearest its keys reached\.$/) });
    expect((await keys()).length).toBe(600);
  });

  it('points a slider that states no value at press_key', async () => {
    const result = await type(page, '#unset', '5');
    expect(result).toEqual({ success: false, message: expect.stringMatching(/is not editable .*nothing was typed\. Use press_key\.$/) });
  });
});

describe('inputText on library sliders (Radix, rc-slider of Ant Design)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openFixture(web, '/test/fixtures/actions/react.html'));
    await page.addStyleTag({ path: 'node_modules/rc-slider/assets/index.css' });
    await page.addScriptTag({ content: await bundleForBrowser('test/fixtures/actions/range-widgets.js', 'RangeWidgets') });
    await page.waitForSelector('#range-state');
  });
  afterAll(async () => {
    await context.close();
  });

  it('moves Radix’s thumb to a value and to its bounds, and the component state follows', async () => {
    expect(await type(page, '[role=slider][aria-label="Text size"]', '20')).toEqual({ success: true, message: expect.stringContaining(' to 20.') });
    expect(await state(page, '#range-state')).toMatchObject({ size: 20 });
    expect((await type(page, '[role=slider][aria-label="Text size"]', '40')).success).toBe(true);
    expect(await state(page, '#range-state')).toMatchObject({ size: 40 });
    expect((await type(page, '[role=slider][aria-label="Text size"]', '12')).success).toBe(true);
    expect(await state(page, '#range-state')).toMatchObject({ size: 12 });
  });

  it('moves rc-slider’s handle by its steps and names the nearest step for a value between them', async () => {
    expect((await type(page, '.rc-slider-handle', '120')).success).toBe(true);
    expect(await state(page, '#range-state')).toMatchObject({ zoom: 120 });
    const between = await type(page, '.rc-slider-handle', '134');
    expect(between).toEqual({ success: false, message: expect.stringContaining('to 134: it now shows 130, the nearest its keys reached.') });
    expect(await state(page, '#range-state')).toMatchObject({ zoom: 130 });
    expect((await type(page, '.rc-slider-handle', '0')).success).toBe(true);
    expect(await state(page, '#range-state')).toMatchObject({ zoom: 0 });
  });
});
