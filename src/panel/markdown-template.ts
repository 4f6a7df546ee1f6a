// Renders the Markdown tree of markdown.ts as Lit templates. Text only ever lands in text
// bindings and checked attributes, so model output can never become markup. Rendering stops after
// a budget of nodes, so a huge answer cannot block the page while its elements are built.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { parseMarkdown, safeHref, type MdBlock, type MdInline } from './markdown.js';

type Out = TemplateResult | typeof nothing | string;

/** What is left of the node budget; every rendered block, inline node, list item and cell takes one. */
interface Budget {
  left: number;
  cut: boolean;
}

/** Maps `items` to templates while the budget lasts. */
function take<T>(items: readonly T[], budget: Budget, one: (item: T, n: number) => Out): Out[] {
  const out: Out[] = [];
  for (let n = 0; n < items.length && budget.left > 0; n++) {
    budget.left--;
    out.push(one(items[n]!, n));
  }
  if (out.length < items.length) budget.cut = true;
  return out;
}

function inline(nodes: MdInline[], base: string, budget: Budget): Out[] {
  return take(nodes, budget, (node): Out => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return html`<code>${node.text}</code>`;
      case 'strong':
        return html`<strong>${inline(node.children, base, budget)}</strong>`;
      case 'em':
        return html`<em>${inline(node.children, base, budget)}</em>`;
      case 'del':
        return html`<del>${inline(node.children, base, budget)}</del>`;
      case 'br':
        return html`<br />`;
      case 'link': {
        const href = safeHref(node.href, base);
        const label = inline(node.children, base, budget);
        return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${label}</a>` : html`<span class="unsafe-link">${label}</span>`;
      }
    }
  });
}

function heading(level: number, content: Out[]): TemplateResult {
  // Headings inside a small card are visual levels only: h1/h2 share one size, h3+ another.
  return level < 2
    ? html`<h3>${content}</h3>`
    : level < 3
      ? html`<h4>${content}</h4>`
      : html`<h5>${content}</h5>`;
}

function block(node: MdBlock, base: string, budget: Budget): Out {
  switch (node.type) {
    case 'heading':
      return heading(node.level, inline(node.children, base, budget));
    case 'paragraph':
      return html`<p>${inline(node.children, base, budget)}</p>`;
    case 'code':
      return html`<pre><code data-lang=${node.lang || nothing}>${node.text}</code></pre>`;
    case 'hr':
      return html`<hr />`;
    case 'quote':
      return html`<blockquote>${blocks(node.children, base, budget)}</blockquote>`;
    case 'list': {
      const items = take(node.items, budget, (item) => html`<li>${blocks(item, base, budget)}</li>`);
      return node.ordered ? html`<ol start=${node.start}>${items}</ol>` : html`<ul>${items}</ul>`;
    }
    case 'table': {
      const cell = (tag: 'th' | 'td') => (content: MdInline[], n: number) =>
        tag === 'th'
          ? html`<th data-align=${node.align[n] ?? nothing}>${inline(content, base, budget)}</th>`
          : html`<td data-align=${node.align[n] ?? nothing}>${inline(content, base, budget)}</td>`;
      return html`<div class="md-table"><table>
        <thead><tr>${take(node.header, budget, cell('th'))}</tr></thead>
        <tbody>${take(node.rows, budget, (row) => html`<tr>${take(row, budget, cell('td'))}</tr>`)}</tbody>
      </table></div>`;
    }
  }
}

function blocks(nodes: MdBlock[], base: string, budget: Budget): Out[] {
  return take(nodes, budget, (node) => block(node, base, budget));
}

/** How many nodes an answer renders at most by default: a few hundred ms of page time, at worst. */
export const MAX_MARKDOWN_NODES = 2_000;

/**
 * Renders Markdown text as a Lit template; links resolve against `base` and keep only http(s)/mailto.
 * At most `maxNodes` blocks, inline nodes, list items and table cells are rendered; `complete` is
 * false when the rest was left out.
 */
export function renderMarkdownLimited(source: string, base: string, maxNodes = MAX_MARKDOWN_NODES): { template: TemplateResult; complete: boolean } {
  const budget = { left: maxNodes, cut: false };
  const template = html`<div class="md">${blocks(parseMarkdown(source), base, budget)}</div>`;
  return { template, complete: !budget.cut };
}

/** Renders Markdown text as a Lit template (see renderMarkdownLimited for the bound). */
export function renderMarkdown(source: string, base: string): TemplateResult {
  return renderMarkdownLimited(source, base).template;
}
