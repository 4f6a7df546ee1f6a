// @vitest-environment node
// The ESM entry has no side effects: importing it where there is no DOM (Node, SSR) does not throw,
// and it exports the public classes. The IIFE entry is the only module allowed side effects.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('src/lib.ts', () => {
  it('imports in Node without a DOM and exports the public API', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const lib = await import('../../../src/lib.js');
    expect(typeof lib.PageAgent).toBe('function');
    expect(typeof lib.PageAgentCore).toBe('function');
    expect(typeof lib.PageController).toBe('function');
    expect(typeof lib.Panel).toBe('function');
    expect(typeof lib.tool).toBe('function');
    expect(Object.getPrototypeOf(lib.PageAgent)).toBe(lib.PageAgentCore);
  });

  it('leaves custom elements and globals alone on import', async () => {
    const before = Object.keys(globalThis).sort();
    await import('../../../src/lib.js');
    const added = Object.keys(globalThis).filter((key) => !before.includes(key));
    expect(added.filter((key) => /pageagent|litnonce/i.test(key))).toEqual([]);
  });

  it('keeps window assignments in index.ts only', () => {
    const lib = readFileSync(resolve(import.meta.dirname, '../../../src/lib.ts'), 'utf8');
    const wiring = readFileSync(resolve(import.meta.dirname, '../../../src/page-agent.ts'), 'utf8');
    for (const source of [lib, wiring]) expect(source).not.toMatch(/window\.(pageAgent|PageAgent)\s*=/);
  });
});

describe('panel sources', () => {
  it('never build markup from strings (no innerHTML, outerHTML, insertAdjacentHTML, unsafeHTML)', async () => {
    const { readdirSync } = await import('node:fs');
    const dir = resolve(import.meta.dirname, '../../../src/panel');
    const offenders = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /innerHTML|outerHTML|insertAdjacentHTML|unsafeHTML|DOMParser/.test(readFileSync(resolve(dir, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
