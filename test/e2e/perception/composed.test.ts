// Perception in Chromium across the composed tree: open shadow roots (nested, with slots, a button made
// of slotted content listed and clicked), closed shadow roots with and without early loading,
// same-origin frames two levels deep (coordinates checked through hit-testing and a real action) and a
// cross-origin frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexIn, lineFor, observe, openWith } from './harness.js';

let web: StaticServer;
let other: StaticServer;

beforeAll(async () => {
  web = await startStaticServer();
  other = await startStaticServer();
});
afterAll(async () => {
  await web.close();
  await other.close();
});

describe('shadow roots', () => {
  it('reads nested open shadow roots in flat-tree order, slotted content in its slot', async () => {
    const { context, page } = await openWith(web, '/test/fixtures/perception/shadow.html');
    try {
      const { content } = await observe(page);
      const lines = content.split('\n');
      const order = ['Light button', 'Card title', 'Inner pill', 'Shadow link', 'Slotted button'].map((text) => lines.findIndex((line) => line.includes(text)));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(lineFor(content, /^\[\d+\]<button>Inner pill \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<a>Shadow link \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<button>Slotted button \/>$/)).toBeDefined();
    } finally {
      await context.close();
    }
  });

  it('reads a closed shadow root when loaded before the page scripts', async () => {
    const { context, page } = await openWith(web, '/test/fixtures/perception/shadow.html', { early: true });
    try {
      const { content } = await observe(page);
      expect(content).toMatch(/^Closed text$/m);
      const line = lineFor(content, /^\[\d+\]<button>Closed inside \/>$/);
      expect(line).toBeDefined();
      // The index resolves to the element inside the closed root.
      const inside = await page.evaluate((index) => {
        const resolved = window.pc.registry.resolve(index);
        return resolved.ok && resolved.element.getRootNode() instanceof ShadowRoot && (resolved.element.getRootNode() as ShadowRoot).mode;
      }, indexIn(line));
      expect(inside).toBe('closed');
    } finally {
      await context.close();
    }
  });

  it('lists and clicks a shadow-root button whose whole face is slotted page content', async () => {
    // A web-component button: the pointer lands on the slotted <span>, whose composed parent is the slot inside the button.
    const { context, page } = await openWith(web, `<!doctype html><title>Slotted</title><p id="out">none</p>
<my-btn><span style="display:block;padding:10px">Slotted label</span></my-btn>
<script>customElements.define('my-btn', class extends HTMLElement { constructor() { super();
  this.attachShadow({ mode: 'open' }).innerHTML = '<button style="padding:0;border:0"><slot></slot></button>';
  this.shadowRoot.querySelector('button').addEventListener('click', () => { document.getElementById('out').textContent = 'clicked'; }); } });</script>`);
    try {
      const { content } = await observe(page);
      expect(content).not.toContain('covered');
      const index = indexIn(lineFor(content, /^\[\d+\]<button>Slotted label \/>$/));
      const result = await page.evaluate((i) => window.pc.clickElement(i), index);
      expect(result.success).toBe(true);
      expect(await page.textContent('#out')).toBe('clicked');
    } finally {
      await context.close();
    }
  });

  it('cannot read a closed shadow root when loaded after the page scripts', async () => {
    const { context, page } = await openWith(web, '/test/fixtures/perception/shadow.html');
    try {
      const { content } = await observe(page);
      expect(content).not.toContain('Closed inside');
      expect(lineFor(content, /^\[\d+\]<button>Light button \/>$/)).toBeDefined();
    } finally {
      await context.close();
    }
  });
});

describe('frames', () => {
  const top = () => `<!doctype html><title>Frames</title>
<style>body { margin: 30px; } iframe { display: block; border: 3px solid #000; padding: 4px; width: 700px; height: 420px; }</style>
<button>Top button</button>
<iframe id="outer" src="/test/fixtures/perception/frame-outer.html"></iframe>
<iframe id="foreign" src="${other.url('/test/fixtures/perception/frame-inner.html')}" style="height:80px"></iframe>`;

  async function openFrames() {
    const opened = await openWith(web, top());
    await opened.page.waitForFunction(() => {
      const outer = (document.getElementById('outer') as HTMLIFrameElement).contentDocument;
      const inner = (outer?.getElementById('inner') as HTMLIFrameElement | null)?.contentDocument;
      return inner?.readyState === 'complete' && inner.getElementById('inner-button') !== null;
    });
    return opened;
  }

  it('reads same-origin frames two levels deep and says when a frame cannot be read', async () => {
    const { context, page } = await openFrames();
    try {
      const { content } = await observe(page);
      expect(content).toMatch(/^Outer frame text$/m);
      expect(lineFor(content, /^\[\d+\]<button>Outer frame button \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<button>Inner frame button \/>$/)).toBeDefined();
      expect(content).toContain(`(<iframe src=${other.url('/test/fixtures/perception/frame-inner.html')}> is from another origin: its content cannot be read)`);
    } finally {
      await context.close();
    }
  });

  it('hit-tests inside nested frames in top-window coordinates', async () => {
    const { context, page } = await openFrames();
    try {
      const { content } = await observe(page);
      // A fixed banner inside the inner frame covers one of its buttons: only correct frame offsets find that.
      expect(content).not.toContain('Behind the frame banner');
      expect(content).toMatch(/\(1 element is covered by <div class=banner>Frame banner Dismiss and not listed; deal with it first\)/);
      expect(lineFor(content, /^\[\d+\]<button>Dismiss \/>$/)).toBeDefined();
    } finally {
      await context.close();
    }
  });

  it('gives indexes that actions can use inside a nested frame', async () => {
    const { context, page } = await openFrames();
    try {
      const { content } = await observe(page);
      const index = indexIn(lineFor(content, /<button>Inner frame button \/>/));
      const result = await page.evaluate((i) => window.pc.clickElement(i), index);
      expect(result.success).toBe(true);
      const clicked = await page.evaluate(
        () =>
          ((document.getElementById('outer') as HTMLIFrameElement).contentDocument!.getElementById('inner') as HTMLIFrameElement).contentDocument!.body
            .dataset.clicked,
      );
      expect(clicked).toBe('yes');
    } finally {
      await context.close();
    }
  });

  it('leaves a frame below the viewport out of a viewport-only reading', async () => {
    const { context, page } = await openFrames();
    try {
      await page.evaluate(() => {
        document.getElementById('outer')!.style.marginTop = '1200px';
        window.pc.config.viewportExpansion = 0;
      });
      const { content, footer } = await observe(page);
      expect(lineFor(content, /<button>Top button \/>/)).toBeDefined();
      expect(content).not.toContain('Inner frame button');
      expect(footer).toMatch(/below the listed part/);
    } finally {
      await context.close();
    }
  });
});
