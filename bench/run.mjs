// `npm run bench`: starts one Chromium and a loopback server, runs every suite in bench/suites
// (or only those named on the command line), prints their markdown tables and writes
// bench/results/<date>.json and bench/results/latest.md. A suite exports `name` and
// `async run({ browser, staticServer, root, log })` returning `{ table, json }`.
import { chromium } from 'playwright-core';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './launch.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const RESULTS = join(HERE, 'results');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));

const files = readdirSync(join(HERE, 'suites'))
  .filter((file) => file.endsWith('.mjs'))
  .sort();
const suites = [];
for (const file of files) {
  const suite = await import(pathToFileURL(join(HERE, 'suites', file)).href);
  if (wanted.length === 0 || wanted.includes(suite.name)) suites.push(suite);
}
if (suites.length === 0) {
  console.error(`No bench suite matches ${wanted.join(', ')}; suites: ${files.join(', ')}`);
  process.exit(1);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const chromiumVersion = browser.version();
const staticServer = await startStaticServer(ROOT);
const started = new Date();
const results = {};
const sections = [];
let failed = false;
try {
  for (const suite of suites) {
    const log = (...args) => console.error(`[${suite.name}]`, ...args);
    const t0 = Date.now();
    try {
      const { table, json } = await suite.run({ browser, staticServer, root: ROOT, log });
      results[suite.name] = { ...json, seconds: Math.round((Date.now() - t0) / 100) / 10 };
      sections.push(`## ${suite.name}\n\n${table}\n`);
      console.log(`\n## ${suite.name}\n\n${table}\n`);
    } catch (error) {
      failed = true;
      results[suite.name] = { error: String(error?.stack ?? error) };
      sections.push(`## ${suite.name}\n\nFailed: ${String(error?.message ?? error)}\n`);
      console.error(`suite ${suite.name} failed:`, error);
    }
  }
} finally {
  await staticServer.close();
  await browser.close();
}

const stamp = started.toISOString();
const environment = { node: process.version, chromium: chromiumVersion, platform: `${process.platform} ${process.arch}`, cpus: os.cpus().length };
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, `${stamp.replace(/:/g, '-')}.json`), JSON.stringify({ date: stamp, environment, suites: results }, null, 2) + '\n');
const header = `# Benchmark results\n\n${stamp}; Node ${process.version}; Chromium ${chromiumVersion} (headless); ${environment.platform}, ${environment.cpus} CPUs. Produced by \`npm run bench\`.\n`;
// latest.md always shows a complete run; a run of some suites only writes its JSON.
if (wanted.length === 0) writeFileSync(join(RESULTS, 'latest.md'), [header, ...sections].join('\n'));
console.log(`Results: bench/results/${stamp.replace(/:/g, '-')}.json${wanted.length === 0 ? ' and bench/results/latest.md' : ''}`);
if (failed) process.exitCode = 1;
