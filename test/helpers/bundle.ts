// Bundles a source module for the browser on the fly (esbuild, in memory), so e2e tests of one
// module do not depend on dist/ and never race with a concurrent build. No source map: an inline one
// is three quarters of the text (1.2 of 1.6 MB for the agent), which every page load and every
// addScriptTag would carry and parse, and Chromium's stack traces do not use it.
import { build } from 'esbuild';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const cache = new Map<string, Promise<string>>();

/**
 * Returns IIFE source that assigns the module's exports to `window[globalName]`.
 * @example await page.addScriptTag({ content: await bundleForBrowser('src/dom/page-controller.ts', 'DomLib') })
 */
export function bundleForBrowser(entry: string, globalName: string): Promise<string> {
  const key = `${entry}::${globalName}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = build({
      entryPoints: [resolve(REPO_ROOT, entry)],
      bundle: true,
      write: false,
      format: 'iife',
      globalName,
      platform: 'browser',
      target: 'es2022',
      sourcemap: false,
      define: { __VERSION__: '"test"', __DOCS__: 'true', 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text);
    cache.set(key, pending);
  }
  return pending;
}
