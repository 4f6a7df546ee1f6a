// Minifies the text of Lit `css`/`html` tagged templates and of `const *_CSS = `…`` stylesheet
// strings at build time, which esbuild leaves as written. Knows CSS and HTML whitespace rules only;
// every `${…}` stays exactly where it was (only the static text between expressions changes).
import { readFile } from 'node:fs/promises';

// TypeScript's parser finds the templates; it is loaded only when a file has one (it takes ~0.5 s).
let ts;
const CANDIDATE = /\b(css|html)`|_CSS = `/;

// Inside these elements whitespace is content, so an html template holding one is left alone.
const WHITESPACE_KEEPERS = /<(pre|textarea|script|style|listing|plaintext|xmp)\b/i;

/**
 * Minifies one static chunk of CSS. `first`/`last` say whether the chunk starts/ends the whole
 * literal: whitespace beside an expression is kept (as one space), since it may separate tokens.
 */
export function minifyCssChunk(text, first = true, last = true) {
  // Strings are copied verbatim; comments and whitespace between them are squeezed.
  const pieces = text.split(/("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/);
  let out = pieces
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      return (
        piece
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          // No space is needed around these; `:` only after it (a space before `:` is a descendant combinator).
          .replace(/ ?([{};,>]) ?/g, '$1')
          .replace(/: /g, ':')
          .replace(/ !important/g, '!important')
          .replace(/;}/g, '}')
      );
    })
    .join('');
  if (first) out = out.replace(/^ /, '');
  if (last) out = out.replace(/[ ;]$/, '');
  return out;
}

/** Minifies one static chunk of HTML: runs of whitespace become one space, which renders the same. */
export function minifyHtmlChunk(text) {
  return text.replace(/\s+/g, ' ');
}

/**
 * Drops the quotes of attribute values made only of letters, digits, `-` and `_` inside the tags of
 * an html template's static chunks (`class="md-table"` → `class=md-table`), when a space or `>` ends
 * the value within the chunk: the HTML parser reads them the same, and so does Lit's template scanner.
 * `chunks` are minified chunks in order; whether a chunk starts inside a tag carries over from the one
 * before it. Text between tags is never touched.
 */
export function unquoteHtmlAttributes(chunks) {
  let inTag = false;
  return chunks.map((chunk) => {
    let out = '';
    let at = 0;
    for (const match of chunk.matchAll(/<[a-zA-Z/]|>| [a-z][a-z-]*="([\w-]+)"(?=[ >])/g)) {
      if (match[0] === '>') inTag = false;
      else if (match[0][0] === '<') inTag = true;
      else if (inTag) {
        out += chunk.slice(at, match.index) + match[0].replace(/"/g, '');
        at = match.index + match[0].length;
      }
    }
    return out + chunk.slice(at);
  });
}

/** The raw text spans (start, end offsets into `source`) of a template literal's static chunks. */
function chunksOf(template) {
  const spans = [];
  const add = (node, headLength, tailLength) => spans.push([node.getStart() + headLength, node.getEnd() - tailLength]);
  if (ts.isNoSubstitutionTemplateLiteral(template)) add(template, 1, 1);
  else {
    add(template.head, 1, 2);
    for (const span of template.templateSpans) add(span.literal, 1, ts.isTemplateTail(span.literal) ? 1 : 2);
  }
  return spans;
}

/**
 * Returns `source` with the static text of its css/html templates (and `*_CSS` template strings)
 * minified, or `source` unchanged when it has none.
 */
export async function minifyTemplates(source, fileName = 'file.ts') {
  if (!CANDIDATE.test(source)) return source;
  ts ??= (await import('typescript')).default;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits = [];
  const visit = (node) => {
    let kind;
    let template;
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && (node.tag.text === 'css' || node.tag.text === 'html')) {
      kind = node.tag.text;
      template = node.template;
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /_CSS$/.test(node.name.text) && node.initializer && ts.isNoSubstitutionTemplateLiteral(node.initializer)) {
      kind = 'css';
      template = node.initializer;
    }
    if (template) {
      const spans = chunksOf(template);
      const raw = spans.map(([start, end]) => source.slice(start, end));
      // Escapes (`\n`, `\``, `\${`) keep their meaning only if left untouched: skip such templates.
      const skip = raw.some((text) => text.includes('\\')) || (kind === 'html' && raw.some((text) => WHITESPACE_KEEPERS.test(text)));
      if (!skip) {
        const min = kind === 'css' ? raw.map((text, i) => minifyCssChunk(text, i === 0, i === spans.length - 1)) : unquoteHtmlAttributes(raw.map(minifyHtmlChunk));
        spans.forEach(([start, end], i) => {
          if (min[i] !== raw[i]) edits.push([start, end, min[i]]);
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** esbuild plugin applying {@link minifyTemplates} to the project's own TypeScript under `dir`. */
export function minifyTemplatesPlugin(dir) {
  return {
    name: 'minify-templates',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(dir)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: await minifyTemplates(source, args.path), loader: 'ts' };
      });
    },
  };
}
