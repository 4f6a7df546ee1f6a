// State in every line (#11) in Chromium: native controls and ARIA widgets say checked/mixed, selected,
// expanded, pressed, disabled, readonly, required, invalid with the message a person reads, and their
// current value, in compact tokens on their own line; a calendar day carries its full date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexIn, lineFor, listedLines, observe, openWith } from './harness.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

const NATIVE = `<!doctype html><title>States</title>
<form id="f" onsubmit="return false">
<label><input type="checkbox" id="all"> All items</label>
<label><input type="checkbox" checked> Gift wrap</label>
<label>Coupon <input value="SPRING" readonly></label>
<label>Email <input type="email" id="email" required></label>
<label>Age <input type="number" min="18" max="99" value="42"></label>
<label>Nights <input role="spinbutton" aria-valuenow="3" value="3"></label>
<label>Volume <input type="range" min="0" max="10" value="7"></label>
<label>Size <select><option>S</option><option selected>M</option><option>L</option></select></label>
<fieldset disabled><legend>Billing</legend><label>VAT number <input></label></fieldset>
<details><summary>More options</summary><p>Hidden text</p></details>
<button type="submit">Send</button>
</form>
<script>document.getElementById('all').indeterminate = true;</script>`;

const ARIA = `<!doctype html><title>ARIA states</title>
<div role="switch" aria-checked="true" tabindex="0">Dark mode</div>
<div role="checkbox" aria-checked="mixed" tabindex="0">Select all</div>
<div role="menuitemradio" aria-checked="true" tabindex="0">Sort by date</div>
<div role="tablist"><div role="tab" aria-selected="true" tabindex="0">Profile</div><div role="tab" aria-selected="false" tabindex="-1">Billing</div></div>
<div role="treeitem" aria-expanded="true" aria-selected="true" tabindex="0">Documents</div>
<button aria-pressed="true">Bold</button>
<button aria-expanded="false">Filters</button>
<div role="slider" aria-valuenow="30" aria-valuetext="30 minutes" aria-label="Timeout" tabindex="0" style="width:200px;height:8px"></div>
<div role="spinbutton" aria-valuenow="4" aria-label="Guests" tabindex="0" style="width:60px;height:20px"></div>
<div role="textbox" contenteditable="true" aria-label="Notes" aria-required="true" aria-readonly="true" style="height:40px"></div>
<div role="button" aria-disabled="true" tabindex="0">Archive</div>
<label for="card">Card number</label> <input id="card" aria-invalid="true" aria-errormessage="card-error">
<p id="card-error">The card number is incomplete.</p>
<label for="zip">Postal code</label> <input id="zip" aria-invalid="true" aria-describedby="zip-help">
<p id="zip-help">Use 5 digits</p>`;

describe('state in every line', () => {
  it('shows a chosen file by its name, not the browser’s fake path', async () => {
    const { context, page, errors } = await openWith(web, '<!doctype html><title>Upload</title><label>Invoice <input type="file" id="f"></label>');
    try {
      await page.locator('#f').setInputFiles({ name: 'march-invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      expect(await page.locator('#f').inputValue()).toBe('C:\\fakepath\\march-invoice.pdf');
      const { content } = await observe(page);
      expect(listedLines(content)).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=file value=march-invoice\.pdf>Invoice \/>$/));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the state and value of native controls', async () => {
    const { context, page, errors } = await openWith(web, NATIVE);
    try {
      const { content } = await observe(page);
      const lines = listedLines(content);
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=checkbox checked=mixed>All items \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=checkbox checked>Gift wrap \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input value=SPRING readonly>Coupon \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=email required>Email \/>$/));
      // One value, once, with its bounds.
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=number value=42 min=18 max=99>Age \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input role=spinbutton value=3>Nights \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<input type=range value=7 min=0 max=10>Volume \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<select label=Size value=M>S \| M \| L \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\t\[\d+\]<input disabled>VAT number \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<summary collapsed>More options \/>$/));
      // Before the user touches the empty required field, it is not called invalid.
      expect(content).not.toMatch(/invalid/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says a field is invalid with the browser message once the user has left it wrong', async () => {
    const { context, page, errors } = await openWith(web, NATIVE);
    try {
      await page.fill('#email', 'not an email');
      await page.press('#email', 'Tab');
      const { content } = await observe(page);
      const line = lineFor(content, />Email \/>$/);
      const message = await page.evaluate(() => (document.getElementById('email') as HTMLInputElement).validationMessage);
      expect(message).not.toBe('');
      expect(line).toMatch(/^\[\d+\]<input type=email value=not an email required invalid=(.+)>Email \/>$/);
      expect(line).toContain('invalid=' + message.slice(0, 40));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the state and value of ARIA widgets, and the error message in the field line instead of a loose line', async () => {
    const { context, page, errors } = await openWith(web, ARIA);
    try {
      const { content } = await observe(page);
      const lines = listedLines(content);
      expect(lines).toEqual([
        expect.stringMatching(/^\[\d+\]<div role=switch checked>Dark mode \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=checkbox checked=mixed>Select all \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=menuitemradio checked>Sort by date \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=tab selected>Profile \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=tab>Billing \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=treeitem selected expanded>Documents \/>$/),
        expect.stringMatching(/^\[\d+\]<button pressed>Bold \/>$/),
        expect.stringMatching(/^\[\d+\]<button collapsed>Filters \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=slider value=30 minutes>Timeout \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=spinbutton value=4>Guests \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=textbox readonly required contenteditable>Notes \/>$/),
        expect.stringMatching(/^\[\d+\]<div role=button disabled>Archive \/>$/),
        expect.stringMatching(/^\[\d+\]<input invalid=The card number is incomplete\.>Card number \/>$/),
        expect.stringMatching(/^\[\d+\]<input invalid=Use 5 digits>Postal code \/>$/),
      ]);
      // The messages are in their fields' lines, not repeated as loose lines.
      expect(content.split('\n').filter((l) => l.includes('The card number is incomplete'))).toHaveLength(1);
      expect(content.split('\n').filter((l) => l.includes('Use 5 digits'))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('drops the colon a form layout adds after a label, in text or generated content', async () => {
    const html = `<!doctype html><title>Colons</title><style>.c::after { content: ":"; margin-left: 2px }</style>
<label for="a" class="c">Full name</label><input id="a">
<label for="b">City:</label><input id="b" placeholder="e.g. Paris">
<label for="c">Ratio 1:2</label><input id="c">`;
    const { context, page } = await openWith(web, html);
    try {
      const lines = listedLines((await observe(page)).content);
      expect(lines).toEqual([
        expect.stringMatching(/^\[\d+\]<input>Full name \/>$/),
        expect.stringMatching(/^\[\d+\]<input placeholder=e\.g\. Paris>City \/>$/),
        expect.stringMatching(/^\[\d+\]<input>Ratio 1:2 \/>$/),
      ]);
    } finally {
      await context.close();
    }
  });

  it('gives a calendar day its full date from the cell (aria-label, title, data-date), and a click picks it', async () => {
    const html = `<!doctype html><title>Calendar</title>
<p id="picked">none</p>
<table role="grid" aria-label="March 2025"><tr>
<td role="gridcell"><button aria-label="Friday, March 14, 2025">14</button></td>
<td title="2025-03-15" style="cursor:pointer">15</td>
<td data-date="2025-03-16"><a href="#d16">16</a></td>
</tr></table>
<script>document.querySelector('table').addEventListener('click', (e) => {
  const cell = e.target.closest('td'); document.getElementById('picked').textContent = cell.title || cell.dataset.date || e.target.getAttribute('aria-label');
});</script>`;
    const { context, page } = await openWith(web, html);
    try {
      const { content } = await observe(page);
      const lines = listedLines(content);
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<button label=Friday, March 14, 2025>14 \/>$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d+\]<td title=2025-03-15>15 \/>$/));
      const sixteenth = lineFor(content, />16 \/>$/);
      expect(sixteenth).toMatch(/^\[\d+\]<a data-date=2025-03-16>16 \/>$/);
      const result = await page.evaluate((i) => window.pc.clickElement(i), indexIn(sixteenth));
      expect(result.success).toBe(true);
      expect(await page.textContent('#picked')).toBe('2025-03-16');
    } finally {
      await context.close();
    }
  });
});
