// Perception on real framework pages in Chromium: a React 19 app (bundled here with esbuild) whose
// handlers live only in React props, and a Vue 3 app (vue.global.prod.js); index stability across
// re-renders, stale indexes when React replaces elements, and new-element marks.
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexIn, lineFor, listedLines, observe, openWith } from './harness.js';

let web: StaticServer;

beforeAll(async () => {
  web = await startStaticServer();
  const bundled = await build({
    entryPoints: [resolve(import.meta.dirname, '../../fixtures/perception/react-app.mjs')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  web.route('/react-app.js', { body: bundled.outputFiles[0]!.text, type: 'text/javascript' });
});
afterAll(async () => {
  await web.close();
});

const REACT_PAGE = '<!doctype html><title>React</title><div id="root"></div><script src="/react-app.js"></script>';

describe('React 19', () => {
  for (const early of [false, true]) {
    it(`lists elements whose only handler is a React prop (${early ? 'early' : 'late'} load), never the root`, async () => {
      const { context, page } = await openWith(web, REACT_PAGE, { early });
      try {
        await page.waitForSelector('#count');
        const { content } = await observe(page);
        expect(lineFor(content, /^\[\d+\]<div>Open tile \/>$/)).toBeDefined();
        expect(lineFor(content, /^\[\d+\]<span>Press span \/>$/)).toBeDefined();
        expect(lineFor(content, /^\[\d+\]<li>Item alpha \/>$/)).toBeDefined();
        expect(listedLines(content).some((line) => /<(main|div)( |>)(?!Open tile)/.test(line) && line.includes('React page'))).toBe(false);
        expect(content).toMatch(/^React page$/m);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps indexes across a re-render, reports replaced elements as stale and marks their successors new', async () => {
    const { context, page } = await openWith(web, REACT_PAGE, { early: true });
    try {
      await page.waitForSelector('#count');
      const first = (await observe(page)).content;
      const count = indexIn(lineFor(first, /<button>Clicked 0 times \/>/));
      const tile = indexIn(lineFor(first, /<div>Open tile \/>/));
      const alpha = indexIn(lineFor(first, /<li>Item alpha \/>/));
      expect(first).not.toMatch(/^\t*\*\[/m);

      await page.click('#count');
      await page.click('.tile');
      const second = (await observe(page)).content;
      expect(indexIn(lineFor(second, /<button>Clicked 1 times \/>/))).toBe(count);
      expect(indexIn(lineFor(second, /<div>Tile opened \/>/))).toBe(tile);
      // Updated in place: the same elements, so nothing is new.
      expect(second).not.toMatch(/^\t*\*\[/m);

      await page.click('#replace');
      const third = (await observe(page)).content;
      const gamma = lineFor(third, /<li>Item gamma \/>/);
      expect(gamma).toMatch(/^\*\[\d+\]/);
      expect(indexIn(gamma)).toBeGreaterThan(alpha);
      expect(lineFor(third, /<button>Replace items \/>/)).toMatch(/^\[\d+\]/);
      const stale = await page.evaluate((index) => window.pc.registry.resolve(index), alpha);
      expect(stale).toMatchObject({ ok: false, reason: 'stale', description: '[' + alpha + ']<li>Item alpha />' });
      const clicked = await page.evaluate((index) => window.pc.clickElement(index), alpha);
      expect(clicked.success).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('Vue 3', () => {
  const VUE_PAGE = `<!doctype html><title>Vue</title>
<div id="app"><h1>Vue page</h1><div class="tile" @click="open = true">{{ open ? 'Vue tile opened' : 'Vue tile' }}</div>
<button @click="count++">Count {{ count }}</button></div>
<script src="/node_modules/vue/dist/vue.global.prod.js"></script>
<script>Vue.createApp({ data: () => ({ open: false, count: 0 }) }).mount('#app');</script>`;

  it('lists an element whose only handler is a Vue listener and keeps its index when Vue re-renders', async () => {
    const { context, page } = await openWith(web, VUE_PAGE);
    try {
      await page.waitForSelector('.tile');
      const first = (await observe(page)).content;
      const tile = indexIn(lineFor(first, /^\[\d+\]<div>Vue tile \/>$/));
      await page.click('.tile');
      await page.click('button');
      const second = (await observe(page)).content;
      expect(indexIn(lineFor(second, /<div>Vue tile opened \/>/))).toBe(tile);
      expect(lineFor(second, /^\[\d+\]<button>Count 1 \/>$/)).toBeDefined();
      expect(listedLines(second).some((line) => line.includes('Vue page'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});
