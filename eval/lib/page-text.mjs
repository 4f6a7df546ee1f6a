// Reads the page text out of a chat-completion request as a model would: ours sends it in the
// `<page>` block of the last user message, page-agent 1.12.4 in `<browser_state>`. Splits it into
// indexed entries (`[i]<tag attrs>text />`, page-agent's may run over several lines) and loose lines.

/** The opening and closing tags of the page block, ours first. */
const BLOCKS = [
  { open: '<page>', close: '</page>', after: '</history>' },
  { open: '<browser_state>', close: '</browser_state>', after: '</agent_history>' },
];
const INDEXED = /^(\t*)(\*?)\[(\d+)\]<([A-Za-z][\w-]*)/;

/** The text of a message's content, whether a string or an array of parts. */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : part?.text ?? '')).join('');
  return '';
}

/**
 * The page text of a request body: the page block of the last user message (the block after the
 * history, up to the block's last closing tag), or null when the message has none.
 */
export function pageTextOf(body) {
  const users = (body?.messages ?? []).filter((m) => m?.role === 'user');
  const message = contentText(users.at(-1)?.content);
  for (const { open, close, after } of BLOCKS) {
    const historyEnd = message.indexOf(after);
    const start = message.indexOf(open, historyEnd < 0 ? 0 : historyEnd);
    const end = message.lastIndexOf(close);
    if (start >= 0 && end > start) return message.slice(start + open.length, end).replace(/^\n+|\s+$/g, '');
  }
  return null;
}

/** The step number the agent says it is on ("Step 3 of 40"), or null. */
export function stepNumberOf(body) {
  const users = (body?.messages ?? []).filter((m) => m?.role === 'user');
  const match = /\bStep (\d+) of \d+/.exec(contentText(users.at(-1)?.content));
  return match ? Number(match[1]) : null;
}

/** Lower-case words of a text: runs of letters and digits (any script). */
export function wordsOf(text) {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Splits one indexed line after its tag into attributes and text. */
function splitIndexed(rest) {
  const close = rest.indexOf('>');
  if (close < 0) return { attrs: rest.trim(), text: '' };
  let attrs = rest.slice(0, close);
  let text = rest.slice(close + 1);
  if (attrs.endsWith('/')) {
    // `[3]<input name=x />`: no text; the `/>` closed the attribute list.
    attrs = attrs.slice(0, -1);
    text = '';
  }
  text = text.replace(/\s*\/>\s*$/, '').replace(/<\/[\w-]+>\s*$/, '');
  return { attrs: attrs.trim(), text: text.trim() };
}

/** Attribute values of an attribute list, without their names (`type=radio name=ship` → `radio ship`). */
function attributeValues(attrs) {
  return attrs.replace(/(^|\s)[\w:.-]+=/g, ' ');
}

/** Reads the role, type and other key=value pairs of an attribute list (values up to the next key). */
export function attributesOf(attrs) {
  const out = {};
  const re = /(?:^|\s)([\w:.-]+)=/g;
  const keys = [...attrs.matchAll(re)];
  keys.forEach((match, i) => {
    const from = match.index + match[0].length;
    const to = i + 1 < keys.length ? keys[i + 1].index : attrs.length;
    out[match[1].toLowerCase()] = attrs.slice(from, to).trim().replace(/^(['"])(.*)\1$/, '$2');
  });
  // Bare words (`checked`, `disabled`) are flags.
  const bare = attrs.replace(/(?:^|\s)[\w:.-]+=(?:'[^']*'|"[^"]*"|\S*)/g, ' ');
  for (const flag of bare.match(/[\w-]+/g) ?? []) if (!(flag in out)) out[flag.toLowerCase()] = true;
  return out;
}

/**
 * Parses page text into entries in page order. An indexed entry is
 * `{ kind: 'indexed', index, isNew, depth, tag, attrs, text, words, line, position }`; a loose line is
 * `{ kind: 'text', depth, text, words, line, position }`. `words` of an indexed entry are its attribute
 * values and text (attribute names and the tag are not words a person sees).
 */
export function parsePageText(pageText) {
  const lines = pageText.split('\n');
  const entries = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const match = INDEXED.exec(line);
    if (!match) {
      const text = line.trim();
      if (text) entries.push({ kind: 'text', depth: /^\t*/.exec(line)[0].length, text, words: wordsOf(text), line, position: entries.length });
      continue;
    }
    // page-agent keeps newlines inside an element's text: its entry runs until a line ends with `/>`.
    let extra = 0;
    while (!/\/>\s*$/.test(line) && i + 1 < lines.length && !INDEXED.test(lines[i + 1]) && extra < 200) {
      line += ' ' + lines[++i].trim();
      extra++;
    }
    const [head, depth, star, index, tag] = match;
    const { attrs, text } = splitIndexed(line.slice(head.length));
    entries.push({
      kind: 'indexed',
      index: Number(index),
      isNew: star === '*',
      depth: depth.length,
      tag: tag.toLowerCase(),
      attrs,
      attributes: attributesOf(attrs),
      text,
      words: wordsOf(`${attributeValues(attrs)} ${text}`),
      line: line.trim(),
      position: entries.length,
    });
  }
  return entries;
}

/** How much of the page lies below and above the viewport, in pages, read from the header (both formats say "N pages below"). */
export function scrollInfoOf(pageText) {
  const below = /([\d.]+) pages? below/.exec(pageText);
  const above = /([\d.]+) pages? above/.exec(pageText);
  return { pagesBelow: below ? Number(below[1]) : 0, pagesAbove: above ? Number(above[1]) : 0 };
}
