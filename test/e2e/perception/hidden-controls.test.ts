// Visually hidden checkboxes and radios in Chromium (#11): each hiding technique (clip, 1px,
// opacity 0, appearance:none painting nothing, off-screen, display:none) gives exactly one listed
// line, the visible label, with the control's kind and state, and clicking that index changes the
// control through the real click path. Visible controls are left as they are.
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

const HIDING: Record<string, string> = {
  'sr-only clip': 'position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);border:0;padding:0',
  '1px box': 'position:absolute;width:1px;height:1px;margin:0',
  'clip-path': 'position:absolute;clip-path:inset(50%)',
  'opacity 0 over the label': 'position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0',
  'appearance none painting nothing': 'appearance:none;-webkit-appearance:none;margin:0;width:16px;height:16px;border:0;background:transparent',
  'off-screen': 'position:absolute;left:-9999px',
  'display none': 'display:none',
  'zero size': 'position:absolute;width:0;height:0;opacity:0.01',
};

function pillPage(style: string): string {
  return `<!doctype html><title>Pills</title>
<style>.pill { position:relative; display:inline-block; padding:6px 14px; border:1px solid #888; border-radius:16px; cursor:pointer; margin:20px }
.box { position:relative; display:inline-block; padding:6px 14px; margin:20px }
.hidden { ${style} } input:checked + .face { font-weight:bold }</style>
<h2>Shipping</h2>
<label class="pill"><input class="hidden" type="radio" name="ship" value="standard" checked><span class="face">Standard</span></label>
<label class="pill"><input class="hidden" type="radio" name="ship" value="express"><span class="face">Express</span></label>
<h2>Extras</h2>
<span class="box"><input class="hidden" type="checkbox" id="gift" name="gift"><label for="gift" class="face">Gift wrap</label></span>`;
}

describe('visually hidden checkboxes and radios', () => {
  for (const [name, style] of Object.entries(HIDING)) {
    it(`lists the label of a ${name} radio and checkbox once, with kind and state, and a click changes the control`, async () => {
      const { context, page, errors } = await openWith(web, pillPage(style));
      try {
        const { content } = await observe(page);
        expect(listedLines(content)).toEqual([
          expect.stringMatching(/^\[\d+\]<label type=radio( name=ship)? checked>Standard \/>$/),
          expect.stringMatching(/^\[\d+\]<label type=radio( name=ship)?>Express \/>$/),
          expect.stringMatching(/^\[\d+\]<label type=checkbox( name=gift)?>Gift wrap \/>$/),
        ]);
        expect(content).not.toMatch(/<input/);
        const express = await page.evaluate((i) => window.pc.clickElement(i), indexIn(lineFor(content, />Express \/>$/)));
        expect(express.success).toBe(true);
        expect(express.message).toContain('It is now checked');
        const gift = await page.evaluate((i) => window.pc.clickElement(i), indexIn(lineFor(content, />Gift wrap \/>$/)));
        expect(gift.success).toBe(true);
        expect(await page.evaluate(() => [
          (document.querySelector('[value=express]') as HTMLInputElement).checked,
          (document.querySelector('#gift') as HTMLInputElement).checked,
        ])).toEqual([true, true]);
        const after = (await observe(page)).content;
        expect(lineFor(after, />Express \/>$/)).toMatch(/ checked>/);
        expect(lineFor(after, />Standard \/>$/)).not.toMatch(/ checked/);
        expect(lineFor(after, />Gift wrap \/>$/)).toMatch(/ checked>/);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('lists a switch drawn by its label with a pseudo-element, with the control role and state', async () => {
    const { context, page } = await openWith(web, `<!doctype html><title>Switch</title>
<style>.sw { position:absolute; left:-10000px } .sw + label::before { content:''; display:inline-block; width:30px; height:16px; border-radius:8px; background:#ccc; margin-right:6px }
.sw:checked + label::before { background:#36c }</style>
<p><input class="sw" type="checkbox" role="switch" id="dark" checked disabled><label for="dark">Dark mode</label></p>
<p><input class="sw" type="checkbox" role="switch" id="beta" required><label for="beta">Beta features</label></p>`);
    try {
      const { content } = await observe(page);
      expect(listedLines(content)).toEqual([
        expect.stringMatching(/^\[\d+\]<label type=checkbox role=switch checked disabled>Dark mode \/>$/),
        expect.stringMatching(/^\[\d+\]<label type=checkbox role=switch required>Beta features \/>$/),
      ]);
      const result = await page.evaluate((i) => window.pc.clickElement(i), indexIn(lineFor(content, />Beta features \/>$/)));
      expect(result.success).toBe(true);
      expect(await page.evaluate(() => (document.getElementById('beta') as HTMLInputElement).checked)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps a link inside the label of a hidden checkbox as its own line, and drops pointer-only and handler-only parts', async () => {
    const { context, page } = await openWith(web, `<!doctype html><title>Terms</title>
<style>.box { position:absolute; opacity:0; width:0; height:0 } label { cursor:pointer }</style>
<label><span class="icon" style="display:inline-block;width:16px;height:16px;border:1px solid"><input class="box" type="checkbox" name="terms"></span><span style="cursor:pointer">I accept the <a href="#terms">terms of service</a></span></label>
<script>document.querySelector('.icon').onclick = () => {};</script>`);
    try {
      const { content } = await observe(page);
      const lines = listedLines(content);
      expect(lines).toHaveLength(2);
      // The link's words are on its own line; the label line keeps the control's whole name.
      expect(lines[0]).toMatch(/^\[\d+\]<label type=checkbox label=I accept the terms of service>I accept the \/>$/);
      expect(lines[1]).toMatch(/^\t\[\d+\]<a>terms of service \/>$/);
    } finally {
      await context.close();
    }
  });

  it('leaves visible checkboxes, painted appearance:none boxes and unlabelled hidden inputs as they are', async () => {
    const { context, page } = await openWith(web, `<!doctype html><title>Visible</title>
<style>.drawn { appearance:none; -webkit-appearance:none; width:16px; height:16px; border:2px solid #888; margin:0 }
.cover { position:relative; display:inline-block; width:40px; height:20px } .cover input { position:absolute; inset:0; margin:0; width:100%; height:100%; opacity:0 }</style>
<p><label><input type="checkbox" name="plain"> Plain</label></p>
<p><input class="drawn" type="checkbox" id="drawn" name="drawn"><label for="drawn">Drawn</label></p>
<p><span class="cover"><input type="checkbox" name="covered" aria-label="Covered toggle"></span></p>`);
    try {
      const { content } = await observe(page);
      const lines = listedLines(content);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^\[\d+\]<input type=checkbox/);
      expect(lines[1]).toMatch(/^\[\d+\]<input type=checkbox/);
      expect(lines[2]).toMatch(/^\[\d+\]<input type=checkbox.*Covered toggle/);
      expect(content).not.toMatch(/<label/);
    } finally {
      await context.close();
    }
  });
});

describe('a transparent native select, date or range input over its own drawing', () => {
  it('is listed with its name and value, and choosing or typing changes it', async () => {
    // The "select overlay": a styled box shows the value, the real select lies over it at opacity 0
    // (or nearly) so that a click opens the native list.
    const { context, page } = await openWith(web, `<!doctype html><title>Overlay</title>
<style>.face { position:relative; display:inline-block; border:1px solid #888; padding:4px 24px 4px 8px; margin:10px }
.face select { position:absolute; inset:0; width:100%; height:100%; margin:0 }</style>
<label for="size">Size</label>
<span class="face"><span>Medium</span><select id="size" style="opacity:0"><option>Small</option><option selected>Medium</option><option>Large</option></select></span>
<span class="face"><span aria-hidden="true">Blue</span><select id="colour" aria-label="Colour" style="opacity:0.001"><option>Red</option><option selected>Blue</option></select></span>
<label for="depart">Departure</label>
<span class="face"><span>Pick a date</span><input id="depart" type="date" style="position:absolute;inset:0;opacity:0"></span>
<label for="volume">Volume</label>
<span class="face"><span>50%</span><input id="volume" type="range" min="0" max="100" value="50" style="position:absolute;inset:0;opacity:0"></span>
<label for="website">Website</label>
<span class="face"><input id="website" name="website" style="position:absolute;inset:0;opacity:0"></span>
<script>window.changes = []; for (const s of document.querySelectorAll('select, input')) s.addEventListener('change', () => changes.push(s.id + '=' + s.value));</script>`);
    try {
      const { content } = await observe(page);
      const size = lineFor(content, /<select label=Size/);
      expect(size).toMatch(/^\[\d+\]<select label=Size value=Medium>Small \| Medium \| Large \/>$/);
      expect(lineFor(content, /<select label=Colour/)).toMatch(/^\[\d+\]<select label=Colour value=Blue>Red \| Blue \/>$/);
      // Date and range inputs too; a transparent text field is not one (a bot trap keeps its opacity 0).
      const depart = lineFor(content, /<input type=date/);
      expect(depart).toMatch(/^\[\d+\]<input type=date>Departure \/>$/);
      const volume = lineFor(content, /<input type=range/);
      expect(volume).toMatch(/^\[\d+\]<input type=range value=50 min=0 max=100>Volume \/>$/);
      expect(content).not.toMatch(/<input[^\n]*Website/);
      expect(await page.evaluate((index) => window.pc.selectOption(index, 'Large'), indexIn(size))).toMatchObject({ success: true });
      expect(await page.evaluate((index) => window.pc.inputText(index, '2025-03-14'), indexIn(depart))).toMatchObject({ success: true });
      expect(await page.evaluate((index) => window.pc.inputText(index, '80'), indexIn(volume))).toMatchObject({ success: true });
      expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual(['size=Large', 'depart=2025-03-14', 'volume=80']);
    } finally {
      await context.close();
    }
  });
});
