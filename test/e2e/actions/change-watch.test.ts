// The change watch behind every action's "what changed" notes: text changes are named, and a stopped
// action (its signal aborted) never calls the finish function, so the watch lets go of its
// MutationObserver and its submit, navigate and beforeunload listeners by itself; history.forward() with
// nowhere to go ends the watch's wait for the traversal after 2 s, and the page's history is its own again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

declare global {
  interface Window {
    Watch: typeof import('../../fixtures/actions/change-watch-entry.js');
  }
}

let web: StaticServer;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  web = await startStaticServer();
  web.route('/watch.html', {
    body: '<!doctype html><form onsubmit="event.preventDefault()"><button>Send</button></form><p id=status>Status: pending</p>',
  });
  ({ context, page } = await openPage());
  await page.goto(web.url('/watch.html'));
  await page.addScriptTag({ content: await bundleForBrowser('test/fixtures/actions/change-watch-entry.ts', 'Watch') });
});
afterAll(async () => {
  await context.close();
  await web.close();
});

describe('watchChanges', () => {
  it('reports a submitted form and added elements while running', async () => {
    const notes = (await page.evaluate(() => window.Watch.watchThenChange(false))).join(' ');
    expect(notes).toMatch(/The form .* was submitted \(the page handled it without leaving\)/);
    expect(notes).toMatch(/1 element appeared/);
  });

  it('names an element whose text changed, as it reads now', async () => {
    const notes = await page.evaluate(() => window.Watch.watchTextChange('Status: approved'));
    expect(notes).toEqual(['Text changed in <p id=status>Status: approved (shown as it is now).']);
  });

  it('waits a bounded time for a history traversal the browser never answers, then gives the page its history back', async () => {
    // The page has no entry to go forward to, so history.forward() does nothing.
    const result = await page.evaluate(() => window.Watch.watchDeadTraversal());
    expect(result.ownDuring).toBe(true);
    expect(result.notes).toEqual([]);
    expect(result.ms).toBeGreaterThanOrEqual(1900);
    expect(result.restored).toBe(true);
  });

  it('stops observing and listening once the action is stopped', async () => {
    const notes = await page.evaluate(() => window.Watch.watchThenChange(true));
    expect(notes).toEqual([]);
  });
});
