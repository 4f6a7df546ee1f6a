// The panel in real Chromium against a fake agent: real keyboard, focus, drag, hostile host CSS,
// a strict CSP without 'unsafe-inline' styles, dark mode and reduced motion.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let web: StaticServer;

const HOSTILE_CSS = `
  * { all: unset !important; }
  button { display: none !important; }
  textarea, input { display: none !important; }
  page-agent-panel { display: none !important; left: -9999px !important; opacity: 0 !important; }
  page-agent-panel { visibility: hidden !important; pointer-events: none !important; margin: 40px !important; padding: 20px !important; border: 5px solid red !important; }
  page-agent-panel { top: 0 !important; right: 0 !important; max-width: 10px !important; text-align: right !important; }
  body { font: 40px/3 serif !important; color: red !important; }
  [data-page-agent-ignore] { transform: scale(0.2) !important; }
  :root { --pa-left: 0px; --pa-bottom: 400px; --pa-shift: none; --pa-bg: red; --pa-fg: lime; }
  page-agent-panel { --pa-bg: red !important; --pa-accent: lime !important; --pa-line: red !important; }
`;

function pageHtml(extraHead = '', nonce = '') {
  const n = nonce ? ` nonce="${nonce}"` : '';
  return `<!doctype html><html><head><meta charset="utf-8">${extraHead}<script${n} src="/panel-lib.js"></script></head>
  <body><h1>Shop</h1><p>Plain page</p>
  <script${n}>
    window.agent = new PanelLib.FakeAgent();
    window.panel = new PanelLib.Panel(window.agent, { recentTasksKey: false });
    window.panel.show();
  </script></body></html>`;
}

beforeAll(async () => {
  web = await startStaticServer();
  const lib = await bundleForBrowser('test/fixtures/panel/fake-agent-entry.ts', 'PanelLib');
  web.route('/panel-lib.js', { body: lib, type: 'text/javascript' });
  web.route('/plain.html', { body: pageHtml() });
  web.route('/hostile.html', { body: pageHtml(`<style>${HOSTILE_CSS}</style>`) });
  web.route('/strict-csp.html', {
    body: pageHtml('', 'n0nce'),
    headers: { 'content-security-policy': "default-src 'self'; script-src 'nonce-n0nce'; style-src 'self'" },
  });
});
afterAll(async () => {
  await web.close();
});

const inPanel = (page: Page, selector: string) => page.locator(`page-agent-panel >> ${selector}`);

/** Computed styles of the parts of the panel, keyed by selector, to compare two pages. */
async function panelStyles(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('page-agent-panel')!;
    const root = host.shadowRoot!;
    const pick = (el: Element | null) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return {
        display: s.display,
        color: s.color,
        background: s.backgroundColor,
        font: `${s.fontSize} ${s.fontFamily} ${s.fontWeight}`,
        padding: s.padding,
        border: s.border,
        box: [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)],
      };
    };
    return {
      host: { ...pick(host), position: getComputedStyle(host).position, transform: getComputedStyle(host).transform, zIndex: getComputedStyle(host).zIndex },
      bar: pick(root.querySelector('.bar')),
      status: pick(root.querySelector('.status')),
      close: pick(root.querySelector('button.close')),
      input: pick(root.querySelector('textarea')),
      run: pick(root.querySelector('button.run')),
    };
  });
}

describe('panel in Chromium', () => {
  it('looks the same on a page with hostile global CSS', async () => {
    const { context, page } = await openPage();
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
    await page.goto(web.url('/plain.html'));
    await inPanel(page, '.bar').waitFor();
    const clean = await panelStyles(page);
    const cleanShot = await page.locator('page-agent-panel').screenshot();
    await page.goto(web.url('/hostile.html'));
    await inPanel(page, '.bar').waitFor();
    const hostile = await panelStyles(page);
    expect(hostile).toEqual(clean);
    expect(clean.close?.display).not.toBe('none');
    expect(clean.host.position).toBe('fixed');
    const hostileShot = await page.locator('page-agent-panel').screenshot();
    expect(hostileShot.equals(cleanShot)).toBe(true);
    await context.close();
  });

  it('applies its styles under a CSP without unsafe-inline styles, with no violations', async () => {
    const { context, page, consoleMessages, errors } = await openPage();
    await page.goto(web.url('/strict-csp.html'));
    await inPanel(page, '.bar').waitFor();
    const styles = await panelStyles(page);
    expect(styles.host.position).toBe('fixed');
    expect(styles.bar?.display).toBe('flex');
    expect(styles.run?.background).not.toBe('rgba(0, 0, 0, 0)');
    // Dragging writes positions through the CSSOM, which the CSP allows.
    const bar = await inPanel(page, '.status').boundingBox();
    await page.mouse.move(bar!.x + 5, bar!.y + 5);
    await page.mouse.down();
    await page.mouse.move(bar!.x - 95, bar!.y - 195, { steps: 4 });
    await page.mouse.up();
    const moved = await inPanel(page, '.status').boundingBox();
    expect(Math.round(moved!.y)).toBe(Math.round(bar!.y - 200));
    expect(consoleMessages.filter((m) => /Content Security Policy|Refused/.test(m))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('with the real keyboard and pointer', () => {
    let page: Page;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const opened = await openPage();
      page = opened.page;
      close = () => opened.context.close();
      await page.goto(web.url('/plain.html'));
      await inPanel(page, 'textarea').waitFor();
    });
    afterAll(async () => close());

    it('runs a task on Enter, adds a line on Shift+Enter, and recalls it with ArrowUp', async () => {
      await inPanel(page, 'textarea').click();
      await page.keyboard.type('fill the form');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('then submit');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => (window as any).agent.calls)).toEqual(['execute:fill the form\nthen submit']);
      expect(await inPanel(page, 'textarea').count()).toBe(0);
      await page.evaluate(() => (window as any).agent.setStatus('completed'));
      await inPanel(page, 'textarea').click();
      await page.keyboard.press('ArrowUp');
      expect(await inPanel(page, 'textarea').inputValue()).toBe('fill the form\nthen submit');
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
    });

    it('keeps keys typed in the panel away from the page', async () => {
      await page.evaluate(() => {
        (window as any).pageKeys = [];
        document.addEventListener('keydown', (e) => (window as any).pageKeys.push(e.key));
      });
      await inPanel(page, 'textarea').click();
      await page.keyboard.type('s/');
      expect(await page.evaluate(() => (window as any).pageKeys)).toEqual([]);
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
    });

    it('is keyboard operable with a visible focus ring', async () => {
      await inPanel(page, 'textarea').click();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => {
        const active = document.querySelector('page-agent-panel')!.shadowRoot!.activeElement as HTMLElement;
        return { cls: active.className, outline: getComputedStyle(active).outlineStyle, width: getComputedStyle(active).outlineWidth };
      });
      expect(focused.cls).toContain('toggle');
      expect(focused.outline).toBe('solid');
      expect(focused.width).toBe('2px');
      const wasOpen = await inPanel(page, '.steps').isVisible();
      await page.keyboard.press('Enter');
      expect(await inPanel(page, '.steps').isVisible()).toBe(!wasOpen);
      expect(await inPanel(page, 'button.toggle').getAttribute('aria-expanded')).toBe(String(!wasOpen));
      await page.keyboard.press('Enter');
      expect(await inPanel(page, '.steps').isVisible()).toBe(wasOpen);
      if (wasOpen) await page.keyboard.press('Enter');
    });

    it('moves with the arrow keys on the grip and returns home with Home', async () => {
      const before = await page.locator('page-agent-panel').boundingBox();
      await inPanel(page, 'button.grip').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      const after = await page.locator('page-agent-panel').boundingBox();
      expect(Math.round(after!.x)).toBe(Math.round(before!.x - 24));
      expect(Math.round(after!.y)).toBe(Math.round(before!.y - 24));
      await page.keyboard.press('Home');
      const home = await page.locator('page-agent-panel').boundingBox();
      expect(Math.round(home!.x)).toBe(Math.round(before!.x));
    });

    it('toggles the step list when the bar is clicked without dragging', async () => {
      expect(await inPanel(page, '.steps').isHidden()).toBe(true);
      await inPanel(page, '.status').click();
      expect(await inPanel(page, '.steps').isVisible()).toBe(true);
      await inPanel(page, '.status').click();
      expect(await inPanel(page, '.steps').isHidden()).toBe(true);
    });

    it('announces status through an aria-live region', async () => {
      const live = inPanel(page, '[role=status]');
      expect(await live.getAttribute('aria-live')).toBe('polite');
      await page.evaluate(() => {
        const agent = (window as any).agent;
        agent.setStatus('running');
        agent.activity({ type: 'retrying', attempt: 1, maxAttempts: 2 });
      });
      expect(await live.textContent()).toBe('Retrying 1/2');
      await page.evaluate(() => (window as any).agent.setStatus('stopped'));
    });
  });

  it('copies the final answer as Markdown with the copy button', async () => {
    const { context, page } = await openPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.origin });
    await page.goto(web.url('/plain.html'));
    await inPanel(page, '.bar').waitFor();
    const answer = 'Top order: **A-2**\n\n- total: 40';
    await page.evaluate((text) => {
      const { agent } = window as any;
      agent.task = 'find the top order';
      agent.setStatus('running');
      agent.push((window as any).PanelLib.step(0, 'done', { text, success: true }));
      agent.setStatus('completed');
    }, answer);
    await inPanel(page, 'button.copy').click();
    await inPanel(page, 'button.copy:has-text("Copied")').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer);
    await context.close();
  });

  it('follows the dark color scheme and stops animating under reduced motion', async () => {
    const { context, page } = await openPage();
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.goto(web.url('/plain.html'));
    await inPanel(page, '.bar').waitFor();
    await page.evaluate(() => (window as any).agent.setStatus('running'));
    const dark = await page.evaluate(() => {
      const root = document.querySelector('page-agent-panel')!.shadowRoot!;
      return { bg: getComputedStyle(root.querySelector('.panel')!).backgroundColor, anim: getComputedStyle(root.querySelector('.dot')!).animationName };
    });
    expect(dark.bg).toBe('rgb(29, 32, 39)');
    expect(dark.anim).toBe('none');
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    const light = await page.evaluate(() => {
      const root = document.querySelector('page-agent-panel')!.shadowRoot!;
      return { bg: getComputedStyle(root.querySelector('.panel')!).backgroundColor, anim: getComputedStyle(root.querySelector('.dot')!).animationName };
    });
    expect(light.bg).toBe('rgb(255, 255, 255)');
    expect(light.anim).toBe('pulse');
    await context.close();
  });
});
