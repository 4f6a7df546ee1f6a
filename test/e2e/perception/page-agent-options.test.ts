// page-agent's perception and highlight options carried over unchanged: keepSemanticTags keeps
// landmarks as lines that nest their content; highlightOpacity and highlightLabelOpacity colour the
// boxes and labels the overlay draws; bad values are refused naming the option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { observe, openWith } from './harness.js';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

const LANDMARKS = `<header><a href="/">Home</a></header>
<nav><a href="/orders">Orders</a><a href="/users">Users</a></nav>
<main><h1>Orders</h1><button>New order</button></main>
<aside><p>Tip of the day</p></aside>
<footer><a href="/help">Help</a></footer>`;

describe('keepSemanticTags', () => {
  it('keeps nav, header, footer and aside as lines nesting their content, and leaves them out by default', async () => {
    const { context, page } = await openWith(web, LANDMARKS, { config: { keepSemanticTags: true } });
    try {
      const { content } = await observe(page);
      const lines = content.split('\n');
      const at = (text: string) => lines.findIndex((line) => line.includes(text));
      expect(lines[at('Orders />') - 1]).toBe('<nav>');
      expect(lines[at('Orders />')]).toMatch(/^\t\[\d+\]<a>Orders \/>$/);
      expect(lines[at('Users />')]).toMatch(/^\t\[\d+\]<a>Users \/>$/);
      expect(lines[at('Home />') - 1]).toBe('<header>');
      expect(lines[at('Help />') - 1]).toBe('<footer>');
      expect(lines[at('Tip of the day') - 1]).toBe('<aside>');
      expect(lines[at('New order')]).toMatch(/^\[\d+\]<button>New order \/>$/);
      await page.evaluate(() => (window.pc = new window.Perception.PageController({ highlight: false })));
      const plain = (await observe(page)).content;
      expect(plain).not.toMatch(/^\s*<(nav|header|footer|aside)>$/m);
      expect(plain).toMatch(/^\[\d+\]<a>Orders \/>$/m);
    } finally {
      await context.close();
    }
  });
});

