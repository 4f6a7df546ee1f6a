// What the late-load fallback (src/dom/extract/button-look.ts: a div or span drawn as a button is
// listed when the listener tracker was not installed early) adds to the page text, on saved real
// pages: each page is read by our PageController loaded after the page (like a bookmarklet), once as
// built and once with the fallback turned off, and the o200k tokens of the two page texts compared.
// Network is blocked (only the local server answers); pages whose walk hit its time limit are left out. Pages are not part of the repository: pass a
// folder of .html files, e.g. mozilla/readability's test/test-pages/*/source.html saved as <name>.html.
//
//   node scripts/late-look-tokens.mjs DIR [--whole]     (--whole: viewportExpansion -1, the whole page)
import { build } from 'esbuild';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { chromium } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../bench/launch.mjs';
import { startStaticServer } from '../bench/lib/static-server.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('usage: node scripts/late-look-tokens.mjs DIR [--whole]');
  process.exit(2);
}
const whole = args.includes('--whole');

/** Our controller as an IIFE; `off` replaces the fallback with one that never fires. */
async function controllerBundle(off) {
  const plugins = off
    ? [{
        name: 'look-off',
        setup(b) {
          b.onLoad({ filter: /button-look\.ts$/ }, async (a) => {
            const { readFile } = await import('node:fs/promises');
            const source = await readFile(a.path, 'utf8');
            return { contents: source.replace(/export function looksLikeButton\(/, 'export function looksLikeButton(..._: unknown[]): boolean { return false; }\nfunction unused('), loader: 'ts' };
          });
        },
      }]
    : [];
  const result = await build({
    stdin: { contents: `export { PageController } from './src/dom/page-controller.ts';`, resolveDir: ROOT, loader: 'ts' },
    bundle: true, write: false, format: 'iife', globalName: 'LateLook', platform: 'browser', target: 'es2022', minify: true, logLevel: 'silent', plugins,
    define: { __VERSION__: '"bench"', __DOCS__: 'false', 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0].text;
}

const [on, off] = await Promise.all([controllerBundle(false), controllerBundle(true)]);
const web = await startStaticServer(resolve(dir));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const local = new URL(web.url('/')).origin;
const files = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
let totalOn = 0;
let totalOff = 0;
const rows = [];
for (const file of files) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) => (route.request().url().startsWith(local) ? route.continue() : route.abort()));
  try {
    const page = await context.newPage();
    await page.goto(web.url('/' + file), { waitUntil: 'load', timeout: 30_000 });
    const read = async (code) => {
      await page.evaluate(`${code};window.__look = LateLook;`);
      return page.evaluate(async (config) => {
        const s = await new window.__look.PageController(config).getBrowserState();
        return `${s.header}\n${s.content}\n${s.footer}`;
      }, whole ? { viewportExpansion: -1, highlight: false } : { highlight: false });
    };
    await read(on); // warm-up: the first reading of a page is the slowest
    const textOff = await read(off);
    const textOn = await read(on);
    // A walk cut by its time limit covers more or less of the page from run to run: not comparable.
    if (textOff.includes('the listing stopped early') || textOn.includes('the listing stopped early')) {
      console.error(`${file}: skipped (too large to read within the time limit)`);
      continue;
    }
    const a = countTokens(textOff);
    const b = countTokens(textOn);
    totalOff += a;
    totalOn += b;
    rows.push({ file, off: a, on: b });
  } catch (error) {
    console.error(`${file}: skipped (${String(error.message).split('\n')[0]})`);
  } finally {
    await context.close();
  }
}
await browser.close();
await web.close?.();
for (const r of rows) if (r.on !== r.off) console.log(`${r.file}: ${r.off} -> ${r.on} tokens (${(((r.on - r.off) / r.off) * 100).toFixed(1)}%)`);
const changed = rows.filter((r) => r.on !== r.off).length;
console.log(`${rows.length} pages (${changed} changed), ${whole ? 'whole page' : 'default token budget'}: ${totalOff} -> ${totalOn} tokens, +${(((totalOn - totalOff) / totalOff) * 100).toFixed(2)}%`);
process.exit(0);
