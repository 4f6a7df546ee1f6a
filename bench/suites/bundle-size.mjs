// Bench suite: the size of our IIFE against page-agent's demo IIFE (raw, gzip, brotli), the biggest
// inputs of ours (so a size regression names its cause) and what each optional feature costs in gzip.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { featureCosts } from '../../scripts/feature-costs.mjs';
import { bundlePieces } from '../../scripts/size-pieces.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OURS = join(ROOT, 'dist/page-agent.iife.js');
const PEER = join(ROOT, 'node_modules/page-agent/dist/iife/page-agent.demo.js');

export const name = 'bundle-size';

function measure(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Groups the minified bundle's bytes by package (lit-html, ours by top-level folder). */
function breakdown(metafile) {
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint);
  const groups = new Map();
  for (const [path, info] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
    const key = pkg ?? path.replace(/^src\//, '').split('/').slice(0, path.startsWith('src/dom/') ? 2 : 1).join('/');
    groups.set(key, (groups.get(key) ?? 0) + info.bytesInOutput);
  }
  return [...groups.entries()].sort((a, b) => b[1] - a[1]);
}

/** Measures both bundles; `ctx` is unused (no browser needed). */
export async function run() {
  if (!existsSync(OURS)) throw new Error('dist/page-agent.iife.js is missing: run `node build.mjs` first');
  const ours = measure(readFileSync(OURS));
  const peer = existsSync(PEER) ? measure(readFileSync(PEER)) : null;
  // One in-memory build serves both the breakdown and the feature costs.
  const { metafile, pieces } = await bundlePieces();
  const parts = breakdown(metafile);
  const costs = await featureCosts(pieces);
  const ratio = (key) => (peer ? (ours[key] / peer[key]).toFixed(3) : 'n/a');
  const rows = [
    '| bundle | raw | gzip | brotli |',
    '|---|---:|---:|---:|',
    `| ours (dist/page-agent.iife.js) | ${kb(ours.raw)} | ${kb(ours.gzip)} | ${kb(ours.brotli)} |`,
    peer ? `| page-agent 1.12.4 demo IIFE | ${kb(peer.raw)} | ${kb(peer.gzip)} | ${kb(peer.brotli)} |` : '| page-agent | missing | | |',
    `| ratio ours / page-agent | ${ratio('raw')} | **${ratio('gzip')}** | ${ratio('brotli')} |`,
    '',
    'Largest parts of ours (minified bytes before compression):',
    '',
    '| part | bytes |',
    '|---|---:|',
    ...parts.slice(0, 12).map(([part, bytes]) => `| ${part} | ${bytes.toLocaleString('en-US')} |`),
    '',
    'What optional features cost in gzip (their own files left out of the output; a lower bound of what',
    'removing one would save: call sites and prompt lines stay):',
    '',
    '| feature | gzip bytes |',
    '|---|---:|',
    ...costs.features.map(({ name, gzip }) => `| ${name} | ${gzip.toLocaleString('en-US')} |`),
    `| all of them, summed | ${costs.features.reduce((sum, f) => sum + f.gzip, 0).toLocaleString('en-US')} |`,
  ];
  return {
    table: rows.join('\n'),
    json: {
      ours,
      pageAgent: peer,
      gzipRatio: peer ? +(ours.gzip / peer.gzip).toFixed(3) : null,
      target: 'gzip ratio ≤ 0.5',
      parts: Object.fromEntries(parts),
      featureGzip: Object.fromEntries(costs.features.map(({ name, gzip }) => [name, gzip])),
    },
  };
}
