// Renders the Markdown tree of markdown.ts as Lit templates. Text only ever lands in text
// bindings and checked attributes, so model output can never become markup. Rendering stops after
// a budget of nodes, so a huge answer cannot block the page while its elements are built.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { parseMarkdown, safeHref, type MdBlock, type MdInline } from './markdown.js';

type Out = TemplateResult | typeof nothing | string;

/** How many nodes an answer renders at most by default: a few hundred ms of page time, at worst. */
export const MAX_MARKDOWN_NODES = 2_000;

/**
 * Renders Markdown text as a Lit template; links resolve against `base` and keep only http(s)/mailto.
 * At most `maxNodes` blocks, inline nodes, list items and table cells are rendered; `complete` is
 * false when the rest was left out.
 */
export function renderMarkdownLimited(source: string, base: string, maxNodes = MAX_MARKDOWN_NODES): { template: TemplateResult; complete: boolean } {
  let complete = true;
  // Maps `items` to templates while the budget lasts: every rendered block, inline node, list item and cell takes one.
  const take = <T>(items: readonly T[], one: (item: T, n: number) => Out): Out[] => {
    const out: Out[] = [];
    for (let n = 0; n < items.length && maxNodes > 0; n++) {
      maxNodes--;
      out.push(one(items[n]!, n));
    }
    if (out.length < items.length) complete = false;
    return out;
  };
  const inline = (nodes: MdInline[]): Out[] =>
    take(nodes, (node): Out => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'code':
          return html`<code>${node.text}</code>`;
        case 'strong':
          return html`<strong>${inline(node.children)}</strong>`;
        case 'em':
          return html`<em>${inline(node.children)}</em>`;
        case 'del':
          return html`<del>${inline(node.children)}</del>`;
        case 'br':
          return html`<br />`;
        case 'link': {
          const href = safeHref(node.href, base);
          const label = inline(node.children);
          return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${label}</a>` : html`<span class="unsafe-link">${label}</span>`;
        }
      }
    });
  const blocks = (nodes: MdBlock[]): Out[] =>
    take(nodes, (node): Out => {
      switch (node.type) {
        case 'heading': {
          // Headings inside a small card are visual levels only: h1/h2 share one size, h3+ another.
          const content = inline(node.children);
          return node.level < 2 ? html`<h3>${content}</h3>` : node.level < 3 ? html`<h4>${content}</h4>` : html`<h5>${content}</h5>`;
        }
        case 'paragraph':
          return html`<p>${inline(node.children)}</p>`;
        case 'code':
          return html`<pre><code data-lang=${node.lang || nothing}>${node.text}</code></pre>`;
        case 'hr':
          return html`<hr />`;
        case 'quote':
          return html`<blockquote>${blocks(node.children)}</blockquote>`;
        case 'list': {
          const items = take(node.items, (item) => html`<li>${blocks(item)}</li>`);
          return node.ordered ? html`<ol start=${node.start}>${items}</ol>` : html`<ul>${items}</ul>`;
        }
        case 'table': {
          const align = (n: number) => node.align[n] ?? nothing;
          return html`<div class="md-table"><table>
        <thead><tr>${take(node.header, (cell, n) => html`<th data-align=${align(n)}>${inline(cell)}</th>`)}</tr></thead>
        <tbody>${take(node.rows, (row) => html`<tr>${take(row, (cell, n) => html`<td data-align=${align(n)}>${inline(cell)}</td>`)}</tr>`)}</tbody>
      </table></div>`;
        }
      }
    });
  return { template: html`<div class="md">${blocks(parseMarkdown(source))}</div>`, complete };
}

/** Renders Markdown text as a Lit template (see renderMarkdownLimited for the bound). */
export function renderMarkdown(source: string, base: string): TemplateResult {
  return renderMarkdownLimited(source, base).template;
}
