// @vitest-environment node
// The build never inlines secrets from the environment or a .env file into what it ships.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');

/** The build's own helpers (plain .mjs without types), loaded by path. */
async function buildHelpers() {
  const minify = await import(pathToFileURL(join(ROOT, 'scripts/minify-templates.mjs')).href);
  const build = await import(pathToFileURL(join(ROOT, 'build.mjs')).href);
  return {
    minifyTemplates: minify.minifyTemplates as (source: string, fileName?: string) => Promise<string>,
    escapeNonAscii: build.escapeNonAscii as (code: string) => string,
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('build', () => {
  it('ships no value of the build environment', () => {
    const canary = 'sk-canary-0123456789abcdef';
    execFileSync(process.execPath, ['build.mjs', '--quiet', '--no-dts'], {
      cwd: ROOT,
      env: { ...process.env, LLM_API_KEY: canary, OPENAI_API_KEY: canary, API_KEY: canary, NODE_ENV: canary },
      stdio: 'pipe',
    });
    const shipped = filesUnder(DIST).filter((f) => /\.(m?js|map|json)$/.test(f));
    expect(shipped.some((f) => f.endsWith('page-agent.iife.js'))).toBe(true);
    const leaking = shipped.filter((f) => readFileSync(f, 'utf8').includes(canary));
    expect(leaking).toEqual([]);
    // A whole build: over a minute on a loaded two-core machine (the build project's timeout allows it).
  });

  it('ships the IIFE as pure ASCII, so it runs the same on pages of any charset', () => {
    // esbuild escapes other characters (\\uXXXX); charset "utf8" was measured 4 KB smaller raw but
    // larger gzipped, and would need charset="utf-8" on every <script> of a non-UTF-8 page.
    const iife = readFileSync(join(DIST, 'page-agent.iife.js'), 'utf8');
    expect(iife.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
  });

  it('bundles no zod into the IIFE: built-in tools use src/schema/, users bring their own zod', async () => {
    const { build } = await import('esbuild');
    const { iifeOptions } = await import(pathToFileURL(join(ROOT, 'build.mjs')).href);
    const result = await build({ ...iifeOptions, write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.filter((path) => /(^|\/)src\/(tools|schema)\//.test(path)).length).toBeGreaterThan(5);
    expect(inputs.filter((path) => /node_modules\/zod\//.test(path))).toEqual([]);
  });

  it('writes a size report with raw, gzip and brotli sizes', () => {
    const report = JSON.parse(readFileSync(join(DIST, 'size.json'), 'utf8'));
    expect(report.raw).toBeGreaterThan(report.gzip);
    expect(report.gzip).toBeGreaterThan(0);
    expect(report.brotli).toBeGreaterThan(0);
    expect(existsSync(join(DIST, 'page-agent.iife.dev.js.map'))).toBe(true);
  });
});

describe('minifyTemplates', () => {
  it('squeezes css templates but keeps strings, descendant colons, calc spaces and media parens', async () => {
    const { minifyTemplates } = await buildHelpers();
    const source = [
      'const s = css`',
      '  /* the host */',
      "  :host { font: 13px 'Segoe  UI' , sans-serif !important; }",
      '  .a :focus-visible > b { width: calc(100% - 8px); }',
      '  @media (prefers-color-scheme: dark) and (min-width: 10px) { .x { color: red; } }',
      '`;',
    ].join('\n');
    expect(await minifyTemplates(source)).toBe(
      "const s = css`:host{font:13px 'Segoe  UI',sans-serif!important}.a :focus-visible>b{width:calc(100% - 8px)}@media (prefers-color-scheme:dark) and (min-width:10px){.x{color:red}}`;",
    );
  });

  it('collapses whitespace in html templates and keeps every expression in place', async () => {
    const { minifyTemplates } = await buildHelpers();
    const source = 'html`\n  <div class="a  ${x}">\n    ${y}  <b>t</b>\n  </div>\n`';
    expect(await minifyTemplates(source)).toBe('html` <div class="a ${x}"> ${y} <b>t</b> </div> `');
  });

  it('unquotes plain attribute values inside tags only, where a space or > ends them', async () => {
    const { minifyTemplates } = await buildHelpers();
    const source = 'html`<p class="md-table" data-x="a b" id="${i}">say class="x" </p><a target="_blank" href=${h} rel="x"\n>t</a><br class="y"/>`';
    expect(await minifyTemplates(source)).toBe('html`<p class=md-table data-x="a b" id="${i}">say class="x" </p><a target=_blank href=${h} rel=x >t</a><br class="y"/>`');
  });

  it('leaves templates with whitespace-sensitive elements or escapes as written, and other strings alone', async () => {
    const { minifyTemplates } = await buildHelpers();
    const kept = ['html`<pre>\n  a\n</pre>`', 'css`.a {\n content: "\\2014"; }`', 'const t = `a   b`;', 'x`a   b`'];
    for (const source of kept) expect(await minifyTemplates(source)).toBe(source);
    expect(await minifyTemplates('const OVERLAY_CSS = `\n.mask {\n  inset: 0;\n}\n`;')).toBe('const OVERLAY_CSS = `.mask{inset:0}`;');
  });

  it('keeps a space beside an expression inside css', async () => {
    const { minifyTemplates } = await buildHelpers();
    expect(await minifyTemplates('css`.a { margin: ${m} auto; }`')).toBe('css`.a{margin:${m} auto}`');
  });
});

describe('escapeNonAscii', () => {
  const evaluate = (code: string) => new Function(`return ${code}`)();

  it('keeps the meaning of regex literals, identity escapes and astral characters', async () => {
    const { escapeNonAscii } = await buildHelpers();
    const literals = ['/^(\\d{4})[-/.年](\\d{1,2})$/', '/(支付|付款)/', '/\\年/', '/\\\\年/', '/[😀]/u', '"支付"'];
    const inputs = ['2025年3', '2025-3', '请支付', '年', '\\年', '😀', '支付'];
    for (const literal of literals) {
      const escaped = escapeNonAscii(literal);
      expect(escaped).toMatch(/^[\x00-\x7f]*$/);
      const [before, after] = [literal, escaped].map((code) => new Function(`return ${code}`)());
      if (typeof before === 'string') expect(after).toBe(before);
      else for (const input of inputs) expect([literal, input, after.test(input)]).toEqual([literal, input, before.test(input)]);
    }
  });
});
