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
const HEADING = /^ {0,3}(#{1,6})[ \t]+/;
const HR = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const MAX_DEPTH = 8;

/** Parses Markdown into blocks: headings, paragraphs, fenced code, lists, quotes, tables, rules. */
export function parseMarkdown(source: string, depth = 0): MdBlock[] {
  const lines = source.split(/\r\n?|\n/);
  const blocks: MdBlock[] = [];
  // Quotes and list items hold blocks of their own, down to MAX_DEPTH; below it they are one paragraph.
  const nest = (body: string[]): MdBlock[] => (depth < MAX_DEPTH ? parseMarkdown(body.join('\n'), depth + 1) : [paragraph(body)]);
  let i = 0;
  let match: RegExpExecArray | null;
  while (i < lines.length) {
    const line = lines[i]!;
    const body: string[] = [];
    if (!line.trim()) i++;
    else if ((match = FENCE.exec(line))) {
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(match[1]!)) body.push(lines[i]!);
      i++;
      blocks.push({ type: 'code', lang: match[2]!, text: body.join('\n') });
    } else if ((match = HEADING.exec(line))) {
      i++;
      blocks.push({ type: 'heading', level: match[1]!.length, children: parseInline(headingText(line.slice(match[0].length))) });
    } else if (HR.test(line)) {
      i++;
      blocks.push({ type: 'hr' });
    } else if (QUOTE.test(line)) {
      while ((match = QUOTE.exec(lines[i] ?? ''))) {
        body.push(match[1]!);
        i++;
      }
      blocks.push({ type: 'quote', children: nest(body) });
    } else if ((match = LIST_ITEM.exec(line))) {
      // Items at most one space deeper than the first and of its kind; an indented line, or one that
      // starts no block, continues the last item (the first line is always one); a blank line ends
      // the list unless the next line continues it (indented, or another item).
      const indent = match[1]!.length;
      const ordered = /\d/.test(match[2]!);
      const start = ordered ? parseInt(match[2]!) : 1; // digits first: base 10
      const itemAt = (text: string) => {
        const item = LIST_ITEM.exec(text);
        return item && item[1]!.length <= indent + 1 ? item : null;
      };
      const items: string[][] = [];
      for (let text; (text = lines[i]) !== undefined; i++) {
        const item = itemAt(text);
        if (item && /\d/.test(item[2]!) === ordered) items.push([item[3]!]);
        else if (!text.trim()) {
          const next = lines[i + 1] ?? '';
          if (!/^\s{2,}\S/.test(next) && !itemAt(next)) break;
        } else if (/^\s+\S/.test(text) || !startsBlock(text)) items[items.length - 1]!.push(text.replace(new RegExp(`^ {0,${indent + 4}}`), ''));
        else break;
      }
      blocks.push({ type: 'list', ordered, start, items: items.map(nest) });
    } else if (line.includes('|') && TABLE_SEP.test(lines[i + 1] ?? '')) {
      // A table: its header, the separator row (alignment), then every following line with a pipe.
      const header = splitRow(line);
      const align = splitRow(lines[i + 1]!).map((cell) => ([null, 'left', 'right', 'center'] as const)[+cell.startsWith(':') + 2 * +cell.endsWith(':')]!);
      const rows: MdInline[][][] = [];
      for (i += 2; lines[i]?.includes('|'); i++) {
        const cells = splitRow(lines[i]!);
        rows.push(header.map((_, n) => parseInline(cells[n] ?? '')));
      }
      blocks.push({ type: 'table', align: header.map((_, n) => align[n] ?? null), header: header.map((cell) => parseInline(cell)), rows });
    } else {
      while (lines[i]?.trim() && !startsBlock(lines[i]!)) body.push(lines[i++]!);
      blocks.push(paragraph(body));
    }
  }
  return blocks;
}

/** A heading's text without its closing `#` sequence (which needs a space before it, or is all of it). */
const headingText = (rest: string): string => rest.trim().replace(/(^|\s)#+$/, '').trimEnd();

const startsBlock = (line: string): boolean => [FENCE, HEADING, HR, QUOTE, LIST_ITEM].some((re) => re.test(line));

/** Lines as one paragraph, a line break between them. */
function paragraph(lines: string[]): MdBlock {
  const children: MdInline[] = [];
  lines.forEach((line, n) => {
    if (n) children.push({ type: 'br' });
    // One push per node: spreading a huge node list would overflow the call stack.
    for (const node of parseInline(line.trim())) children.push(node);
  });
  return { type: 'paragraph', children };
}

/** A table row's cells: outer pipes dropped, `\|` kept as a pipe inside a cell. */
const splitRow = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||(?<!\\)\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));

/** Characters a backslash makes literal. */
const ESCAPABLE = '\\`*_{}[]()#+-.!|~>';

/** The ASCII white space characters; SPACES.includes(text[past the end]) is false (it looks for "undefined"). */
const SPACES = ' \t\n\r\f\v';
/** End of text or an ASCII white space character (`c` is one character). */
const isSpace = (c: string | undefined) => c === undefined || SPACES.includes(c);
const isWord = (c: string | undefined) => c !== undefined && /\w/.test(c);
const URL_START = /^https?:\/\//;
/** Emphasis delimiters, longest first, and the node each makes. */
const SPANS: Array<[string, 'strong' | 'em' | 'del']> = [
  ['**', 'strong'],
  ['__', 'strong'],
  ['~~', 'del'],
  ['*', 'em'],
  ['_', 'em'],
];
const INLINE_SYNTAX = /[\\`*_~[<]|https?:\/\//;
const URL_TAIL_PUNCT = '.,;:!?\'"';

/**
 * Parses inline Markdown: code spans, bold, italic, strikethrough, links, autolinks, escapes.
 * One left-to-right pass; every closing delimiter is found through a precomputed position list,
 * so no input (a thousand unclosed `**`, say) makes it quadratic.
 */
export function parseInline(text: string, depth = 0): MdInline[] {
  if (!INLINE_SYNTAX.test(text)) return text ? [{ type: 'text', text }] : [];
  const out: MdInline[] = [];
  const nested = (value: string): MdInline[] => (depth < 8 ? parseInline(value, depth + 1) : [{ type: 'text', text: value }]);
  // Closers by key, found in one pass: `**`, `__`, `~~` after a non-space; `*` after neither space
  // nor `*`; `_` after neither space nor `_` and not before a word character; `]`; and backtick
  // runs keyed by their length (a code span closes at the next run of the same length).
  const runEnd = (from: number) => {
    while (text[from] === '`') from++;
    return from;
  };
  // Each list starts with its cursor (see close), then the positions.
  const lists: Record<string, number[]> = {};
  const add = (key: string, i: number) => (lists[key] ??= [1]).push(i);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const afterWord = !isSpace(text[i - 1]);
    if (c === '`') {
      const j = runEnd(i);
      add('`' + (j - i), i);
      i = j - 1;
    } else if (c === ']') add(c, i);
    else if (afterWord && '*_~'.includes(c)) {
      if (text[i + 1] === c) add(c + c, i);
      if (c !== '~' && text[i - 1] !== c && (c === '*' || !isWord(text[i + 1]))) add(c, i);
    }
  }
  // The first closer of `key` at or after `from`, else -1. Each key is asked with ascending `from`
  // values only, so a cursor per key (the index of the first closer not yet passed) that never moves
  // back keeps the whole scan linear.
  const close = (key: string, from: number) => {
    const list = lists[key] ?? [1];
    while (list[list[0]!]! < from) list[0]!++;
    return list[list[0]!] ?? -1;
  };
  // The end of a run of URL characters (up to a space or one of `stops`). Asked with ascending
  // starts, so remembering the last answer per stop set keeps it linear.
  const memo: Record<string, [number, number]> = {};
  const urlStop = (from: number, stops: string) => {
    const seen = memo[stops];
    if (seen && from >= seen[0] && from <= seen[1]) return seen[1];
    let end = from;
    while (!isSpace(text[end]) && !stops.includes(text[end]!)) end++;
    memo[stops] = [from, end];
    return end;
  };

  const skipSpace = (from: number) => {
    while (SPACES.includes(text[from]!)) from++;
    return from;
  };

  // Plain text runs from `plain` to `i`; `pending` holds what came before an escape.
  let plain = 0;
  let i = 0;
  let pending = '';
  const flush = () => {
    pending += text.slice(plain, i);
    if (pending) out.push({ type: 'text', text: pending });
    pending = '';
  };
  const emit = (node: MdInline, end: number) => {
    flush();
    out.push(node);
    plain = i = end;
  };
  scan: while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.includes(text[i + 1]!)) {
      // The backslash is dropped; the character it escapes starts the next run of plain text.
      pending += text.slice(plain, i);
      plain = ++i;
      i++;
      continue;
    }
    if (c === '`') {
      const j = runEnd(i);
      const end = close('`' + (j - i), j + 1);
      if (end > 0) {
        const code = text.slice(j, end);
        emit({ type: 'code', text: code.trim() || code }, end + j - i);
      } else i = j;
      continue;
    }
    // Emphasis: the delimiter, then a non-space (and for a single one, not the same character).
    for (const [d, type] of SPANS) {
      if (text.startsWith(d, i) && !isSpace(text[i + d.length]) && (d.length > 1 || text[i + 1] !== d) && (d !== '_' || !isWord(text[i - 1]))) {
        const end = close(d, i + d.length + 1);
        if (end > 0) {
          emit({ type, children: nested(text.slice(i + d.length, end)) }, end + d.length);
          continue scan;
        }
      }
    }
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const open = c === '[' ? i : i + 1;
      const end = close(']', open + 1);
      if (end > 0 && text[end + 1] === '(') {
        // The target: `(href "title")`, the href optionally in <>, the title optional.
        let at = skipSpace(end + 2);
        if (text[at] === '<') at++;
        const start = at;
        at = urlStop(at, ')>');
        const href = text.slice(start, at);
        if (text[at] === '>') at++;
        const title = skipSpace(at);
        // An unclosed title leaves no `)` to find.
        if (title > at && text[title] === '"') at = text.indexOf('"', title + 1) + 1 || text.length;
        at = skipSpace(at);
        if (text[at] === ')') {
          emit({ type: 'link', href, children: nested(text.slice(open + 1, end) || href) }, at + 1);
          continue;
        }
      }
    }
    // An autolink: <https://...> or a bare https://... (without trailing punctuation).
    const angle = c === '<';
    const start = angle ? i + 1 : i;
    if ((angle || c === 'h') && URL_START.test(text.slice(start, start + 8))) {
      let end = urlStop(start, angle ? '>' : '<>()');
      if (!angle) while (URL_TAIL_PUNCT.includes(text[end - 1]!)) end--;
      // The scheme alone is not a link: at least one character must follow `://`.
      if ((!angle || text[end] === '>') && end > text.indexOf('//', i) + 2) {
        const href = text.slice(start, end);
        emit({ type: 'link', href, children: [{ type: 'text', text: href }] }, angle ? end + 1 : end);
        continue;
      }
    }
    i++;
  }
  flush();
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
