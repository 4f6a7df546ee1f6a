// Accessible names in the page text, in Chromium: each naming rule of accname 1.2 as a listed line
// shows it (labels, aria-labelledby, aria-label, embedded controls, generated content, title,
// placeholder last), group names above their controls, no loose repeat of text a line carries, and
// bad input (labelledby cycles, missing ids, huge labels, patched prototypes, shadow roots) giving
// a bounded name or none, never a throw or a hang.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { lineFor, listedLines, observe, openWith } from './harness.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

const FORM = `<!doctype html><title>Names</title>
<style>.pre::before { content: "Delete "; } .star::after { content: " *"; }</style>
<label><input type="checkbox" name="remember"> Remember me</label>
<p><label for="departure">Departure date</label> <input id="departure" placeholder="Pick a date"></p>
<p><label for="qty">Quantity</label> <input id="qty" type="number" value="2"> <label for="qty">(at most 5)</label></p>
<p><span id="hidden-name" hidden>Search the catalogue</span><input aria-labelledby="hidden-name"></p>
<p><label for="author">Visible words</label><input id="author" aria-label="Author's name"></p>
<p><label><input type="checkbox" name="digest"> Send a <select name="freq"><option>weekly</option><option selected>daily</option></select> digest</label></p>
<p><button aria-labelledby="draft-name"></button> <span id="draft-name" class="pre">draft</span></p>
<p><input title="Coupon code"> <input placeholder="Search"> <input type="submit" value="Send now"></p>
<p><label for="email" class="star">Email</label><input id="email" type="email"></p>
<fieldset><legend>Shipping</legend>
  <label><input type="radio" name="ship" checked> Standard</label>
  <label><input type="radio" name="ship"> Express</label>
</fieldset>
<div role="radiogroup" aria-label="Size">
  <label><input type="radio" name="size"> Small</label>
  <label><input type="radio" name="size"> Large</label>
</div>
<fieldset><legend>Only text here</legend><p>Nothing to click</p></fieldset>
<p><label for="country">Country</label>
<span style="cursor: pointer; display: inline-block"><input id="country" readonly style="opacity: 0; position: absolute; width: 4px"><span>France</span></span></p>
<p><label for="notify">Email notifications</label> <button id="notify" role="switch" aria-checked="true" style="width: 30px; height: 16px"></button></p>
<p><span id="pw-label">Password</span> <input type="password" id="pw" value="hunter2" aria-labelledby="pw-label pw"></p>
<p><label><input type="checkbox" name="save-card"> Save card <input name="cvc" value="731" size="3"> for later</label></p>`;

describe('names in the page text', () => {
  let content = '';
  beforeAll(async () => {
    const { context, page } = await openWith(web, FORM);
    content = (await observe(page)).content;
    await context.close();
  });

  it('names a checkbox by its wrapping label, on its own line, without a loose copy', () => {
    expect(lineFor(content, /^\[\d+\]<input type=checkbox>Remember me \/>$/)).toBeDefined();
    expect(content).not.toMatch(/^\t*Remember me$/m);
  });

  it('keeps a <label for> when the field also has a placeholder', () => {
    expect(lineFor(content, /^\[\d+\]<input placeholder=Pick a date>Departure date \/>$/)).toBeDefined();
    expect(content).not.toMatch(/^\t*Departure date$/m);
  });

  it('joins several labels of one control', () => {
    expect(lineFor(content, /^\[\d+\]<input type=number value=2>Quantity \(at most 5\) \/>$/)).toBeDefined();
  });

  it('reads hidden text named by aria-labelledby', () => {
    expect(lineFor(content, /^\[\d+\]<input>Search the catalogue \/>$/)).toBeDefined();
  });

  it('lets aria-label win over a <label>', () => {
    expect(lineFor(content, /^\[\d+\]<input>Author's name \/>$/)).toBeDefined();
  });

  it('reads an embedded control by its value inside another control\'s label', () => {
    expect(lineFor(content, /^\[\d+\]<input type=checkbox>Send a daily digest \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<select name=freq value=daily>weekly \| daily \/>$/)).toBeDefined();
  });

  it('never puts a secret field\'s value in a name, embedded in a label or in its own labelledby', () => {
    expect(content).not.toContain('hunter2');
    expect(content).not.toContain('731');
    expect(lineFor(content, /^\[\d+\]<input type=checkbox>Save card +for later \/>$/)).toBeDefined();
  });

  it('includes ::before and ::after content', () => {
    expect(lineFor(content, /^\[\d+\]<button>Delete draft \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input type=email>Email \* \/>$/)).toBeDefined();
  });

  it('falls back to the title, then the placeholder, as attributes', () => {
    expect(lineFor(content, /^\[\d+\]<input title=Coupon code \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input placeholder=Search \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<input type=submit>Send now \/>$/)).toBeDefined();
  });

  it('heads a fieldset\'s controls with its legend and a radiogroup\'s with its label', () => {
    const lines = content.split('\n');
    const shipping = lines.indexOf('Shipping');
    expect(shipping).toBeGreaterThanOrEqual(0);
    expect(lines[shipping + 1]).toMatch(/^\t\[\d+\]<input type=radio checked>Standard \/>$/);
    expect(lines[shipping + 2]).toMatch(/^\t\[\d+\]<input type=radio>Express \/>$/);
    const size = lines.indexOf('Size');
    expect(size).toBeGreaterThanOrEqual(0);
    expect(lines[size + 1]).toMatch(/^\t\[\d+\]<input type=radio>Small \/>$/);
    expect(content.match(/^\t*Shipping$/gm)).toHaveLength(1);
  });

  it('gives the name of a hidden native control to the custom box around it, and names buttons by their labels', () => {
    expect(lineFor(content, /^\[\d+\]<span label=Country>France \/>$/)).toBeDefined();
    expect(lineFor(content, /^\[\d+\]<button role=switch checked>Email notifications \/>$/)).toBeDefined();
    expect(content).not.toMatch(/^\t*(Country|Email notifications)$/m);
  });

  it('leaves a group without controls as plain text', () => {
    expect(content).toMatch(/^Only text here$/m);
    expect(content).toMatch(/^Nothing to click$/m);
  });
});

describe('the README example', () => {
  it('reads the example (labelled checkbox, pill radio group, invalid field) exactly as README shows it', async () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const example = /```html\n(<label><input type="checkbox" checked> Remember me<\/label>[\s\S]*?)```\s*```\n([\s\S]*?)```/.exec(readme);
    expect(example).not.toBeNull();
    const { context, page } = await openWith(web, `<!doctype html>${example![1]}`);
    try {
      expect((await observe(page)).content).toBe(example![2]!.trimEnd());
    } finally {
      await context.close();
    }
  });
});

describe('names from bad input', () => {
  it('stays bounded with labelledby cycles, missing ids, huge and deep labels', async () => {
    const huge = 'word '.repeat(40_000);
    const deep = '<span>'.repeat(400) + 'deep' + '</span>'.repeat(400);
    const wide = '<i>w</i> '.repeat(10_000);
    const { context, page, errors } = await openWith(
      web,
      `<!doctype html>
<button id="a" aria-labelledby="b">A</button><button id="b" aria-labelledby="a">B</button>
<button aria-labelledby="nope missing" aria-label="Fallback name"></button>
<button aria-labelledby="self" id="self">Self</button>
<p><label for="big">${huge}</label><input id="big"></p>
<p><label>${deep}<input type="checkbox" name="deep"></label> <label><input type="checkbox" name="wide">${wide}</label></p>`,
    );
    try {
      const content = (await observe(page)).content;
      expect(lineFor(content, /^\[\d+\]<button label=B>A \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<button label=A>B \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<button>Fallback name \/>$/)).toBeDefined();
      expect(lineFor(content, /^\[\d+\]<button>Self \/>$/)).toBeDefined();
      const big = lineFor(content, /^\[\d+\]<input>word word/)!;
      expect(big.length).toBeLessThan(150);
      // The cut name does not carry the label: its text stays (clipped) where it is.
      expect(content).toMatch(/^word word/m);
      expect(lineFor(content, /^\[\d+\]<input type=checkbox>deep \/>$/)).toBeDefined();
      // A label of 20,000 nodes: the name stops at the visit limit, the line at 120 characters.
      expect(lineFor(content, /^\[\d+\]<input type=checkbox>w w w .{100,}\/>$/)).toBeDefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names controls the same after the page breaks the prototypes it reads', async () => {
    const { context, page } = await openWith(web, FORM);
    try {
      const before = (await observe(page)).content;
      const after = await page.evaluate(async () => {
        const broken = () => {
          throw new Error('patched by the page');
        };
        for (const [proto, name] of [
          [Node.prototype, 'textContent'], [Node.prototype, 'firstChild'], [Node.prototype, 'nextSibling'], [Node.prototype, 'nodeType'],
          [HTMLInputElement.prototype, 'labels'], [HTMLInputElement.prototype, 'value'], [Element.prototype, 'localName'], [Element.prototype, 'shadowRoot'],
        ] as const) Object.defineProperty(proto, name, { get: broken, configurable: true });
        for (const [proto, name] of [[Element.prototype, 'getAttribute'], [Element.prototype, 'closest'], [Document.prototype, 'getElementById']] as const) {
          Object.defineProperty(proto, name, { value: broken, configurable: true, writable: true });
        }
        (window as unknown as Record<string, unknown>).getComputedStyle = broken;
        return (await window.pc.getBrowserState()).content;
      });
      expect(after).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('masks names inside data-page-agent-mask like the rest of its text', async () => {
    const { context, page } = await openWith(
      web,
      `<!doctype html><div data-page-agent-mask><label><input type="checkbox"> Diagnosis: flu</label>
<div role="radiogroup" aria-label="Blood type"><label><input type="radio" name="b"> Type A</label></div></div>`,
    );
    try {
      const content = (await observe(page)).content;
      expect(content).not.toMatch(/flu|Blood|Type A/);
      expect(lineFor(content, /^\[\d+\]<input type=checkbox>\[masked\] \/>$/)).toBeDefined();
    } finally {
      await context.close();
    }
  });

  it('uses labels and labelledby targets of the same tree scope only', async () => {
    const { context, page } = await openWith(
      web,
      `<!doctype html><label for="inner">Outside label</label><span id="outer-name">Outside name</span><my-field></my-field>
<script>
customElements.define('my-field', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<label for="inner">Inside label</label><input id="inner"><input id="other" aria-labelledby="outer-name" title="Own title">';
  }
});
</script>`,
    );
    try {
      const content = (await observe(page)).content;
      expect(lineFor(content, /^\t*\[\d+\]<input>Inside label \/>$/)).toBeDefined();
      expect(lineFor(content, /^\t*\[\d+\]<input title=Own title \/>$/)).toBeDefined();
      expect(listedLines(content).some((line) => line.includes('Outside'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});
