// Builds the component-library apps under eval/apps/<app>/main.{jsx,js} with esbuild into
// eval/.build/<app>.js (+ .css), skipped when the output is newer than the app's sources and the
// lockfile. The built files are not committed (eval/.build is ignored).
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under `dir`. */
function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

/** The entry file of an app. */
function entryOf(root, app) {
  for (const name of ['main.jsx', 'main.js']) {
    const path = join(root, 'eval/apps', app, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`eval app "${app}" has no eval/apps/${app}/main.jsx or main.js`);
}

/** Builds each app in `apps` unless its output is current; resolves to the apps that were built. */
export async function buildApps(root, apps, { force = false } = {}) {
  const out = join(root, 'eval/.build');
  const shared = existsSync(join(root, 'eval/apps/shared')) ? newest(join(root, 'eval/apps/shared')) : 0;
  const lock = statSync(join(root, 'package-lock.json')).mtimeMs;
  const built = [];
  await Promise.all(
    apps.map(async (app) => {
      const target = join(out, `${app}.js`);
      const sources = Math.max(newest(join(root, 'eval/apps', app)), shared, lock);
      if (!force && existsSync(target) && statSync(target).mtimeMs > sources) return;
      await build({
        entryPoints: { [app]: entryOf(root, app) },
        absWorkingDir: root,
        outdir: out,
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        jsx: 'automatic',
        // Vue pages use template strings: the build of Vue that compiles them at run time.
        alias: { vue: 'vue/dist/vue.esm-bundler.js' },
        loader: { '.js': 'jsx', '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.svg': 'file' },
        define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
        logLevel: 'error',
      });
      built.push(app);
    }),
  );
  return built;
}
