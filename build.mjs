// Build: the IIFE bundle for <script> tags (minified + dev), the ESM build for bundlers with .d.ts,
// the Node relay, and a size report. Run with `npm run build` (or `node build.mjs --quiet`).
import { build as esbuild } from 'esbuild';
import { minifySync as oxcMinify } from 'rolldown/experimental';
import { minify as terserMinify } from 'terser';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

const ROOT = dirname(fileURLToPath(import.meta.url));
const DIST = join(ROOT, 'dist');
const quiet = process.argv.includes('--quiet');
const skipTypes = process.argv.includes('--no-dts');
const log = (...args) => {
  if (!quiet) console.log(...args);
};

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

// Nothing from the environment reaches the bundle: `define` only names the version, and
// process.env is replaced by an empty object so a stray reference cannot inline a secret.
/** Writes a file atomically (temp + rename), so a test reading dist/ never sees half a bundle. */
function writeAtomic(file, contents) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

/**
 * Escapes every non-ASCII character left in esbuild's output as \uXXXX. With charset 'ascii' esbuild
 * escapes strings and templates but keeps regex literals as written (`/[-/.年]/`); a page in another
 * charset (GBK, Shift_JIS) decodes a script served without one in its own charset, and those bytes
 * then break the regex and with it the whole bundle. `\u` escapes mean the same in strings, regexes
 * (with or without the u flag) and identifiers.
 */
export function escapeNonAscii(code) {
  return code.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes, char) => {
    const escaped = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    // An identity escape in a regex (`\年`) becomes `\u5e74`, not an escaped backslash.
    return (slashes.length % 2 ? slashes.slice(1) : slashes) + escaped;
  });
}

/**
 * The shipped IIFE from esbuild's minified bundle: compressed again by terser, its names given again
 * by oxc's mangler, then made ASCII-only. terser's compressor (three passes, its default, safe
 * transforms only: no `unsafe*` option) inlines and folds across the whole bundle, which esbuild's
 * per-statement folding does not (single-use functions and constants, sequences, shorter
 * conditionals). In the bundle pass esbuild names every top-level symbol of the bundle apart from all
 * nested names; oxc's mangler (rolldown's `minifySync`) renames them as locals of the IIFE's function,
 * gives the most used names one letter and lets inner scopes shadow them, and its compressor (for the
 * same browsers) folds what is left. Printed in UTF-8 and escaped by escapeNonAscii, which gzips
 * smaller than esbuild's own ASCII escapes (\xA3, \u20AC).
 * Measured: 91,739 -> 91,431 B gzip (second esbuild pass, 2026-11-25); 91,564 -> 89,702 (oxc names,
 * 2026-11-27); 91,585 -> 91,384 (oxc compress, 2026-11-27); 91,384 -> 90,470 (terser's compressor
 * instead of the second esbuild pass, 2026-11-27).
 */
export async function finishIife(code) {
  const compressed = await terserMinify(code, { ecma: 2022, compress: { ecma: 2022, passes: 3 }, mangle: false, format: { comments: false } });
  const renamed = oxcMinify('page-agent.iife.js', compressed.code, { compress: { target: common.target }, mangle: { toplevel: false } });
  if (renamed.errors?.length) throw new Error(`oxc minify: ${renamed.errors.map((error) => error.message).join('; ')}`);
  return escapeNonAscii(renamed.code);
}

/** esbuild in memory, then atomic writes (JavaScript made ASCII-only: see escapeNonAscii; `finish` rewrites .js output instead). */
async function build(options, finish) {
  const result = await esbuild({ ...options, write: false });
  for (const out of result.outputFiles) {
    const js = /\.m?js$/.test(out.path);
    if (js && finish) writeAtomic(out.path, await finish(out.text));
    else writeAtomic(out.path, js && /[^\x00-\x7f]/.test(out.text) ? escapeNonAscii(out.text) : out.contents);
  }
  return result;
}

const common = {
  bundle: true,
  // Browsers of early 2023. Safari 16.4 rather than 16.0: below it esbuild lowers every #private
  // field of a class to WeakMap helpers and regex lookbehind to `new RegExp` (+1.7 KB raw, +0.5 KB gzip).
  target: ['es2022', 'chrome110', 'firefox115', 'safari16.4'],
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    __VERSION__: JSON.stringify(pkg.version),
    __DOCS__: 'true',
    'process.env': '{}',
    'process.env.NODE_ENV': '"production"',
  },
};

// The IIFE never shows option documentation: __DOCS__ false drops it from the option table
// (src/config/options.ts); the ESM build keeps it for CONFIG_OPTIONS. Every bundle of src/ defines it.
const iifeDefine = { ...common.define, __DOCS__: 'false' };

/** Options of the minified drop-in IIFE (also used by scripts/size-breakdown.mjs). */
export const iifeOptions = {
  ...common,
  define: iifeDefine,
  entryPoints: [join(ROOT, 'src/index.ts')],
  format: 'iife',
  platform: 'browser',
  minify: true,
  // esbuild leaves template literals as written: squeeze the CSS and HTML text of Lit templates.
  plugins: [minifyTemplatesPlugin(join(ROOT, 'src'))],
  outfile: join(DIST, 'page-agent.iife.js'),
};

/** Builds everything and returns the size report. */
export async function buildAll() {
  // Files are overwritten in place (no rm of dist/) so a test reading the bundle never sees it missing.
  mkdirSync(DIST, { recursive: true });

  // The four builds are independent: run them together.
  await Promise.all([
    build(iifeOptions, finishIife),
    build({
      ...common,
      entryPoints: [join(ROOT, 'src/index.ts')],
      format: 'iife',
      platform: 'browser',
      define: iifeDefine,
      sourcemap: true,
      outfile: join(DIST, 'page-agent.iife.dev.js'),
    }),
    build({
      ...common,
      entryPoints: [join(ROOT, 'src/lib.ts')],
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['lit', 'lit/*', 'zod', 'zod/*', '@lit/*'],
      sourcemap: true,
      outfile: join(DIST, 'esm/lib.js'),
    }),
    existsSync(join(ROOT, 'relay/main.ts')) &&
      build({
        ...common,
        define: { __VERSION__: JSON.stringify(pkg.version) },
        entryPoints: [join(ROOT, 'relay/main.ts')],
        format: 'esm',
        platform: 'node',
        target: 'node20',
        outfile: join(DIST, 'relay.mjs'),
      }),
    // The Node runner (`run`, `test`, `drop-in-page-agent/node`): the agent's core comes from the
    // ESM build (a package self-reference), playwright-core from the user's install, the MCP SDK
    // (`mcp`) and ws (`mcp --pair`) from the package's dependencies.
    build({
      ...common,
      define: { __VERSION__: JSON.stringify(pkg.version) },
      entryPoints: [join(ROOT, 'node/index.ts')],
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['drop-in-page-agent', 'playwright-core', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*', 'ws'],
      outfile: join(DIST, 'node.mjs'),
    }),
  ]);
  if (!skipTypes) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], {
      stdio: 'inherit',
    });
    // The Node API's declarations, against the library's just written above.
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.node.json')], {
      stdio: 'inherit',
    });
  }
  writeIntegrity();
  return writeSizeReport();
}

/**
 * dist/integrity.json: the Subresource Integrity value of each browser bundle, published in the
 * package so a CDN snippet can take its `integrity` from the same version it loads.
 */
function writeIntegrity() {
  const sri = (name) => `sha384-${createHash('sha384').update(readFileSync(join(DIST, name))).digest('base64')}`;
  const files = ['page-agent.iife.js', 'page-agent.iife.dev.js'].filter((name) => existsSync(join(DIST, name)));
  writeAtomic(join(DIST, 'integrity.json'), JSON.stringify(Object.fromEntries(files.map((name) => [name, sri(name)])), null, 2) + '\n');
}

function measure(file) {
  const raw = readFileSync(file);
  return {
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function writeSizeReport() {
  const ours = measure(join(DIST, 'page-agent.iife.js'));
  const peerFile = join(ROOT, 'node_modules/page-agent/dist/iife/page-agent.demo.js');
  const peer = existsSync(peerFile) ? measure(peerFile) : null;
  const report = {
    file: 'dist/page-agent.iife.js',
    ...ours,
    pageAgent: peer && { file: 'page-agent@1.12.4 dist/iife/page-agent.demo.js', ...peer },
    gzipRatio: peer ? +(ours.gzip / peer.gzip).toFixed(3) : null,
  };
  writeAtomic(join(DIST, 'size.json'), JSON.stringify(report, null, 2) + '\n');
  const kb = (n) => (n / 1024).toFixed(1) + ' KB';
  log(`page-agent.iife.js  raw ${kb(ours.raw)}  gzip ${kb(ours.gzip)}  brotli ${kb(ours.brotli)}`);
  if (peer) {
    log(`page-agent (peer)   raw ${kb(peer.raw)}  gzip ${kb(peer.gzip)}  brotli ${kb(peer.brotli)}`);
    log(`gzip ratio ours/peer: ${report.gzipRatio}`);
  }
  return report;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildAll().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
