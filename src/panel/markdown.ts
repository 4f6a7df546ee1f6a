// A small Markdown parser for the agent's final answer: text in, a plain block tree out.
// It builds data only; markdown-template.ts turns the tree into Lit templates (never HTML strings).

/** An inline piece of text. */
export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: MdInline[] }
  | { type: 'link'; href: string; children: MdInline[] }
  | { type: 'br' };

/** A block of the document. */
export type MdBlock =
  | { type: 'heading'; level: number; children: MdInline[] }
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: MdBlock[][] }
  | { type: 'quote'; children: MdBlock[] }
  | { type: 'table'; align: Array<'left' | 'center' | 'right' | null>; header: MdInline[][]; rows: MdInline[][][] }
  | { type: 'hr' };

const FENCE = /^ {0,3}(```+|~~~+)\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const HR = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const MAX_DEPTH = 8;

/** Parses Markdown into blocks: headings, paragraphs, fenced code, lists, quotes, tables, rules. */
export function parseMarkdown(source: string, depth = 0): MdBlock[] {
  const lines = source.split(/\r\n?|\n/);
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length, children: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'quote', children: depth < MAX_DEPTH ? parseMarkdown(body.join('\n'), depth + 1) : [paragraph(body)] });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      i = parseList(lines, i, blocks, depth);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
      i = parseTable(lines, i, blocks);
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !startsBlock(lines, i)) body.push(lines[i++]!);
    blocks.push(paragraph(body));
  }
  return blocks;
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  return FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function paragraph(lines: string[]): MdBlock {
  const children: MdInline[] = [];
  lines.forEach((line, n) => {
    if (n > 0) children.push({ type: 'br' });
    children.push(...parseInline(line.trim()));
  });
  return { type: 'paragraph', children };
}

function parseList(lines: string[], start: number, out: MdBlock[], depth: number): number {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length <= indent + 1 && /\d/.test(item[2]!) === ordered) {
      items.push([item[3]!]);
      i++;
      continue;
    }
    // A blank line ends the list unless the next line continues it (indented or another item).
    if (!line.trim()) {
      const next = lines[i + 1];
      if (next !== undefined && (/^\s{2,}\S/.test(next) || (LIST_ITEM.test(next) && LIST_ITEM.exec(next)![1]!.length <= indent + 1))) {
        i++;
        continue;
      }
      break;
    }
    if (/^\s+\S/.test(line) || (!startsBlock(lines, i) && items.length > 0)) {
      items[items.length - 1]!.push(line.replace(new RegExp(`^ {0,${indent + 4}}`), ''));
      i++;
      continue;
    }
    break;
  }
  const parsed = items.map((body) => (depth < MAX_DEPTH ? parseMarkdown(body.join('\n'), depth + 1) : [paragraph(body)]));
  out.push({ type: 'list', ordered, start: ordered ? parseInt(first[2]!, 10) : 1, items: parsed });
  return i;
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function parseTable(lines: string[], start: number, out: MdBlock[]): number {
  const header = splitRow(lines[start]!);
  const align = splitRow(lines[start + 1]!).map((cell) => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
  let i = start + 2;
  const rows: MdInline[][][] = [];
  while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim()) {
    const cells = splitRow(lines[i++]!);
    rows.push(header.map((_, n) => parseInline(cells[n] ?? '')));
  }
  out.push({ type: 'table', align: header.map((_, n) => align[n] ?? null), header: header.map((cell) => parseInline(cell)), rows });
  return i;
}

const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|(\*\*|__)(?=\S)([\s\S]*?\S)\3|~~(?=\S)([\s\S]*?\S)~~|\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<![\w])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\w])|!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|\\([\\`*_{}[\]()#+\-.!|~>])/g;

/** Parses inline Markdown: code spans, bold, italic, strikethrough, links, autolinks, escapes. */
export function parseInline(text: string, depth = 0): MdInline[] {
  const out: MdInline[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.text += value;
    else out.push({ type: 'text', text: value });
  };
  const nested = (value: string) => (depth < MAX_DEPTH ? parseInline(value, depth + 1) : [{ type: 'text' as const, text: value }]);
  for (const match of text.matchAll(INLINE)) {
    pushText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, , code, , strong, del, em1, em2, linkText, href, angle, bare, escaped] = match;
    if (code !== undefined) out.push({ type: 'code', text: code.trim() || code });
    else if (strong !== undefined) out.push({ type: 'strong', children: nested(strong) });
    else if (del !== undefined) out.push({ type: 'del', children: nested(del) });
    else if (em1 !== undefined || em2 !== undefined) out.push({ type: 'em', children: nested((em1 ?? em2)!) });
    else if (linkText !== undefined) {
      // Images are shown as links: the panel never loads remote content the model names.
      const label = linkText || href || '';
      out.push({ type: 'link', href: href ?? '', children: nested(label) });
    } else if (angle !== undefined || bare !== undefined) out.push({ type: 'link', href: (angle ?? bare)!, children: [{ type: 'text', text: (angle ?? bare)! }] });
    else if (escaped !== undefined) pushText(escaped);
    else pushText(whole);
  }
  pushText(text.slice(last));
  return out;
}

/** Resolves a link target against `base` and returns it only when its protocol is http, https or mailto. */
export function safeHref(href: string, base: string): string | null {
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return /^(https?|mailto):$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
