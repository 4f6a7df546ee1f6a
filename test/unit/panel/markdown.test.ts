// Markdown parsing and rendering for the final answer: structure, safe links, text never markup.
import { render } from 'lit';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from '../../../src/panel/markdown.js';
import { renderMarkdown } from '../../../src/panel/markdown-template.js';
import { createTranslator } from '../../../src/panel/i18n.js';
import { MAX_ANSWER_CHARS, renderFinalAnswer } from '../../../src/panel/step-list.js';

function renderToDiv(source: string): HTMLDivElement {
  const div = document.createElement('div');
  render(renderMarkdown(source, 'https://shop.test/page'), div);
  return div;
}

describe('parseMarkdown', () => {
  it('parses headings, paragraphs with line breaks, rules and fenced code', () => {
    const blocks = parseMarkdown('# Title\nline one\nline two\n\n---\n```js\nconst a = 1 < 2;\n```');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'hr', 'code']);
    expect(blocks[0]).toMatchObject({ level: 1, children: [{ type: 'text', text: 'Title' }] });
    expect(blocks[1]).toMatchObject({ children: [{ text: 'line one' }, { type: 'br' }, { text: 'line two' }] });
    expect(blocks[3]).toEqual({ type: 'code', lang: 'js', text: 'const a = 1 < 2;' });
  });

  it('parses ordered and unordered lists with nested items', () => {
    const [list] = parseMarkdown('3. first\n4. second\n   - inner a\n   - inner b');
    expect(list).toMatchObject({ type: 'list', ordered: true, start: 3 });
    const items = (list as { items: unknown[][] }).items;
    expect(items).toHaveLength(2);
    expect(items[1]!.map((b: any) => b.type)).toEqual(['paragraph', 'list']);
  });

  it('parses a table with alignment', () => {
    const [table] = parseMarkdown('| Order | Total |\n|:--|--:|\n| A-1 | $12 |\n| A-2 | $40 |');
    expect(table).toMatchObject({ type: 'table', align: ['left', 'right'] });
    expect((table as any).rows).toHaveLength(2);
    expect((table as any).rows[1][1]).toEqual([{ type: 'text', text: '$40' }]);
  });

  it('parses quotes recursively', () => {
    const [quote] = parseMarkdown('> **note**\n> more');
    expect(quote).toMatchObject({ type: 'quote', children: [{ type: 'paragraph' }] });
  });
});

describe('parseInline', () => {
  it('parses code, bold, italic, strikethrough, links and escapes', () => {
    const nodes = parseInline('a `x*y` **b** *c* _d_ ~~e~~ [f](https://x.test) \\*g\\*');
    expect(nodes.filter((n) => n.type !== 'text').map((n) => n.type)).toEqual(['code', 'strong', 'em', 'em', 'del', 'link']);
    expect(nodes.at(-1)).toEqual({ type: 'text', text: ' *g*' });
  });

  it('turns bare and angle-bracket URLs into links without trailing punctuation', () => {
    const nodes = parseInline('see https://a.test/x. and <https://b.test>');
    expect(nodes.filter((n) => n.type === 'link').map((n: any) => n.href)).toEqual(['https://a.test/x', 'https://b.test']);
  });

  it('leaves snake_case words alone', () => {
    expect(parseInline('order_total_sum')).toEqual([{ type: 'text', text: 'order_total_sum' }]);
  });
});

describe('safeHref', () => {
  it('keeps http, https and mailto and resolves relative links against the page', () => {
    expect(safeHref('/cart', 'https://shop.test/page')).toBe('https://shop.test/cart');
    expect(safeHref('mailto:a@b.test', 'https://shop.test/')).toBe('mailto:a@b.test');
  });

  it('rejects javascript:, data: and vbscript: targets, however they are spelled', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x']) {
      expect(safeHref(href, 'https://shop.test/')).toBeNull();
    }
  });
});

describe('renderMarkdown', () => {
  it('renders model text as text, never as markup', () => {
    const div = renderToDiv('<img src=x onerror=alert(1)> <script>alert(2)</script> **bold**');
    expect(div.querySelector('img, script')).toBeNull();
    expect(div.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(div.querySelector('strong')?.textContent).toBe('bold');
  });

  it('renders unsafe links as plain text and safe links with noopener', () => {
    const div = renderToDiv('[bad](javascript:alert(1)) [good](/orders)');
    const links = [...div.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://shop.test/orders');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(div.querySelector('.unsafe-link')?.textContent).toBe('bad');
  });

  it('renders tables, lists and code blocks as elements', () => {
    const div = renderToDiv('## Totals\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- x\n- y\n\n```\n<b>raw</b>\n```');
    expect(div.querySelector('h4')?.textContent).toBe('Totals');
    expect(div.querySelectorAll('td')).toHaveLength(2);
    expect(div.querySelectorAll('ul > li')).toHaveLength(2);
    expect(div.querySelector('pre code')?.textContent).toBe('<b>raw</b>');
  });
});

/** The text of inline nodes, markup removed. */
function textOf(nodes: readonly any[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'br' ? '\n' : textOf(n.children ?? []))).join('');
}

describe('parsing stays linear on hostile input', () => {
  // The large inputs are in markdown.stress.test.ts (the stress project).
  it('closes a code span only at a backtick run of the same length', () => {
    expect(parseInline('``a`')).toEqual([{ type: 'text', text: '``a`' }]);
    expect(parseInline('x `` a ` b `` y')).toEqual([
      { type: 'text', text: 'x ' },
      { type: 'code', text: 'a ` b' },
      { type: 'text', text: ' y' },
    ]);
  });

  it('strips a closing # sequence from headings but keeps a # that ends a word', () => {
    const blocks = parseMarkdown('## C#\n### Title ###\n# Heading #   ');
    expect(blocks.map((b: any) => textOf(b.children))).toEqual(['C#', 'Title', 'Heading']);
  });
});

describe('rendering stays bounded', () => {
  // The node budget on a 5,000-item list is in markdown.stress.test.ts (the stress project).
  it('shows the beginning of a very long answer with a note, in en and zh', () => {
    for (const [lang, words] of [['en-US', 'Copy takes the whole answer'], ['zh-CN', '复制']] as const) {
      const div = document.createElement('ul');
      const text = 'word '.repeat(MAX_ANSWER_CHARS);
      render(renderFinalAnswer(createTranslator(lang), { text, success: true }, 'https://shop.test/', false, () => {}), div);
      expect(div.querySelector('.cut')?.textContent).toContain(words);
      expect(div.querySelector('.md')!.textContent!.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    }
    const div = document.createElement('ul');
    render(renderFinalAnswer(createTranslator('en-US'), { text: 'Done: **3** orders.', success: true }, 'https://shop.test/', false, () => {}), div);
    expect(div.querySelector('.cut')).toBeNull();
    expect(div.querySelector('strong')?.textContent).toBe('3');
  });
});
