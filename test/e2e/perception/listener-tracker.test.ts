// The early-load listener tracker in Chromium: a div whose only sign of interactivity is
// addEventListener('click') is listed when the bundle runs before the page's scripts and not
// otherwise; removals and aborted signals are followed; the wrappers look native; uninstalling restores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { lineFor, listedLines, observe, openWith } from './harness.js';

const PAGE = `<!doctype html><title>Listeners</title>
<div id="plain">Listener only</div>
<div id="keys">Key listener only</div>
<div id="removed">Listener removed</div>
<div id="aborted">Listener aborted</div>
<div id="delegating">Delegating root <span>child text</span></div>
<script>
  window.clicks = 0;
  const noop = () => {};
  document.getElementById('plain').addEventListener('click', () => window.clicks++);
  document.getElementById('keys').addEventListener('keydown', noop);
  const removed = document.getElementById('removed');
  removed.addEventListener('click', noop, true);
  removed.removeEventListener('click', noop, true);
  const controller = new AbortController();
  document.getElementById('aborted').addEventListener('mousedown', noop, { signal: controller.signal });
  controller.abort();
  const root = document.getElementById('delegating');
  for (const type of ['click', 'dblclick', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'keydown', 'keyup', 'input', 'change', 'touchstart']) {
    root.addEventListener(type, noop);
  }
</script>`;

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

describe('listener tracker', () => {
  it('lists a listener-only div when loaded early, not one whose listener was removed or aborted, nor a delegating root', async () => {
    const { context, page } = await openWith(web, PAGE, { early: true });
    try {
      const { content } = await observe(page);
      expect(lineFor(content, /^\[\d+\]<div>Listener only \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<div>Key listener only \/>$/)).toBeDefined();
      expect(content).toMatch(/^Listener removed$/m);
      expect(content).toMatch(/^Listener aborted$/m);
      expect(listedLines(content).some((line) => line.includes('Delegating root'))).toBe(false);
      const tracked = await page.evaluate(() => ({
        keydown: window.Perception.hasTrackedListener(document.getElementById('keys')!, 'keydown'),
        click: window.Perception.hasTrackedListener(document.getElementById('keys')!, 'click'),
        removed: window.Perception.hasTrackedListener(document.getElementById('removed')!),
      }));
      expect(tracked).toEqual({ keydown: true, click: false, removed: false });
    } finally {
      await context.close();
    }
  });

  it('cannot see such a div when loaded after the page scripts', async () => {
    const { context, page } = await openWith(web, PAGE);
    try {
      const { content } = await observe(page);
      expect(content).toMatch(/^Listener only$/m);
      expect(listedLines(content).some((line) => line.includes('Listener only'))).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('is invisible to the page: native-looking functions, working listeners', async () => {
    const { context, page } = await openWith(web, PAGE, { early: true });
    try {
      const seen = await page.evaluate(() => {
        const add = EventTarget.prototype.addEventListener;
        const attach = Element.prototype.attachShadow;
        const descriptor = Object.getOwnPropertyDescriptor(EventTarget.prototype, 'addEventListener')!;
        document.getElementById('plain')!.click();
        let once = 0;
        const target = document.createElement('div');
        target.addEventListener('click', () => once++, { once: true });
        target.click();
        target.click();
        return {
          addText: String(add),
          viaToString: Function.prototype.toString.call(add),
          toStringText: Function.prototype.toString.toString(),
          attachText: String(attach),
          name: add.name,
          length: add.length,
          removeName: EventTarget.prototype.removeEventListener.name,
          attachLength: attach.length,
          writable: descriptor.writable,
          enumerable: descriptor.enumerable,
          clicks: (window as unknown as { clicks: number }).clicks,
          once,
        };
      });
      expect(seen).toEqual({
        addText: 'function addEventListener() { [native code] }',
        viaToString: 'function addEventListener() { [native code] }',
        toStringText: 'function toString() { [native code] }',
        attachText: 'function attachShadow() { [native code] }',
        name: 'addEventListener',
        length: 2,
        removeName: 'removeEventListener',
        attachLength: 1,
        writable: true,
        enumerable: true,
        clicks: 1,
        once: 1,
      });
    } finally {
      await context.close();
    }
  });

  it('restores the original methods when uninstalled', async () => {
    const { context, page } = await openWith(web, PAGE, { early: true });
    try {
      const after = await page.evaluate(() => {
        window.Perception.uninstallListenerTracker();
        const div = document.createElement('div');
        div.addEventListener('click', () => {});
        return {
          tracked: window.Perception.hasTrackedListener(div, 'click'),
          installed: window.Perception.isListenerTrackerInstalled(),
          text: String(EventTarget.prototype.addEventListener),
          toStringPatched: Function.prototype.toString.call(Function.prototype.toString),
        };
      });
      expect(after).toEqual({
        tracked: false,
        installed: false,
        text: 'function addEventListener() { [native code] }',
        toStringPatched: 'function toString() { [native code] }',
      });
    } finally {
      await context.close();
    }
  });
});
