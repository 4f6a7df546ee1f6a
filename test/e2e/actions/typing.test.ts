// input_text types like a keyboard by default (#12): legacy widgets wired before the agent script
// (keyup-only, keypress-only) react, the events carry key/code/keyCode/which as Chromium's own typing
// does, long texts go in one edit between keystrokes when the field shows no key listeners, and a
// field that filters or reformats keys gets a read-back of what it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/typing.html'));
});
afterAll(async () => {
  await context.close();
  await web.close();
});

async function type(selector: string, text: string) {
  const index = await page.evaluate((s) => window.h.registerAll(s)[0]!, selector);
  return page.evaluate(([i, t]) => window.h.input(i as number, t as string), [index, text] as const);
}

async function items(selector: string): Promise<string[]> {
  return page.$$eval(`${selector} li`, (lis) => lis.map((li) => li.textContent!));
}

/** Records every keyboard and input event on the document with the fields a legacy script reads. */
async function recordKeys(): Promise<void> {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { keyLog: string[] }).keyLog = log;
    for (const type of ['keydown', 'keypress', 'beforeinput', 'input', 'keyup']) {
      document.addEventListener(type, (e) => {
        const k = e as KeyboardEvent & InputEvent;
        // shiftKey is left out: Playwright's keyboard.type sends capitals without Shift held, a person (and we) hold it.
        log.push(type.startsWith('key') ? `${type} ${k.key} ${k.code} ${k.keyCode} ${k.which} ${k.charCode}` : `${type} ${k.inputType} ${k.data}`);
      }, true);
    }
  });
}

const takeKeys = () => page.evaluate(() => (window as unknown as { keyLog: string[] }).keyLog.splice(0));

describe('input_text types like a keyboard', () => {
  it('sends the same key and input events as Chromium’s own typing, legacy codes included', async () => {
    await recordKeys();
    await page.focus('#keyup-city');
    await page.keyboard.type('Pa r-1!');
    const real = await takeKeys();
    await page.fill('#keyup-city', '');
    await takeKeys();
    const result = await type('#keyup-city', 'Pa r-1!');
    const ours = (await takeKeys()).filter((line) => !line.startsWith('keydown Backspace') && !line.startsWith('keyup Backspace'));
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/^Typed "Pa r-1!" into /);
    expect(real).toHaveLength(35);
    expect(ours).toEqual(real);
  });

  it('drives a keyup-only autocomplete wired before the agent script', async () => {
    const result = await type('#keyup-city', 'Par');
    expect(result.success).toBe(true);
    expect(await items('#keyup-list')).toEqual(['Paris', 'Parma']);
  });

  it('drives a keypress-only widget that reads which/charCode', async () => {
    const result = await type('#keypress-airport', 'lon');
    expect(result.success).toBe(true);
    expect(await items('#keypress-list')).toEqual(['LHR London Heathrow', 'LGW London Gatwick']);
  });

  it('reports what a field that filters keystrokes kept', async () => {
    const result = await type('#keypress-digits', '12ab3');
    expect(result.success).toBe(true);
    expect(result.message).toContain('the field now shows "123"');
    expect(await page.inputValue('#keypress-digits')).toBe('123');
    const refused = await type('#keypress-digits', 'abc');
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('but the field did not take it: it now shows "".');
  });

  it('reports what a masked field shows', async () => {
    const result = await type('#phone', '5551234567');
    expect(result.success).toBe(true);
    expect(await page.inputValue('#phone')).toBe('(555) 123-4567');
    expect(result.message).toContain('the field now shows "(555) 123-4567"');
  });

  it('passes on a pattern mismatch with what the field holds', async () => {
    const result = await type('#postcode', '12a45');
    expect(result.message).toMatch(/^Typed "12a45" into .*\. The field reports: /);
    expect(await page.inputValue('#postcode')).toBe('12a45');
  });
});

describe('long texts', () => {
  const long = Array.from({ length: 30 }, (_, i) => `line ${i} of a long story`).join(' ');

  it('types the ends of a long text as keys and the middle in one edit when the field shows no key listener', async () => {
    const result = await type('#story', long);
    expect(await page.inputValue('#story')).toBe(long);
    expect(result.success).toBe(true);
    expect(result.message).toContain(`(the middle ${long.length - 20} characters in one edit)`);
    expect(await page.evaluate(() => (window as unknown as { keyCounts: Record<string, number> }).keyCounts.story)).toBe(20);
  });

  it('types every key of a long text into a field with a key handler', async () => {
    const result = await type('#letter', long);
    expect(await page.inputValue('#letter')).toBe(long);
    expect(result.message).not.toContain('in one edit');
    expect(await page.evaluate(() => (window as unknown as { keyCounts: Record<string, number> }).keyCounts.letter)).toBe(long.length);
  });

  it('does the same in a contenteditable', async () => {
    const result = await type('#rich', long);
    expect(result.success).toBe(true);
    expect(await page.evaluate(() => document.getElementById('rich')!.innerText)).toBe(long);
    expect(await page.evaluate(() => (window as unknown as { keyCounts: Record<string, number> }).keyCounts.rich)).toBe(20);
  });
});

describe('read-only fields', () => {
  it('opens the picker of a read-only date input and tells the model to use it', async () => {
    const result = await type('#checkin', 'June 12, 2026');
    expect(result.success).toBe(false);
    expect(result.message).toMatch(/^Did not type into .*: it is read-only\. Clicking it opened a picker: choose the value there with click_element_by_index\./);
    expect(result.message).toContain('A dialog opened: <div id=calendar role=dialog aria-label=Choose check-in date>');
    expect(await page.isVisible('#calendar')).toBe(true);
    expect(await page.inputValue('#checkin')).toBe('');
  });

  it('says so when a read-only field opens nothing', async () => {
    const result = await type('#reference', 'R-2');
    expect(result).toEqual({ success: false, message: expect.stringMatching(/: it is read-only\. Clicking it opened nothing; another control may fill it\.$/) });
    expect(await page.inputValue('#reference')).toBe('R-1');
  });
});
