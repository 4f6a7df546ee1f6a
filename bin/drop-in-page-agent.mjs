#!/usr/bin/env node
// The package's command line: `drop-in-page-agent relay --port 8787`, `drop-in-page-agent run --url
// URL "task"`, `drop-in-page-agent test tests/`, `drop-in-page-agent mcp`. A thin launcher: the relay lives in dist/relay.mjs
// (relay/cli.ts), the Node runner (run, test, mcp) in dist/node.mjs (node/cli/main.ts).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const NODE_COMMANDS = new Set(['run', 'test', 'mcp']);
const args = process.argv.slice(2);

function load(file) {
  const path = join(DIST, file);
  if (!existsSync(path)) {
    console.error(
      `drop-in-page-agent: ${path} is missing.\n` +
        'Build it first: run `npm run build` in the package folder (from a fresh checkout: `npm ci && npm run build`).',
    );
    process.exit(1);
  }
  return import(pathToFileURL(path).href);
}

if (NODE_COMMANDS.has(args[0])) {
  const { runCli } = await load('node.mjs');
  const controller = new AbortController();
  // The first Ctrl+C stops the run and closes the browser; a second one exits at once.
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping (Ctrl+C again to quit at once)…\n');
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  process.exitCode = await runCli(args, {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(`${text}\n`),
    progress: process.stderr,
    signal: controller.signal,
  });
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
} else {
  const { runCli } = await load('relay.mjs');
  const result = await runCli(args, {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
  if (result.relay) {
    const stop = () => {
      result.relay.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    process.exitCode = result.exitCode;
  }
}
