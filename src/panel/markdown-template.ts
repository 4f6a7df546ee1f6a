// Renders the Markdown tree of markdown.ts as Lit templates. Text only ever lands in text
// bindings and checked attributes, so model output can never become markup.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { parseMarkdown, safeHref, type MdBlock, type MdInline } from './markdown.js';

type Out = TemplateResult | typeof nothing | string;

function inline(nodes: MdInline[], base: string): Out[] {
  return nodes.map((node): Out => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return html`<code>${node.text}</code>`;
      case 'strong':
        return html`<strong>${inline(node.children, base)}</strong>`;
      case 'em':
        return html`<em>${inline(node.children, base)}</em>`;
      case 'del':
        return html`<del>${inline(node.children, base)}</del>`;
      case 'br':
        return html`<br />`;
      case 'link': {
        const href = safeHref(node.href, base);
        const label = inline(node.children, base);
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

function block(node: MdBlock, base: string): Out {
  switch (node.type) {
    case 'heading':
      return heading(node.level, inline(node.children, base));
    case 'paragraph':
      return html`<p>${inline(node.children, base)}</p>`;
    case 'code':
      return html`<pre><code data-lang=${node.lang || nothing}>${node.text}</code></pre>`;
    case 'hr':
      return html`<hr />`;
    case 'quote':
      return html`<blockquote>${blocks(node.children, base)}</blockquote>`;
    case 'list': {
      const items = node.items.map((item) => html`<li>${blocks(item, base)}</li>`);
      return node.ordered ? html`<ol start=${node.start}>${items}</ol>` : html`<ul>${items}</ul>`;
    }
    case 'table':
      return html`<div class="md-table"><table>
        <thead><tr>${node.header.map((cell, n) => html`<th data-align=${node.align[n] ?? nothing}>${inline(cell, base)}</th>`)}</tr></thead>
        <tbody>${node.rows.map((row) => html`<tr>${row.map((cell, n) => html`<td data-align=${node.align[n] ?? nothing}>${inline(cell, base)}</td>`)}</tr>`)}</tbody>
      </table></div>`;
  }
}

function blocks(nodes: MdBlock[], base: string): Out[] {
  return nodes.map((node) => block(node, base));
}

/** Renders Markdown text as a Lit template; links resolve against `base` and keep only http(s)/mailto. */
export function renderMarkdown(source: string, base: string): TemplateResult {
  return html`<div class="md">${blocks(parseMarkdown(source), base)}</div>`;
}
