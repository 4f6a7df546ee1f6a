// Opens a task's page in a fresh browser context the same way for every run (validation and both
// agents): one viewport, the page's own readiness flag, its state read through window.evalState().

/** The viewport every task runs in. */
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * A fresh context and page at `url`, after the page says it is ready (`window.evalReady`);
 * `initScript` runs before the page's own scripts. Page errors are collected in `errors`.
 */
export async function openTaskPage(browser, url, { initScript } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', timezoneId: 'UTC' });
  const errors = [];
  try {
    if (initScript) await context.addInitScript({ content: initScript });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(String(error?.message ?? error).slice(0, 300)));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.evalReady === true, null, { timeout: 20_000 });
    await settle(page);
    return { context, page, errors };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Two animation frames: what the last change did is rendered. */
export function settle(page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** The page's state as JSON: the page in ours' frame when frame mode opened one (a late multi-page run). */
export function readState(page) {
  return page.evaluate(() => {
    const frame = document.querySelector('iframe[name="page-agent-frame"]');
    return JSON.parse(JSON.stringify((frame?.contentWindow ?? window).evalState()));
  });
}
