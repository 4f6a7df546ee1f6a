// @vitest-environment node
// The size tools behind `npm run bench` and scripts/size-breakdown.mjs: the source-map cut of the
// bundle covers the whole output, and every feature in the cost table still names files that exist
// and reach the bundle (a rename would otherwise report a cost of 0).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const load = (path: string) => import(pathToFileURL(join(ROOT, path)).href);

describe('size report', () => {
  it('cuts the bundle into pieces that rebuild the output exactly', async () => {
    const { bundlePieces } = await load('scripts/size-pieces.mjs');
    const { output, pieces } = (await bundlePieces()) as { output: string; pieces: Array<[string, string]> };
    expect(pieces.map(([, text]) => text).join('')).toBe(output);
    expect(pieces.some(([file]) => file === 'src/index.ts')).toBe(true);
  });

  it('prices every listed feature from files that exist and are bundled', async () => {
    const { FEATURES, featureCosts } = await load('scripts/feature-costs.mjs');
    for (const [, paths] of FEATURES as Array<[string, string[]]>) for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
    const { whole, features } = (await featureCosts()) as { whole: number; features: Array<{ name: string; gzip: number }> };
    for (const feature of features) {
      expect(feature.gzip, feature.name).toBeGreaterThan(50);
      expect(feature.gzip, feature.name).toBeLessThan(whole / 4);
    }
  });
});
