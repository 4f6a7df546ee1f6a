#!/usr/bin/env node
// The package's command line: `drop-in-page-agent relay --port 8787`. A thin launcher for the
// bundled relay in dist/relay.mjs; all behaviour lives in relay/cli.ts.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const RELAY = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'relay.mjs');

if (!existsSync(RELAY)) {
  console.error(
    `drop-in-page-agent: ${RELAY} is missing.\n` +
      'Build it first: run `npm run build` in the package folder (from a fresh checkout: `npm ci && npm run build`).',
  );
  process.exit(1);
}

const { runCli } = await import(pathToFileURL(RELAY).href);
const result = await runCli(process.argv.slice(2), {
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
