// press_key in Chromium: key events as a real keyboard sends them (compared with Playwright), and the
// default actions synthetic events lack: Enter submits or activates, Tab moves focus, Escape closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { openFixture } from './harness-page.js';

const TYPES = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'click', 'submit', 'focus', 'blur'];

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openFixture(web, '/test/fixtures/actions/keys.html'));
});
afterAll(async () => {
  await context.close();
  await web.close();
});

async function indexOf(selector: string): Promise<number> {
  return page.evaluate((s) => window.h.registerAll(s)[0]!, selector);
}

async function press(key: string, selector?: string) {
  const index = selector ? await indexOf(selector) : undefined;
  return page.evaluate(([k, i]) => window.h.press(k as string, i as number | undefined), [key, index] as const);
}

describe('pressKey event sequences', () => {
  it.each([
    ['Enter', '#user'],
    ['Tab', '#a'],
    [' ', '#press-me'],
    ['Enter', '#press-me'],
    ['Escape', '#edit'],
    ['Control+a', '#edit'],
    ['Backspace', '#edit'],
  ])('sends %s on %s like a real keyboard', async (key, selector) => {
    await page.evaluate(() => {
      (document.getElementById('edit') as HTMLInputElement).value = 'hello';
    });
    await page.focus(selector);
    await page.evaluate((types) => {
      window.log = window.Harness.recordEvents(types);
    }, TYPES);
    await page.keyboard.press(key);
    const real = await page.evaluate(() => window.log.splice(0));
    await page.evaluate(() => {
      (document.getElementById('edit') as HTMLInputElement).value = 'hello';
    });
    await page.focus(selector);
    await page.evaluate(() => window.log.splice(0));
    await press(key);
    const synthetic = await page.evaluate(() => window.log.splice(0));
    expect(synthetic).toEqual(real);
    await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((d) => (d as HTMLDialogElement).close()));
  });
});

describe('pressKey default actions', () => {
  it('runs a search box that reacts only to Enter', async () => {
    await page.evaluate((i) => window.h.input(i, 'lamps'), await indexOf('#search'));
    const result = await press('Enter', '#search');
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/^Pressed Enter on \[\d+\]<input id=search/);
    expect(await page.textContent('#results')).toBe('Results for lamps');
  });

  it('sets the legacy keyCode and which for old handlers', async () => {
    await page.fill('#legacy-search', 'old');
    await press('Enter', '#legacy-search');
    expect(await page.textContent('#legacy-results')).toBe('Legacy results for old');
  });

  it('submits a form through its default button and says so', async () => {
    const result = await press('Enter', '#user');
    expect(result.message).toContain('The form <form id=login');
    expect(await page.evaluate(() => (window as unknown as { submits: string[] }).submits.at(-1))).toBe('login');
  });

  it('follows implicit submission rules for forms without a submit button', async () => {
    const two = await press('Enter', '#first');
    expect(two.message).toContain('no submit button and several fields');
    await press('Enter', '#only');
    expect(await page.evaluate(() => (window as unknown as { submits: string[] }).submits.at(-1))).toBe('one-field');
  });

  it('moves focus with Tab and Shift+Tab, skipping tabindex=-1, and reports where it went', async () => {
    const forward = await press('Tab', '#a');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('b');
    expect(forward.message).toContain('Focus moved to');
    expect(forward.message).toContain('id=b');
    await press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('a');
  });

  it('visits positive tabindex in ascending order, then the rest in tree order, as a real Tab does', async () => {
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'tab-order';
      for (const [id, tabIndex] of [['t2', 2], ['t1', 1], ['t2b', 2]] as const) {
        const button = document.createElement('button');
        button.id = id;
        button.tabIndex = tabIndex;
        box.append(button);
      }
      document.body.append(box);
    });
    const visit = async (tab: () => Promise<unknown>) => {
      await page.focus('#t1');
      const ids: Array<string | undefined> = [];
      for (let i = 0; i < 3; i++) {
        await tab();
        ids.push(await page.evaluate(() => document.activeElement?.id));
      }
      return ids;
    };
    const real = await visit(() => page.keyboard.press('Tab'));
    expect(real.slice(0, 2)).toEqual(['t2', 't2b']);
    expect(await visit(() => press('Tab'))).toEqual(real);
    await page.evaluate(() => document.getElementById('tab-order')!.remove());
  });

  it('closes a modal dialog and a custom dialog with Escape', async () => {
    await page.evaluate((i) => window.h.click(i), await indexOf('#open-modal'));
    const result = await press('Escape');
    expect(await page.evaluate(() => (document.getElementById('modal') as HTMLDialogElement).open)).toBe(false);
    expect(result.message).toContain('The dialog <dialog id=modal>');
    await page.evaluate((i) => window.h.click(i), await indexOf('#open-custom'));
    await press('Escape');
    expect(await page.isHidden('#custom')).toBe(true);
  });

  it('changes a native select with the arrow keys, skipping disabled options', async () => {
    await press('ArrowDown', '#fruit');
    expect(await page.inputValue('#fruit')).toBe('Banana');
    await press('ArrowDown');
    expect(await page.inputValue('#fruit')).toBe('Date');
  });

  it('edits text: Backspace, Control+a then a character, Enter in a textarea', async () => {
    await page.evaluate(() => {
      const edit = document.getElementById('edit') as HTMLInputElement;
      edit.value = 'hello';
      edit.focus();
      edit.setSelectionRange(5, 5);
    });
    await press('Backspace');
    expect(await page.inputValue('#edit')).toBe('hell');
    await press('Control+a');
    await press('z');
    expect(await page.inputValue('#edit')).toBe('z');
    await page.evaluate(() => {
      const area = document.getElementById('area') as HTMLTextAreaElement;
      area.focus();
      area.setSelectionRange(1, 1);
    });
    await press('Enter');
    expect(await page.inputValue('#area')).toBe('x\n');
  });

  it('toggles a checkbox with Space and moves a radio group with arrows', async () => {
    await press('Space', '#check');
    expect(await page.isChecked('#check')).toBe(true);
    await press('ArrowDown', '#r1');
    expect(await page.isChecked('#r2')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('r2');
  });

  it('scrolls the page with PageDown and End when nothing takes the key', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await press('PageDown');
    const afterPage = await page.evaluate(() => scrollY);
    expect(afterPage).toBeGreaterThan(500);
    await press('Home');
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it('rejects an unknown key name with the keys it knows, pressing nothing', async () => {
    const result = await press('Hyper+Q');
    expect(result.success).toBe(false);
    expect(result.message).toContain('"Hyper" is not a modifier');
    const unknown = await press('Launchpad');
    expect(unknown.message).toContain('Unknown key "Launchpad"');
    expect(unknown.message).toContain('Enter, Tab, Escape');
  });

  it('reports a stale index', async () => {
    const index = await indexOf('#c');
    await page.evaluate(() => document.getElementById('c')!.remove());
    const result = await page.evaluate((i) => window.h.press('Enter', i), index);
    expect(result.success).toBe(false);
    expect(result.message).toContain('no longer in the page');
  });
});
