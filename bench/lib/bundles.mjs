// In-memory browser bundles for suites: ours from src/ (so the bench measures the working tree, not a
// stale dist/) and page-agent's PageController from node_modules, each as an IIFE that assigns its
// exports to a global.
import { build } from 'esbuild';
import { join } from 'node:path';

const cache = new Map();

/**
 * The headless agents compared by the bench and `npm run eval`: ours from src/ (with the listener
 * tracker, installed before the page's scripts as the IIFE in <head> does) and page-agent 1.12.4's.
 */
export const AGENT_ENTRIES = {
  ours: {
    contents: `export { PageAgentCore } from './src/agent.ts';
export { PageController } from './src/dom/page-controller.ts';
export { installListenerTracker } from './src/dom/extract/listener-tracker.ts';`,
  },
  pageAgent: {
    contents: `export { PageAgentCore } from '@page-agent/core';
export { PageController } from '@page-agent/page-controller';`,
  },
};

/**
 * IIFE source exposing a module's exports as `window[globalName]`. `entry` is a repo-relative file, a
 * package name, or `{ contents }`: TypeScript source resolved from the repository root.
 */
export function bundle(root, entry, globalName) {
  const key = `${typeof entry === 'string' ? entry : entry.contents}::${globalName}`;
  if (!cache.has(key)) {
    const input =
      typeof entry === 'string'
        ? { entryPoints: [entry.startsWith('.') || entry.startsWith('src/') ? join(root, entry) : entry] }
        : { stdin: { contents: entry.contents, resolveDir: root, loader: 'ts', sourcefile: `${globalName}-entry.ts` } };
    cache.set(
      key,
      build({
        ...input,
        absWorkingDir: root,
        bundle: true,
        write: false,
        format: 'iife',
        globalName,
        platform: 'browser',
        target: 'es2022',
        minify: true,
        logLevel: 'silent',
        define: { __VERSION__: '"bench"', __DOCS__: 'false', 'process.env.NODE_ENV': '"production"' },
      }).then((result) => result.outputFiles[0].text),
    );
  }
  return cache.get(key);
}
