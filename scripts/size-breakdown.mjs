// Bytes of the minified IIFE per source area (raw, from esbuild's metafile), built with the same
// options as build.mjs. `node scripts/size-breakdown.mjs [filter]` lists single files matching filter.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { iifeOptions } from '../build.mjs';

const filter = process.argv[2];
const result = await build({ ...iifeOptions, write: false, metafile: true, logLevel: 'silent' });
const output = result.outputFiles.find((file) => file.path.endsWith('.js')).contents;
const inputs = Object.entries(Object.values(result.metafile.outputs).find((out) => out.entryPoint).inputs);

/** The area of a bundled file: a package, a folder two levels under src/, or a top-level src file or folder. */
function areaOf(file) {
  return file
    .replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, 'nm:$1')
    .replace(/^src\/([^/]+)\/([^/]+)\/.*$/, 'src/$1/$2')
    .replace(/^src\/([^/]+)\/[^/]+\.ts$/, 'src/$1');
}

const rows = {};
for (const [file, info] of inputs) {
  const key = filter ? file : areaOf(file);
  if (filter && !file.includes(filter)) continue;
  rows[key] = (rows[key] ?? 0) + info.bytesInOutput;
}
console.log('total raw', output.length, 'gzip', gzipSync(output, { level: 9 }).length);
for (const [name, bytes] of Object.entries(rows).sort((a, b) => b[1] - a[1])) if (bytes > 0) console.log(String(bytes).padStart(8), name);
