// @vitest-environment node
// The ESM entry has no side effects: importing it where there is no DOM (Node, SSR) does not throw,
// and it exports the public classes. The IIFE entry is the only module allowed side effects.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

describe('src/lib.ts', () => {
  it('imports in Node without a DOM and exports the public API', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const lib = await import('../../src/lib.js');
    expect(typeof lib.PageAgent).toBe('function');
    expect(typeof lib.PageAgentCore).toBe('function');
    expect(typeof lib.PageController).toBe('function');
    expect(typeof lib.Panel).toBe('function');
    expect(typeof lib.tool).toBe('function');
    expect(Object.getPrototypeOf(lib.PageAgent)).toBe(lib.PageAgentCore);
  });

  it('adds no global of its own when the built ESM is imported in a fresh Node process', () => {
    const built = resolve(ROOT, 'dist/esm/lib.js');
    expect(existsSync(built), 'dist/esm/lib.js is missing: run `node build.mjs` (npm test does)').toBe(true);
    // Globals added by the dependencies alone (Lit registers its versions) are subtracted.
    const probe = (imports: string[]) =>
      `const before = new Set(Reflect.ownKeys(globalThis).map(String));
       ${imports.map((spec) => `await import(${JSON.stringify(spec)});`).join('\n')}
       console.log(JSON.stringify(Reflect.ownKeys(globalThis).map(String).filter((k) => !before.has(k)).sort()));`;
    const run = (imports: string[]) =>
      JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe(imports)], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').pop()!) as string[];
    const byDependencies = new Set(run(['lit', 'lit/html.js']));
    const byLib = run(['lit', 'lit/html.js', pathToFileURL(built).href]);
    expect(byLib.filter((key) => !byDependencies.has(key))).toEqual([]);
  });

  it('keeps window assignments in index.ts only', () => {
    const lib = readFileSync(resolve(import.meta.dirname, '../../src/lib.ts'), 'utf8');
    const wiring = readFileSync(resolve(import.meta.dirname, '../../src/page-agent.ts'), 'utf8');
    for (const source of [lib, wiring]) expect(source).not.toMatch(/window\.(pageAgent|PageAgent)\s*=/);
  });
});

describe('panel sources', () => {
  it('never build markup from strings (no innerHTML, outerHTML, insertAdjacentHTML, unsafeHTML)', async () => {
    const { readdirSync } = await import('node:fs');
    const dir = resolve(import.meta.dirname, '../../src/panel');
    const offenders = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /innerHTML|outerHTML|insertAdjacentHTML|unsafeHTML|DOMParser/.test(readFileSync(resolve(dir, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
