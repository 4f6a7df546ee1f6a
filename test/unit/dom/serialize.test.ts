// The pure serializer: page tree → page text, line by line.
import { describe, expect, it } from 'vitest';
import type { ElementNode, PageNode } from '../../../src/dom/page-tree.js';
import { serializePage } from '../../../src/dom/serialize/page-text.js';

const text = (value: string): PageNode => ({ kind: 'text', text: value });
const el = (tag: string, children: PageNode[] = [], extra: Partial<ElementNode> = {}): ElementNode => ({ kind: 'element', tag, flow: 'block', children, ...extra });
const inline = (tag: string, children: PageNode[] = [], extra: Partial<ElementNode> = {}): ElementNode => el(tag, children, { flow: 'inline', ...extra });
const listed = (index: number, tag: string, children: PageNode[] = [], extra: Partial<ElementNode> = {}): ElementNode =>
  el(tag, children, { flow: 'inline', index, attributes: [], ...extra });

describe('serializePage', () => {
  it('writes one line per listed element as [i]<tag attr=value>text />', () => {
    const page = serializePage([listed(0, 'button', [text('  Save\n changes ')]), listed(1, 'input', [], { attributes: [['type', 'email'], ['required', true]] })]);
    expect(page.content).toBe('[0]<button>Save changes />\n[1]<input type=email required />');
    expect(page.descriptions).toEqual([
      { index: 0, line: '[0]<button>Save changes />' },
      { index: 1, line: '[1]<input type=email required />' },
    ]);
  });

  it('marks new elements with * but keeps the description without it', () => {
    const page = serializePage([listed(4, 'a', [text('Docs')], { isNew: true })]);
    expect(page.content).toBe('*[4]<a>Docs />');
    expect(page.descriptions[0]!.line).toBe('[4]<a>Docs />');
  });

  it('drops a name attribute that only repeats the text and clips long values', () => {
    const long = 'x'.repeat(60);
    const page = serializePage([listed(0, 'button', [text('Close')], { attributes: [['label', 'close'], ['title', long]] })]);
    expect(page.content).toBe(`[0]<button title=${'x'.repeat(39)}… />`.replace(' />', '>Close />'));
  });

  it('joins inline text, breaks at blocks and writes table rows with cell separators', () => {
    const page = serializePage([
      el('p', [text('Hello'), inline('b', [text('world')]), text('!')]),
      el('table', [
        el('tr', [el('td', [text('Order 1')], { flow: 'cell' }), el('td', [el('div', [text('Ada')])], { flow: 'cell' }), el('td', [], { flow: 'cell' }), el('td', [text('$5')], { flow: 'cell' })], { flow: 'row' }),
      ]),
      el('p', [text(' · ')]),
    ]);
    expect(page.content).toBe('Hello world !\nOrder 1 | Ada | $5');
  });

  it('nests listed descendants under a listed element with tab indentation', () => {
    const long = 'word '.repeat(40);
    const page = serializePage([
      listed(0, 'article', [el('h3', [text('Lamp')]), text('$20'), listed(1, 'button', [text('Add')])]),
      listed(2, 'section', [el('p', [text(long)]), listed(3, 'a', [text('More')])], { attributes: [['tabindex', '0']] }),
    ]);
    const lines = page.content.split('\n');
    // A short own text stays on the line; a long one stays as nested lines so nothing is cut.
    expect(lines[0]).toBe('[0]<article>Lamp $20 />');
    expect(lines[1]).toBe('\t[1]<button>Add />');
    expect(lines[2]).toBe('[2]<section tabindex=0 />');
    expect(lines[3]).toBe(`\t${long.trim()}`);
    expect(lines[4]).toBe('\t[3]<a>More />');
  });

  it('shows a scroll container with how far it scrolls, its content nested', () => {
    const page = serializePage([listed(5, 'div', [el('p', [text('Row A')])], { scroll: { left: 0, top: 40, right: 0, bottom: 300 } })]);
    expect(page.content).toBe('[5]<div data-scrollable="top=40, bottom=300" />\n\tRow A');
  });

  it('uses alt text only when a listed element has no other text', () => {
    const icon = inline('img', [], { fallbackText: 'Settings' });
    const page = serializePage([listed(0, 'a', [icon]), listed(1, 'a', [icon, text('Open settings')])]);
    expect(page.content).toBe('[0]<a>Settings />\n[1]<a>Open settings />');
  });

  it('summarises gaps, merging neighbours of one kind', () => {
    const page = serializePage([
      listed(0, 'button', [text('Visible')]),
      { kind: 'gap', count: 2, tag: 'li', place: 'below' },
      { kind: 'gap', count: 5, tag: 'li', place: 'below' },
      listed(1, 'button', [text('Also visible')]),
    ]);
    expect(page.content).toBe('[0]<button>Visible />\n… 7 more <li> below (scroll down to see them)\n[1]<button>Also visible />');
  });

  it('leaves outer gaps to the header and footer but the two nearest that name what continues', () => {
    const page = serializePage([
      { kind: 'gap', count: 1, tag: 'p', place: 'above' },
      { kind: 'gap', count: 3, tag: 'div', place: 'above' },
      listed(0, 'button', [text('Visible')]),
      { kind: 'gap', count: 1, tag: 'td', place: 'below' },
      { kind: 'gap', count: 600, tag: 'tr', place: 'below' },
      { kind: 'gap', count: 40, tag: 'article', place: 'right' },
      { kind: 'gap', count: 12, tag: 'li', place: 'below' },
    ]);
    expect(page.content).toBe(
      '… 3 more <div> above (scroll up to see them)\n[0]<button>Visible />\n… 600 more <tr> below (scroll down to see them)\n… 40 more <article> to the right (scroll right to see them)',
    );
  });

  it('names the scroll container to scroll for gaps inside it', () => {
    const page = serializePage([
      listed(9, 'ul', [listed(10, 'a', [text('Row 0')]), { kind: 'gap', count: 30, tag: 'li', place: 'inside' }], { scroll: { left: 0, top: 0, right: 0, bottom: 900 } }),
    ]);
    expect(page.content.split('\n')[2]).toBe('\t… 30 more <li> out of view (scroll [9] to see them)');
  });

  it('writes notes on their own line in parentheses', () => {
    const page = serializePage([{ kind: 'note', text: 'A modal dialog is open' }, listed(0, 'button', [text('OK')])]);
    expect(page.content).toBe('(A modal dialog is open)\n[0]<button>OK />');
  });

  it('shows a select with its choice and options as given by extraction', () => {
    const page = serializePage([listed(2, 'select', [], { attributes: [['name', 'size'], ['value', 'M']], label: 'S | M | L' })]);
    expect(page.content).toBe('[2]<select name=size value=M>S | M | L />');
  });

  it('clips long element text and long plain lines', () => {
    const page = serializePage([listed(0, 'button', [text('b'.repeat(200))]), el('p', [text('p'.repeat(500))])], { label: 20, line: 30 });
    expect(page.content).toBe(`[0]<button>${'b'.repeat(19)}… />\n${'p'.repeat(29)}…`);
  });
});
