// Perception in Chromium: hidden content is left out (display, visibility, opacity, zero size, clipping,
// inert, aria-hidden, ignored subtrees, parked off-page), covered elements are left out with a note,
// and an open modal makes the rest of the page inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { lineFor, listedLines, observe, openWith } from './harness.js';

const HIDDEN = `<!doctype html><title>Hidden</title>
<style>
  .cookie { position: fixed; bottom: 0; left: 0; right: 0; height: 120px; background: #333; color: #fff; z-index: 10; }
  .clip { width: 200px; height: 30px; overflow: hidden; }
  .clip .far { margin-top: 100px; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
</style>
<button style="display:none">Display none</button>
<div style="visibility:hidden"><button>Visibility hidden</button><button style="visibility:visible">Visible inside hidden</button><span>Hidden text</span></div>
<button style="opacity:0">Transparent</button>
<div style="opacity:0"><button>Inside transparent</button></div>
<label><input type="checkbox" style="opacity:0; position:absolute" name="custom"> Custom checkbox</label>
<button style="width:0; height:0; padding:0; border:0; overflow:hidden">Zero size</button>
<div class="clip"><button>Clip visible</button><div class="far"><button>Clipped away</button></div></div>
<div inert><button>Inert button</button></div>
<div aria-hidden="true"><button>Aria hidden</button></div>
<div data-page-agent-ignore><button>Agent UI</button></div>
<div id="panel-host"><button>Panel via option</button></div>
<script>var leak = 'Script text';</script><template><button>Template</button></template><noscript>Noscript text</noscript>
<span class="sr-only">Screen reader only</span>
<a href="#parked" style="position:absolute; left:-9999px">Parked link</a>
<p>Visible paragraph</p>
<button id="under" style="position:absolute; top:720px; left:20px">Under the banner</button>
<div class="cookie">We use cookies <button>Accept</button></div>`;

let web: StaticServer;
let context: BrowserContext;
let page: Page;
let content: string;

beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openWith(web, HIDDEN));
  await page.evaluate(() => {
    window.pc.config.ignoreElements = [() => document.getElementById('panel-host')];
  });
  content = (await observe(page)).content;
});
afterAll(async () => {
  await context.close();
  await web.close();
});

describe('hidden content', () => {
  it.each([
    'Display none', 'Visibility hidden', 'Hidden text', 'Transparent', 'Inside transparent', 'Zero size', 'Clipped away', 'Inert button',
    'Aria hidden', 'Agent UI', 'Panel via option', 'Script text', 'Template', 'Noscript text', 'Screen reader only', 'Parked link',
  ])('leaves out %s', (text) => {
    expect(content).not.toContain(text);
  });

  it('lists what overrides a hidden ancestor and what clipping leaves visible', () => {
    expect(lineFor(content, /^\[\d+\]<button>Visible inside hidden \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button>Clip visible \/>$/)).toBeDefined();
    expect(content).toMatch(/^Visible paragraph$/m);
  });

  it('lists a native checkbox hidden with opacity under a custom drawing as its label, with the kind (#11)', () => {
    expect(lineFor(content, /^\[\d+\]<label type=checkbox( name=custom)?>Custom checkbox \/>$/)).toBeDefined();
    expect(content).not.toMatch(/<input type=checkbox name=custom/);
  });
});

describe('covered elements', () => {
  it('leaves out what a banner covers and tells the model to deal with the banner first', () => {
    expect(content).not.toContain('Under the banner');
    expect(content).toMatch(/^\(1 element is covered by <div class=cookie>We use cookies Accept and not listed; deal with it first\)$/m);
    expect(lineFor(content, /^\[\d+\]<button>Accept \/>$/)).toBeDefined();
  });

  it('lists the element again once the cover is gone', async () => {
    await page.evaluate(() => document.querySelector('.cookie')!.remove());
    const after = (await observe(page)).content;
    expect(lineFor(after, /^\*?\[\d+\]<button>Under the banner \/>$/)).toBeDefined();
    expect(after).not.toContain('covered by');
  });
});

describe('modal dialogs', () => {
  const background = '<p>Background text</p><button>Background button</button>';

  it('lists only a native modal dialog while it is open', async () => {
    const opened = await openWith(web, `<!doctype html>${background}<dialog id="d"><p>Delete the order?</p><button>Cancel</button><button>Delete</button></dialog>`);
    try {
      const closed = (await observe(opened.page)).content;
      expect(lineFor(closed, /<button>Background button \/>/)).toBeDefined();
      expect(closed).not.toContain('Delete the order?');
      await opened.page.evaluate(() => (document.getElementById('d') as HTMLDialogElement).showModal());
      const open = (await observe(opened.page)).content;
      expect(open).toMatch(/^\(A modal dialog is open: only its content is listed; the page behind it is inert until it is closed\)$/m);
      expect(open).toContain('Delete the order?');
      expect(listedLines(open).map((line) => line.replace(/^\*?\[\d+\]/, ''))).toEqual(['<button>Cancel />', '<button>Delete />']);
      expect(open).not.toContain('Background');
    } finally {
      await opened.context.close();
    }
  });

  it('treats a visible aria-modal element the same way', async () => {
    const opened = await openWith(
      web,
      `<!doctype html>${background}<div role="dialog" aria-modal="true" style="position:fixed; inset:20%; background:#fff">Sign in <input name="user"><button>Go</button></div>`,
    );
    try {
      const open = (await observe(opened.page)).content;
      expect(open).toContain('A modal dialog is open');
      expect(lineFor(open, /^\[\d+\]<input name=user \/>$/)).toBeDefined();
      expect(open).not.toContain('Background');
    } finally {
      await opened.context.close();
    }
  });
});
