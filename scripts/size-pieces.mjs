// The minified IIFE cut into pieces by source file (from esbuild's source map), built with the same
// options as build.mjs: lets scripts/size-breakdown.mjs and the bench say what each part of the
// source costs in the shipped file's gzip.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { iifeOptions } from '../build.mjs';

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

/** gzip size at the level the size report uses. */
export const gzip = (text) => gzipSync(text, { level: 9 }).length;

/**
 * Builds the IIFE in memory and returns its output text, the esbuild metafile, and `pieces`: the
 * output in order as [source file relative to the repo, text] pairs, cut at each source-map
 * mapping (unmapped text goes to the file of the mapping before it); joined, they are the output.
 */
export async function bundlePieces() {
  const result = await build({ ...iifeOptions, write: false, metafile: true, sourcemap: 'external', logLevel: 'silent' });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js')).text;
  const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map')).text);
  const files = map.sources.map((path) => path.replace(/^(\.\.\/)+/, ''));
  const pieces = [];
  const lines = output.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = (lines[lineIndex] ?? '') + (lineIndex < lines.length - 1 ? '\n' : '');
    // Text before the line's first mapping belongs to the file of the mapping before it.
    const cuts = [[0, source]];
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
      if (text) pieces.push([files[src], text]);
    });
  });
  return { output, metafile: result.metafile, pieces };
}

/** What leaving out the files `drop` selects takes off the gzip of the pieces joined (a lower bound of a removal: call sites stay). */
export function gzipWithout(pieces, drop) {
  const whole = gzip(pieces.map(([, text]) => text).join(''));
  return whole - gzip(pieces.filter(([file]) => !drop(file)).map(([, text]) => text).join(''));
}
