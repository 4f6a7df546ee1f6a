// Perception against bad input in Chromium: a page that patches prototypes and globals after load,
// a 200k-element page (nested and flat), and documents that are replaced, emptied or detached.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { lineFor, listedLines, observe, openWith, perceptionBundle } from './harness.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

const RICH = `<!doctype html><title>Hostile</title>
<style>.ptr { cursor: pointer } .box { height: 60px; overflow: auto }</style>
<nav><a href="/a">Alpha</a> <a href="/b">Beta</a></nav>
<form><input name="q" placeholder="Search"><input type="password" name="pw" value="hunter2">
<select name="s"><option>One</option><option selected>Two</option></select><button>Go</button></form>
<table><tr><td>Cell 1</td><td>Cell 2</td><td><button aria-expanded="false">Row action</button></td></tr></table>
<div class="ptr">Pointer card</div>
<div class="box"><p>Scroll 1</p><p>Scroll 2</p><p>Scroll 3</p></div>
<my-host></my-host>
<script>
  customElements.define('my-host', class extends HTMLElement {
    constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow button</button>'; }
  });
</script>`;

describe('a page that patches builtins after load', () => {
  it('reads the same text as before the patches', async () => {
    const { context, page } = await openWith(web, RICH);
    try {
      const before = (await observe(page)).content;
      const after = await page.evaluate(async () => {
        const broken = () => {
          throw new Error('patched by the page');
        };
        const restore: Array<() => void> = [];
        const patch = (target: object, name: string, value: unknown = broken) => {
          const descriptor = Object.getOwnPropertyDescriptor(target, name);
          Object.defineProperty(target, name, { value, configurable: true, writable: true });
          restore[restore.length] = () => (descriptor ? Object.defineProperty(target, name, descriptor) : delete (target as Record<string, unknown>)[name]);
        };
        const patchGetter = (target: object, name: string) => {
          const descriptor = Object.getOwnPropertyDescriptor(target, name)!;
          Object.defineProperty(target, name, { get: broken, configurable: true });
          restore[restore.length] = () => Object.defineProperty(target, name, descriptor);
        };
        const arrays = ['push', 'pop', 'map', 'filter', 'forEach', 'join', 'indexOf', 'includes', 'slice', 'splice', 'sort', 'concat', 'reduce', 'some', 'every', 'find'];
        for (const name of arrays) patch(Array.prototype, name);
        for (const name of ['from', 'isArray']) patch(Array, name);
        for (const name of ['keys', 'entries', 'assign', 'getOwnPropertySymbols', 'create']) patch(Object, name);
        for (const name of ['trim', 'replace', 'slice', 'split', 'toLowerCase', 'indexOf', 'startsWith', 'charCodeAt', 'substring']) patch(String.prototype, name);
        for (const name of ['exec', 'test']) patch(RegExp.prototype, name);
        for (const name of ['get', 'set', 'has', 'delete']) patch(Map.prototype, name);
        for (const name of ['add', 'has']) patch(Set.prototype, name);
        for (const name of ['get', 'set', 'has']) patch(WeakMap.prototype, name);
        patch(WeakRef.prototype, 'deref');
        for (const name of ['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'getComputedStyle', 'parseFloat']) patch(window, name);
        for (const name of ['getAttribute', 'hasAttribute', 'getAttributeNames', 'getBoundingClientRect', 'getClientRects', 'matches', 'closest', 'querySelectorAll', 'querySelector', 'checkVisibility']) {
          patch(Element.prototype, name);
        }
        for (const name of ['firstChild', 'nextSibling', 'parentNode', 'nodeType', 'childNodes', 'textContent', 'isConnected']) patchGetter(Node.prototype, name);
        for (const name of ['localName', 'shadowRoot', 'children', 'scrollHeight', 'clientHeight']) patchGetter(Element.prototype, name);
        for (const name of ['top', 'left', 'right', 'bottom']) patchGetter(DOMRectReadOnly.prototype, name);
        for (const name of ['elementFromPoint', 'elementsFromPoint', 'querySelectorAll']) patch(Document.prototype, name);
        patch(CSSStyleDeclaration.prototype, 'getPropertyValue');
        for (const name of ['max', 'min', 'round', 'abs']) patch(Math, name);
        patch(Number.prototype, 'toFixed');
        patch(JSON, 'stringify');
        patch(Performance.prototype, 'now');
        patch(Date, 'now');
        (Object.prototype as Record<string, unknown>).polluted = 'yes';
        (Object.prototype as Record<string, unknown>).button = true;
        const call = Function.prototype.call;
        const apply = Function.prototype.apply;
        const bind = Function.prototype.bind;
        // Function.prototype.call/apply/bind last, and restored first: the test's own code needs them.
        Function.prototype.call = broken as never;
        Function.prototype.apply = broken as never;
        Function.prototype.bind = broken as never;
        let state: { content: string } | string;
        try {
          state = await window.pc.getBrowserState();
        } catch (error) {
          state = String(error);
        }
        Function.prototype.call = call;
        Function.prototype.apply = apply;
        Function.prototype.bind = bind;
        delete (Object.prototype as Record<string, unknown>).polluted;
        delete (Object.prototype as Record<string, unknown>).button;
        for (let i = restore.length - 1; i >= 0; i--) restore[i]!();
        return typeof state === 'string' ? state : state.content;
      });
      expect(after).toBe(before);
      expect(lineFor(after, /^\[\d+\]<button>Shadow button \/>$/)).toBeDefined();
      expect(after).not.toContain('hunter2');
    } finally {
      await context.close();
    }
  });
});

describe('a 200k-element page', () => {
  const NESTED = `<!doctype html><title>Huge</title><table id="t"></table><script>
    const rows = [];
    for (let i = 0; i < 20000; i++) rows.push('<tr><td><a href="#' + i + '">Row ' + i + '</a></td><td><span><b>x</b></span></td><td><button>Edit</button></td><td><i>y</i></td></tr>');
    document.getElementById('t').innerHTML = '<tbody>' + rows.join('') + '</tbody>';
  </script>`;
  const FLAT = `<!doctype html><title>Flat</title><div id="f"></div><script>
    const parts = [];
    for (let i = 0; i < 200000; i++) parts.push(i % 10 === 0 ? '<button>Flat ' + i + '</button>' : '<span>s' + i + '</span>');
    document.getElementById('f').innerHTML = parts.join('');
  </script>`;

  for (const [name, html, first] of [['nested', NESTED, /<a>Row 0 \/>/], ['flat', FLAT, /<button>Flat 0 \/>/]] as const) {
    it(`reads the ${name} page within the budget and says what was left out`, async () => {
      const { context, page } = await openWith(web, html);
      try {
        const count = await page.evaluate(() => document.getElementsByTagName('*').length);
        expect(count).toBeGreaterThan(200_000);
        const state = await observe(page);
        expect(lineFor(state.content, first)).toBeDefined();
        // The default budget is 2,200 tokens, estimated at 3 characters a token; number-heavy rows
        // tokenize denser, and listed elements may finish their text: allow 20%.
        expect(countTokens(state.content)).toBeLessThanOrEqual(2200 * 1.2);
        expect(state.footer).toMatch(/^\.\.\. \d+px below the listed part \(about \d+ more elements/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('replaced and detached documents', () => {
  it('reads a document rewritten with document.open/write', async () => {
    const { context, page } = await openWith(web, '<!doctype html><button>Old</button>');
    try {
      await observe(page);
      const content = await page.evaluate(async () => {
        const pc = window.pc;
        document.open();
        document.write('<!doctype html><p>Replaced</p><button>New</button>');
        document.close();
        return (await pc.getBrowserState()).content;
      });
      expect(content).toMatch(/^\*?\[\d+\]<button>New \/>$/m);
      expect(content).not.toContain('Old');
    } finally {
      await context.close();
    }
  });

  it('answers for a document without an element', async () => {
    const { context, page } = await openWith(web, '<!doctype html><button>Gone</button>');
    try {
      const state = await page.evaluate(async () => {
        document.documentElement.remove();
        return window.pc.getBrowserState();
      });
      expect(state.content).toBe('(The page has no content yet.)');
    } finally {
      await context.close();
    }
  });

  it('does not throw for a controller whose frame was removed', async () => {
    const { context, page } = await openWith(web, '<!doctype html><iframe id="f" srcdoc="<button>In frame</button>"></iframe>');
    try {
      await page.waitForFunction(() => (document.getElementById('f') as HTMLIFrameElement).contentDocument?.querySelector('button') !== null);
      const code = await perceptionBundle();
      const frame = page.frames()[1]!;
      await frame.addScriptTag({ content: `${code}\n;window.Perception = Perception; window.pc = new Perception.PageController({ highlight: false });` });
      const result = await page.evaluate(async () => {
        const frameWindow = (document.getElementById('f') as HTMLIFrameElement).contentWindow as Window & { pc: Window['pc'] };
        const pc = frameWindow.pc;
        const before = (await pc.getBrowserState()).content;
        document.getElementById('f')!.remove();
        try {
          const after = await pc.getBrowserState();
          return { before, after: after.content };
        } catch (error) {
          return { before, after: `threw ${String(error)}` };
        }
      });
      expect(listedLines(result.before)).toEqual(['[0]<button>In frame />']);
      expect(result.after).not.toMatch(/^threw/);
    } finally {
      await context.close();
    }
  });
});
