// @vitest-environment node
// The build never inlines secrets from the environment or a .env file into what it ships.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');

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
  });

  it('writes a size report with raw, gzip and brotli sizes', () => {
    const report = JSON.parse(readFileSync(join(DIST, 'size.json'), 'utf8'));
    expect(report.raw).toBeGreaterThan(report.gzip);
    expect(report.gzip).toBeGreaterThan(0);
    expect(report.brotli).toBeGreaterThan(0);
    expect(existsSync(join(DIST, 'page-agent.iife.dev.js.map'))).toBe(true);
  });
});
