// select_dropdown_option on ARIA widgets in Chromium: a select-only combobox, an editable combobox
// that filters as you type, a popup in a portal without aria-controls, an open listbox, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/aria.html'));
});
afterAll(async () => {
  await context.close();
  await web.close();
});

async function select(selector: string, text: string) {
  const index = await page.evaluate((s) => window.h.registerAll(s)[0]!, selector);
  return page.evaluate(([i, t]) => window.h.select(i as number, t as string), [index, text] as const);
}

describe('selectOption on ARIA widgets', () => {
  it('opens a select-only combobox, clicks the option and verifies it', async () => {
    const result = await select('#size', 'medium');
    expect(result).toEqual({ success: true, message: expect.stringMatching(/^Selected "Medium" in \[\d+\]<div id=size role=combobox/) });
    expect(await page.textContent('#size')).toBe('Medium');
    expect(await page.getAttribute('#size-m', 'aria-selected')).toBe('true');
    expect(await page.isHidden('#size-list')).toBe(true);
  });

  it('lists the options when none matches, and refuses a disabled one', async () => {
    const missing = await select('#size', 'Huge');
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('No option of');
    expect(missing.message).toContain('Its options: "Small", "Medium", "Large", "Extra large (sold out)".');
    expect(await page.textContent('#size')).toBe('Medium');
    await page.evaluate(() => document.getElementById('size')!.blur());
    const disabled = await select('#size', 'Extra large');
    expect(disabled).toEqual({ success: false, message: expect.stringContaining('that option is disabled') });
  });

  it('types into an editable combobox to reach an option the list does not show yet', async () => {
    const result = await select('#fruit', 'Watermelon');
    expect(result.success).toBe(true);
    expect(await page.textContent('#fruit-chosen')).toBe('Watermelon');
    expect(await page.inputValue('#fruit')).toBe('Watermelon');
  });

  it('finds options that appear in a portal without aria-controls', async () => {
    const result = await select('#team', 'Engineering');
    expect(result.success).toBe(true);
    expect(await page.textContent('#team')).toBe('Team: Engineering');
  });

  it('chooses in a listbox that is always open', async () => {
    const result = await select('#colors', 'Green');
    expect(result.success).toBe(true);
    expect(await page.$$eval('#colors [aria-selected=true]', (els) => els.map((e) => e.textContent))).toEqual(['Green']);
  });

  it('chooses an item of a menu button', async () => {
    const result = await select('#sort', 'newest');
    expect(result.success).toBe(true);
    expect(await page.textContent('#sort')).toBe('Sort: newest');
  });

  it('sets a native select hidden behind a custom widget and says so', async () => {
    const result = await select('#hidden-select', 'Belgium');
    expect(result.success).toBe(true);
    expect(result.message).toContain('is hidden (a custom widget shows it)');
    expect(await page.textContent('#hidden-select-shown')).toBe('Belgium');
  });

  it('says an element is not a dropdown without touching it', async () => {
    await page.evaluate(() => {
      document.getElementById('plain-button')!.addEventListener('click', () => ((window as unknown as { touched: boolean }).touched = true));
    });
    const result = await select('#plain-button', 'x');
    expect(result).toEqual({ success: false, message: expect.stringContaining('is not a dropdown') });
    expect(await page.evaluate(() => (window as unknown as { touched?: boolean }).touched)).toBeUndefined();
  });
});
