// The late-load fallback in Chromium (#11): loaded after the page's scripts (a bookmarklet), the
// listener tracker saw no addEventListener call, so a div or span drawn as a button (own background,
// border or shadow, button-sized box, short text, no control inside) is listed and a click on it
// reaches the page's listener; ordinary text blocks, cards, banners and boxes around links are not.
// Loaded early, the tracker's record decides and looks alone list nothing.
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

const PAGE = `<!doctype html><title>Late</title>
<style>
  .btn { display: inline-block; padding: 6px 14px; background: #1677ff; color: #fff; border-radius: 6px }
  .ghost { display: inline-block; padding: 4px 10px; border: 1px solid #999 }
  .raised { display: inline-block; padding: 4px 10px; box-shadow: 0 1px 3px #0004 }
  .card { background: #f5f5f5; padding: 20px; margin: 10px }
  .banner { background: #fffbe6; height: 120px; padding: 10px }
</style>
<div class="card">
  <h3>Order 1042</h3>
  <p>Two items, shipped to Berlin on Monday morning by express courier.</p>
  <div class="btn" id="save">Save</div> <span class="ghost" id="cancel">Cancel</span> <span class="raised" id="print">Print</span>
</div>
<p style="background: #ffe">A highlighted paragraph of ordinary text, long enough to read as prose and not as a button.</p>
<div class="banner">Sale</div>
<div class="btn" id="wrapper"><a href="#details">Details</a></div>
<div id="plain">Plain text with a listener</div>
<p id="result">nothing</p>
<script>
  const say = (text) => () => { document.getElementById('result').textContent = text; };
  document.getElementById('save').addEventListener('click', say('saved'));
  document.getElementById('cancel').addEventListener('click', say('cancelled'));
  document.getElementById('plain').addEventListener('click', say('plain'));
</script>`;

describe('late-loaded: elements drawn as buttons', () => {
  it('lists a div or span with its own background, border or shadow, and a click reaches its listener', async () => {
    const { context, page, errors } = await openWith(web, PAGE);
    try {
      const { content } = await observe(page);
      expect(listedLines(content)).toEqual([
        expect.stringMatching(/^\[\d+\]<div>Save \/>$/),
        expect.stringMatching(/^\[\d+\]<span>Cancel \/>$/),
        expect.stringMatching(/^\[\d+\]<span>Print \/>$/),
        expect.stringMatching(/^\[\d+\]<a>Details \/>$/),
      ]);
      // Text blocks, a card, a tall banner, a box around a link and unpainted text stay plain.
      expect(content).toMatch(/^Two items, shipped to Berlin/m);
      expect(content).toMatch(/^A highlighted paragraph/m);
      expect(content).toMatch(/^Sale$/m);
      expect(content).toMatch(/^Plain text with a listener$/m);
      const result = await page.evaluate((i) => window.pc.clickElement(i), indexIn(lineFor(content, />Save \/>$/)));
      expect(result.success).toBe(true);
      expect(await page.textContent('#result')).toBe('saved');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('leaves looks aside when loaded early: the recorded listeners decide', async () => {
    const { context, page } = await openWith(web, PAGE, { early: true });
    try {
      const lines = listedLines((await observe(page)).content);
      expect(lines).toEqual([
        expect.stringMatching(/^\[\d+\]<div>Save \/>$/),
        expect.stringMatching(/^\[\d+\]<span>Cancel \/>$/),
        expect.stringMatching(/^\[\d+\]<a>Details \/>$/),
        expect.stringMatching(/^\[\d+\]<div>Plain text with a listener \/>$/),
      ]);
      // Print has no listener: looking like a button is not enough when the tracker saw the page's scripts.
      expect(lines.some((line) => line.includes('Print'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});
