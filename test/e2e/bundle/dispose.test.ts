// dispose() leaves the page as it found it: after a task run through the panel, with highlights,
// the mask and the cursor shown, the document, the window's own properties, the adopted style
// sheets are what they were before the script loaded, and no listener of the bundle is left on
// window, document, <html> or <body>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, heldReply, PLAIN_BODY, plainScript, requireBundle, script, typeTask, waitForStatus } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
  web.route('/plain.html', { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>${PLAIN_BODY}${plainScript()}</body></html>` });
});
afterAll(async () => {
  await web.close();
  await llm.close();
});

/** Listeners on window, document, <html> and <body> whose handler comes from a script in `scriptIds`. */
async function listenersFrom(session: CDPSession, scriptIds: Set<string>): Promise<string[]> {
  const found: string[] = [];
  for (const expression of ['window', 'document', 'document.documentElement', 'document.body']) {
    const { result } = (await session.send('Runtime.evaluate', { expression })) as { result: { objectId: string } };
    const { listeners } = (await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId })) as {
      listeners: Array<{ type: string; useCapture: boolean; scriptId: string }>;
    };
    for (const listener of listeners) if (scriptIds.has(listener.scriptId)) found.push(`${expression}:${listener.type}:${listener.useCapture}`);
  }
  return found.sort();
}

async function snapshot(page: Page, session: CDPSession) {
  return {
    html: await page.evaluate(() => {
      const clone = document.documentElement.cloneNode(true) as Element;
      // The script element that loaded the bundle is the page's (the bookmarklet adds it); ours is what it added.
      for (const tag of clone.querySelectorAll('script[src*="page-agent"]')) tag.remove();
      return clone.outerHTML;
    }),
    // The loaded script keeps its class, its loader queue and lit's version list; the agent instance goes.
    globals: await page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => !['PageAgent', 'pageAgentQueue', 'litHtmlVersions'].includes(name)).sort()),
    sheets: await page.evaluate(() => document.adoptedStyleSheets.length),
  };
}

describe('dispose', () => {
  it('leaves the page as it was before the script loaded, after a run with overlays and the panel', async () => {
    llm.reset();
    const held = heldReply(() => done('Added one item.'));
    llm.setHandler(script([clickOn('Add to cart'), held.reply]));
    const { context, page, errors } = await openPage();
    const session = await context.newCDPSession(page);
    // The bundle's script ids, to tell its listeners from the page's and Playwright's.
    const ours = new Set<string>();
    session.on('Debugger.scriptParsed', (event: { scriptId: string; url: string }) => {
      if (/page-agent\.iife/.test(event.url)) ours.add(event.scriptId);
    });
    await session.send('Debugger.enable');
    await page.goto(web.url('/plain.html'));
    const before = await snapshot(page, session);
    await page.evaluate(
      ([src, baseURL]) =>
        new Promise<void>((loaded) => {
          const tag = document.createElement('script');
          tag.src = src;
          tag.dataset.baseUrl = baseURL;
          tag.dataset.model = 'm';
          tag.dataset.highlight = 'all';
          tag.onload = () => loaded();
          document.head.append(tag);
        }),
      [web.url('/dist/page-agent.iife.js'), llm.baseURL] as const,
    );
    await expect.poll(() => ours.size).toBeGreaterThan(0);
    await typeTask(page, 'add one item');
    // Mid-run (highlights drawn, mask shown) the bundle listens on the window: the last check can fail.
    await page.waitForFunction(() => document.getElementById('count')!.textContent === '1');
    await expect.poll(async () => (await listenersFrom(session, ours)).length).toBeGreaterThan(0);
    held.open();
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    await page.evaluate(() => (window as any).pageAgent.dispose());
    const after = await snapshot(page, session);
    // The page's own change (the counter) is the task's effect, not ours.
    expect(after.html).toBe(before.html.replace('id="count">0<', 'id="count">1<'));
    expect(after.globals).toEqual(before.globals);
    expect(after.sheets).toBe(before.sheets);
    expect(await listenersFrom(session, ours)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
