// @vitest-environment node
// docs/configuration.md is generated from the option lists; this fails when someone changes an
// option (or a relay variable) without regenerating it, and when a relay variable goes undocumented.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigReference } from '../../../docs/gen-config-reference.mjs';
import { RELAY_VARIABLES } from '../../../relay/config.js';
import { CONFIG_OPTIONS } from '../../../src/config/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('docs/configuration.md', () => {
  it('matches what docs/gen-config-reference.mjs renders from the option lists', () => {
    const current = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    const expected = renderConfigReference(CONFIG_OPTIONS, RELAY_VARIABLES);
    // On failure: run `node docs/gen-config-reference.mjs` and commit docs/configuration.md.
    expect(current).toBe(expected);
  });

  it('lists every option with its default', () => {
    const text = renderConfigReference(CONFIG_OPTIONS, RELAY_VARIABLES);
    for (const option of CONFIG_OPTIONS) {
      const row = text.split('\n').find((line) => line.startsWith(`| \`${option.name}\``));
      expect(row, option.name).toBeDefined();
      if (option.default !== undefined) expect(row).toContain(`\`${option.default.replace(/\|/g, '\\|')}\``);
    }
  });

  it('documents every environment variable the relay reads', () => {
    const source = readdirSync(join(ROOT, 'relay'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(join(ROOT, 'relay', name), 'utf8'))
      .join('\n');
    const read = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]));
    expect(read.size).toBeGreaterThan(8);
    expect([...read].filter((name) => !RELAY_VARIABLES.some((v) => v.name === name))).toEqual([]);
  });
});
