// Bytes of the minified IIFE per source area, built with the same options as build.mjs: raw bytes
// from esbuild's metafile, and gzip of each area's own output text alone (from the source map), which
// over-counts a little against the whole file's gzip, since areas share words.
// `node scripts/size-breakdown.mjs [filter]` lists the single files whose path contains filter.
import { readFileSync } from 'node:fs';
import { finishIife } from '../build.mjs';
import { minifyTemplates } from './minify-templates.mjs';
import { bundlePieces, gzip, gzipWithout } from './size-pieces.mjs';

const filter = process.argv[2];
const { output, metafile, pieces } = await bundlePieces();

/** The area of a bundled file: a package, a folder two levels under src/, or a top-level src file or folder. */
function areaOf(file) {
  if (filter) return file.includes(filter) ? file : undefined;
  return file
    .replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, 'nm:$1')
    .replace(/^src\/([^/]+)\/([^/]+)\/.*$/, 'src/$1/$2')
    .replace(/^src\/([^/]+)\/[^/]+\.ts$/, 'src/$1');
}

const rows = new Map();
for (const [file, text] of pieces) {
  const area = areaOf(file);
  if (area) rows.set(area, (rows.get(area) ?? '') + text);
}
/** What the area adds to the whole file's gzip: gzip of the output minus gzip of the output without it. */
const marginal = (area) => gzipWithout(pieces, (file) => areaOf(file) === area);

// Text in string and template literals of our own sources (messages, prompts, CSS, markup), counted
// as the ASCII output spells it (\\uXXXX for other characters): bytes that minifying cannot shorten.
const ts = (await import('typescript')).default;
async function literalBytes(file) {
  if (!file.startsWith('src/')) return 0;
  const text = await minifyTemplates(readFileSync(file, 'utf8'), file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let bytes = 0;
  const visit = (node) => {
    // Module specifiers and types do not reach the bundle.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const char of node.text) bytes += char.charCodeAt(0) < 128 ? 1 : char.length * 6;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return bytes;
}
const literalsByArea = new Map();
for (const file of Object.keys(Object.values(metafile.outputs).find((out) => out.entryPoint).inputs)) {
  const area = areaOf(file);
  if (area) literalsByArea.set(area, (literalsByArea.get(area) ?? 0) + (await literalBytes(file)));
}
const pad = (value, width = 8) => String(value).padStart(width);
// The shipped file is minified again and escaped to ASCII after esbuild (build.mjs finishIife); the
// areas below are measured before that.
const shipped = await finishIife(output);
console.log(`total raw ${Buffer.byteLength(shipped)}  gzip ${gzip(shipped)} (as shipped)`);
console.log('     raw  gzip-alone  gzip-marginal  literals  area');
for (const [name, text] of [...rows].sort((a, b) => b[1].length - a[1].length)) {
  console.log(pad(Buffer.byteLength(text)), pad(gzip(text), 10), pad(marginal(name), 13), pad(literalsByArea.get(name) ?? 0, 9), '  ', name);
}
console.log('gzip-alone: the area compressed by itself; gzip-marginal: what the file loses without it;');
console.log('literals: text of string and template literals in its sources (CSS and markup minified).');
