// Bytes of the minified IIFE per source area, built with the same options as build.mjs: raw bytes
// from esbuild's metafile, and gzip of each area's own output text alone (from the source map), which
// over-counts a little against the whole file's gzip, since areas share words.
// `node scripts/size-breakdown.mjs [filter]` lists the single files whose path contains filter.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { escapeNonAscii, iifeOptions } from '../build.mjs';
import { minifyTemplates } from './minify-templates.mjs';

const filter = process.argv[2];
const result = await build({ ...iifeOptions, write: false, metafile: true, sourcemap: 'external', logLevel: 'silent' });
const output = result.outputFiles.find((file) => file.path.endsWith('.js')).text;
const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map')).text);

/** The area of a bundled file: a package, a folder two levels under src/, or a top-level src file or folder. */
function areaOf(file) {
  if (filter) return file.includes(filter) ? file : undefined;
  return file
    .replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, 'nm:$1')
    .replace(/^src\/([^/]+)\/([^/]+)\/.*$/, 'src/$1/$2')
    .replace(/^src\/([^/]+)\/[^/]+\.ts$/, 'src/$1');
}

const B64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));
/** Decodes one source-map segment of base64 VLQs. */
function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

// Output text per source file, cut at each mapping; unmapped text goes to the file of the mapping before it.
const textBySource = new Map();
// The same cuts in output order, to rebuild the output without one area.
const pieces = [];
const lines = output.split('\n');
let source = 0;
map.mappings.split(';').forEach((lineMappings, lineIndex) => {
  const line = lines[lineIndex] ?? '';
  const cuts = [];
  let column = 0;
  for (const segment of lineMappings.split(',')) {
    if (!segment) continue;
    const [dColumn, dSource] = decodeVlq(segment);
    column += dColumn;
    if (dSource !== undefined) source += dSource;
    cuts.push([column, source]);
  }
  cuts.forEach(([start, src], i) => {
    const text = line.slice(start, cuts[i + 1]?.[0] ?? line.length);
    textBySource.set(src, (textBySource.get(src) ?? '') + text);
    pieces.push([src, text]);
  });
});

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const rows = new Map();
const areaOfSource = (index) => areaOf(map.sources[index].replace(/^(\.\.\/)+/, ''));
for (const [index, text] of textBySource) {
  const area = areaOfSource(index);
  if (area) rows.set(area, (rows.get(area) ?? '') + text);
}
/** What the area adds to the whole file's gzip: gzip of the output minus gzip of the output without it. */
const joined = (keep) => pieces.filter(([index]) => keep(index)).map(([, text]) => text).join('');
const whole = gzip(joined(() => true));
const marginal = (area) => whole - gzip(joined((index) => areaOfSource(index) !== area));

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
for (const file of Object.keys(Object.values(result.metafile.outputs).find((out) => out.entryPoint).inputs)) {
  const area = areaOf(file);
  if (area) literalsByArea.set(area, (literalsByArea.get(area) ?? 0) + (await literalBytes(file)));
}
const pad = (value, width = 8) => String(value).padStart(width);
// The shipped file is escaped to ASCII after esbuild (build.mjs); the areas below are measured before that.
const shipped = escapeNonAscii(output);
console.log(`total raw ${Buffer.byteLength(shipped)}  gzip ${gzip(shipped)} (as shipped)`);
console.log('     raw  gzip-alone  gzip-marginal  literals  area');
for (const [name, text] of [...rows].sort((a, b) => b[1].length - a[1].length)) {
  console.log(pad(Buffer.byteLength(text)), pad(gzip(text), 10), pad(marginal(name), 13), pad(literalsByArea.get(name) ?? 0, 9), '  ', name);
}
console.log('gzip-alone: the area compressed by itself; gzip-marginal: what the file loses without it;');
console.log('literals: text of string and template literals in its sources (CSS and markup minified).');
