// Perception in Chromium over several observations of one task: `*` marks for elements that
// appeared (none on the first observation, none for what was only beyond the budget), stale indexes,
// and what the token budget and viewportExpansion list, with the header and footer saying the rest.
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

const LONG_LIST = `<!doctype html><title>Long list</title><style>li { height: 40px }</style>
<h1>Inventory</h1><ul>${Array.from({ length: 300 }, (_, i) => `<li>Item ${i} <button>Open ${i}</button></li>`).join('')}</ul>`;

describe('new-element marks', () => {
  it('marks nothing on the first observation and then only what appeared', async () => {
    const { context, page } = await openWith(
      web,
      `<!doctype html><button>Save</button><div id="menu" style="display:none"><button>Menu item</button></div><div id="slot"></div>`,
    );
    try {
      const first = (await observe(page)).content;
      expect(first).not.toMatch(/^\t*\*\[/m);
      await page.evaluate(() => {
        const added = document.createElement('button');
        added.textContent = 'Added later';
        document.getElementById('slot')!.append(added);
        document.getElementById('menu')!.style.display = 'block';
      });
      const second = (await observe(page)).content;
      expect(lineFor(second, /^\*\[\d+\]<button>Added later \/>$/)).toBeDefined();
      expect(lineFor(second, /^\*\[\d+\]<button>Menu item \/>$/)).toBeDefined();
      expect(lineFor(second, /^\[\d+\]<button>Save \/>$/)).toBeDefined();
      const third = (await observe(page)).content;
      expect(third).not.toMatch(/^\t*\*\[/m);
    } finally {
      await context.close();
    }
  });

  it('does not mark elements that were in the page but beyond the budget', async () => {
    const { context, page } = await openWith(web, LONG_LIST, { config: { tokenBudget: 400 } });
    try {
      const first = (await observe(page)).content;
      expect(first).not.toContain('Open 299');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const second = (await observe(page)).content;
      expect(lineFor(second, /<button>Open 299 \/>/)).toMatch(/^\[\d+\]/);
      expect(second).not.toMatch(/^\t*\*\[/m);
    } finally {
      await context.close();
    }
  });
});

describe('stale indexes', () => {
  it('reports a removed element as stale with its old description, never another element', async () => {
    const { context, page } = await openWith(web, `<!doctype html><button id="a">First</button><button id="b">Second</button>`);
    try {
      const { content } = await observe(page);
      const first = indexIn(lineFor(content, /<button>First \/>/));
      const second = indexIn(lineFor(content, /<button>Second \/>/));
      await page.evaluate(() => {
        document.getElementById('a')!.remove();
        const replacement = document.createElement('button');
        replacement.textContent = 'First';
        document.body.prepend(replacement);
      });
      const resolved = await page.evaluate((i) => window.pc.registry.resolve(i), first);
      expect(resolved).toEqual({ ok: false, reason: 'stale', description: `[${first}]<button>First />` });
      const nearby = await page.evaluate((i) => window.pc.registry.nearbyValid(i), first);
      expect(nearby).toEqual([second]);
      const again = (await observe(page)).content;
      expect(indexIn(lineFor(again, /<button>First \/>/))).toBeGreaterThan(second);
      expect(indexIn(lineFor(again, /<button>Second \/>/))).toBe(second);
    } finally {
      await context.close();
    }
  });
});

describe('budget and zone', () => {
  it('lists the viewport first and summarises the rest within the token budget', async () => {
    const { context, page } = await openWith(web, LONG_LIST, { config: { tokenBudget: 400 } });
    try {
      await page.evaluate(() => window.scrollTo(0, 4000));
      const state = await observe(page);
      const listed = listedLines(state.content).map((line) => Number(/Open (\d+)/.exec(line)![1]));
      // The viewport shows items 98–118 (40px each, a little header above): all listed, nothing far away.
      for (let i = 100; i <= 115; i++) expect(listed).toContain(i);
      expect(Math.min(...listed)).toBeGreaterThan(60);
      expect(Math.max(...listed)).toBeLessThan(160);
      expect(state.content.length).toBeLessThan(400 * 3.5);
      expect(state.header).toMatch(/\.\.\. \d+px above the listed part \(about \d+ more elements, [\d.]+ pages\): scroll up to see more \.\.\./);
      expect(state.footer).toMatch(/^\.\.\. \d+px below the listed part \(about \d+ more elements, [\d.]+ pages\): scroll down to see more \.\.\.\n\(scroll_to_text finds any text, listed or not\.\)$/);
      expect(state.content).not.toContain('Inventory');
    } finally {
      await context.close();
    }
  });

  it('lists the whole page with viewportExpansion -1, and only the viewport with 0', async () => {
    const { context, page } = await openWith(web, LONG_LIST, { config: { viewportExpansion: -1 } });
    try {
      const all = await observe(page);
      expect(listedLines(all.content)).toHaveLength(300);
      expect(all.header).toMatch(/\[Start of page\]$/);
      expect(all.footer).toBe('[End of page]');
      await page.evaluate(() => {
        window.pc.config.viewportExpansion = 0;
      });
      const viewport = await observe(page);
      const count = listedLines(viewport.content).length;
      expect(count).toBeGreaterThan(15);
      expect(count).toBeLessThan(25);
      expect(viewport.footer).toMatch(/below the listed part/);
      await page.evaluate(() => {
        window.pc.config.viewportExpansion = 800;
      });
      const expanded = listedLines((await observe(page)).content).length;
      expect(expanded).toBeGreaterThan(count + 15);
      expect(expanded).toBeLessThan(count + 25);
    } finally {
      await context.close();
    }
  });

  it('summarises a scroll container’s hidden items and names the container to scroll', async () => {
    const { context, page } = await openWith(
      web,
      `<!doctype html><ul id="box" style="height:120px; overflow:auto">${Array.from({ length: 40 }, (_, i) => `<li style="height:30px"><a href="#${i}">Row ${i}</a></li>`).join('')}</ul>`,
      { config: { viewportExpansion: 0 } },
    );
    try {
      const { content } = await observe(page);
      const box = indexIn(lineFor(content, /<ul data-scrollable="bottom=\d+" \/>/));
      expect(lineFor(content, /^\t\[\d+\]<a>Row 0 \/>$/)).toBeDefined();
      expect(content).not.toContain('Row 20');
      expect(content).toMatch(new RegExp(`^\\t… \\d+ more <li> out of view \\(scroll \\[${box}\\] to see them\\)$`, 'm'));
    } finally {
      await context.close();
    }
  });
});
