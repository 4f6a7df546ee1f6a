// The Node side (node/) reaches the agent only through the package's public API, imported by its
// name as users do; src/ never imports node/ (nothing of it can reach the IIFE).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

describe('node/ layering', () => {
  it('imports only the public API, playwright-core, the MCP SDK, ws (pairing), Node built-ins, its own files and the relay .env parser', () => {
    const allowed = (file: string, spec: string) => {
      if (spec === 'drop-in-page-agent' || spec === 'playwright-core' || spec.startsWith('node:') || spec.startsWith('@modelcontextprotocol/sdk/')) return true;
      // The pairing WebSocket server (mcp --pair), loaded only there.
      if (spec === 'ws') return relative(ROOT, file).startsWith('node/mcp/pair/');
      if (!spec.startsWith('.')) return false;
      const target = relative(ROOT, resolve(join(file, '..'), spec));
      return target.startsWith('node/') || target === 'relay/env-file.js';
    };
    const bad = listFiles(join(ROOT, 'node')).flatMap((file) => importsOf(file).filter((spec) => !allowed(file, spec)).map((spec) => `${relative(ROOT, file)} imports ${spec}`));
    expect(bad).toEqual([]);
  });

  it('is never imported from src/', () => {
    const bad = listFiles(join(ROOT, 'src')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.') && relative(ROOT, resolve(join(file, '..'), spec)).startsWith('node/'))
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});
