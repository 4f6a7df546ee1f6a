// Perception in Chromium: every interactivity signal of issue 3 and what each listed line shows
// (attributes, values, states, select options, scroll containers, icon names).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { lineFor, listedLines, observe, openWith } from './harness.js';

const SIGNALS = `<!doctype html><title>Signals</title>
<style>.ptr { cursor: pointer } .scroller { height: 100px; overflow: auto } .scroller div { height: 50px }</style>
<a href="/x">Plain link</a>
<a>Anchor without href</a>
<button>Native button</button>
<input type="hidden" name="secret-hidden" value="hidden-value">
<input name="visible-field" value="hello">
<select name="fruit"><option>Apple</option><option selected>Banana</option><option>Cherry</option></select>
<textarea name="bio">Long bio text</textarea>
<details><summary>More details</summary><p>Inside details</p></details>
<div role="button">Role button</div>
<div role="tablist"><div role="tab" aria-selected="true">Tab one</div></div>
<div role="menu">Menu container text</div>
<div contenteditable="true"><p>Editable <b>rich</b> text</p></div>
<div tabindex="0">Focusable div</div>
<div tabindex="-1">Programmatic focus only</div>
<div onclick="void 0">Inline handler div</div>
<div id="prop">Property handler div</div>
<div class="ptr" id="card">Pointer card <span>inherited span</span> <a href="#in">inner link</a></div>
<span class="ptr">Pointer span</span>
<div class="scroller" id="scroller"><div>Row A</div><div>Row B</div><div>Row C</div><div>Row D</div></div>
<p>Just text</p>
<label><input type="checkbox" checked> Remember me</label>
<input type="radio" name="r" disabled>
<button aria-expanded="true">Open section</button>
<button aria-expanded="false">Closed section</button>
<button aria-haspopup="menu" aria-expanded="false">Menu</button>
<div><button data-page-agent-not-interactive>Never indexed</button></div>
<input type="range" min="0" max="10" value="3" name="vol">
<button disabled>Disabled button</button>
<a href="/icon"><svg width="10" height="10" aria-label="Settings icon"><rect width="10" height="10"/></svg></a>
<button class="btn-close icon-only"><i class="icon"></i></button>
<p><img alt="Decorative picture" width="5" height="5" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>
<label for="email">Email address</label><input id="email">
<button aria-label="Close dialog">×</button>
<script>document.getElementById('prop').onclick = () => {};</script>`;

let web: StaticServer;
let context: BrowserContext;
let page: Page;
let content: string;

beforeAll(async () => {
  web = await startStaticServer();
  ({ context, page } = await openWith(web, SIGNALS));
  content = (await observe(page)).content;
});
afterAll(async () => {
  await context.close();
  await web.close();
});

describe('interactive signals', () => {
  it('lists links with an href and leaves other anchors as text', () => {
    expect(lineFor(content, /^\[\d+\]<a>Plain link \/>$/)).toBeDefined();
    expect(content).toMatch(/^Anchor without href$/m);
  });

  it('lists buttons, fields, selects, textareas and summaries, not hidden inputs', () => {
    expect(lineFor(content, /^\[\d+\]<button>Native button \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input name=visible-field value=hello \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<select name=fruit value=Banana>Apple \| Banana \| Cherry \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<textarea name=bio>Long bio text \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<summary collapsed>More details \/>$/)).toBeDefined();
    expect(content).not.toContain('hidden-value');
    expect(content).not.toContain('secret-hidden');
  });

  it('lists ARIA widget roles but not composite containers', () => {
    expect(lineFor(content, /^\[\d+\]<div role=button>Role button \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<div role=tab selected>Tab one \/>$/)).toBeDefined();
    expect(content).toMatch(/^Menu container text$/m);
  });

  it('lists an editing host once, with its content as its text', () => {
    expect(lineFor(content, /^\[\d+\]<div contenteditable>Editable rich text \/>$/)).toBeDefined();
    expect(listedLines(content).filter((line) => /<(p|b)[ >]/.test(line))).toEqual([]);
  });

  it('lists tabindex >= 0 but not tabindex -1', () => {
    expect(lineFor(content, /^\[\d+\]<div>Focusable div \/>$/)).toBeDefined();
    expect(content).toMatch(/^Programmatic focus only$/m);
  });

  it('lists inline and property handlers', () => {
    expect(lineFor(content, /^\[\d+\]<div>Inline handler div \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<div>Property handler div \/>$/)).toBeDefined();
  });

  it('lists where a pointer cursor starts, not where it is inherited, and nests listed descendants', () => {
    const card = content.split('\n').findIndex((line) => /^\[\d+\]<div>Pointer card inherited span \/>$/.test(line));
    expect(card).toBeGreaterThanOrEqual(0);
    expect(content.split('\n')[card + 1]).toMatch(/^\t\[\d+\]<a>inner link \/>$/);
    expect(listedLines(content).some((line) => /<span>inherited span/.test(line))).toBe(false);
    expect(lineFor(content, /^\[\d+\]<span>Pointer span \/>$/)).toBeDefined();
  });

  it('marks scroll containers with how far they can still scroll', () => {
    const line = lineFor(content, /data-scrollable/);
    expect(line).toMatch(/^\[\d+\]<div data-scrollable="bottom=100" \/>$/);
    expect(content).toMatch(/^\tRow A$/m);
  });

  it('shows checked, disabled, expanded, collapsed and popup state', () => {
    expect(lineFor(content, /^\[\d+\]<input type=checkbox checked>Remember me \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input type=radio name=r disabled \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button expanded>Open section \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button collapsed>Closed section \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button popup=menu>Menu \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button disabled>Disabled button \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input type=range name=vol value=3 min=0 max=10 \/>$/)).toBeDefined();
  });

  it('never lists data-page-agent-not-interactive content but still shows its text', () => {
    expect(content).toMatch(/^Never indexed$/m);
    expect(listedLines(content).some((line) => line.includes('Never indexed'))).toBe(false);
  });

  it('names icon-only controls from alt text, labels or their class', () => {
    expect(lineFor(content, /^\[\d+\]<a>Settings icon \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button class=btn-close icon-only \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button label=Close dialog>× \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input>Email address \/>$/)).toBeDefined();
    expect(content).not.toContain('Decorative picture');
  });

  it('numbers listed elements from 0 in document order on the first observation, with no new marks', () => {
    const indexes = listedLines(content).map((line) => Number(/\[(\d+)\]/.exec(line)![1]));
    expect(indexes[0]).toBe(0);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    expect(content).not.toMatch(/^\t*\*\[/m);
  });

  it('keeps each line as the description actions quote', async () => {
    const description = await page.evaluate(() => {
      const index = window.pc.registry.listedIndexes[0]!;
      return window.pc.registry.description(index);
    });
    expect(description).toBe(listedLines(content)[0]!.replace(/^\t*\*?/, ''));
  });
});

describe('secret values', () => {
  const SECRETS = `<!doctype html><title>Secrets</title>
<input type="password" name="pw" value="hunter2">
<input type="password" name="empty-pw">
<input name="card" autocomplete="cc-number" value="4111111111111111">
<input name="cvc" value="123">
<input name="code" autocomplete="one-time-code" value="987654">
<input id="toggle" type="password" value="s3cret">
<input name="plain" value="visible">`;

  it('never shows password, card, security-code or one-time-code values, only whether they are filled', async () => {
    const opened = await openWith(web, SECRETS, { config: { includeAttributes: ['value', 'data-*'] } });
    try {
      const first = (await observe(opened.page)).content;
      for (const secret of ['hunter2', '4111111111111111', '987654', 's3cret']) expect(first).not.toContain(secret);
      expect(first).not.toMatch(/value=123\b/);
      expect(lineFor(first, /^\[\d+\]<input type=password name=pw value=\(hidden, filled\) \/>$/)).toBeDefined();
      expect(lineFor(first, /^\[\d+\]<input type=password name=empty-pw \/>$/)).toBeDefined();
      expect(lineFor(first, /^\[\d+\]<input name=card value=\(hidden, filled\) \/>$/)).toBeDefined();
      expect(lineFor(first, /^\[\d+\]<input name=plain value=visible \/>$/)).toBeDefined();
      // A "show password" toggle turns the field into text: it stays masked.
      await opened.page.evaluate(() => document.getElementById('toggle')!.setAttribute('type', 'text'));
      const second = (await observe(opened.page)).content;
      expect(second).not.toContain('s3cret');
    } finally {
      await opened.context.close();
    }
  });
});
