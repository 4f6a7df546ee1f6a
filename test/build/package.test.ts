// @vitest-environment node
// The published package, as a user installs it: `npm pack`, unpacked into a fresh project beside
// lit and zod (4, and 3.25 through its `zod/v4` entry: zod is an optional peer), then imported by
// Node (a task with a zod custom tool against a mock model), type-checked by tsc, and its browser
// bundle found through `exports`, `unpkg` and `jsdelivr` with the SRI value of dist/integrity.json.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'node_modules');
let work: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist/esm/lib.js')), 'dist/ is missing: run `node build.mjs` (npm test does)').toBe(true);
  work = mkdtempSync(join(tmpdir(), 'pack-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{
    filename: string;
    size: number;
    files: Array<{ path: string }>;
  }>;
  tarball = join(work, packed!.filename);
  files = packed!.files.map((file) => file.path);
  console.log(`npm pack: ${packed!.filename}, ${(statSync(tarball).size / 1024).toFixed(0)} KB, ${files.length} files`);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh project with the unpacked package, lit, and `zodDir` installed as `zod`. */
function project(name: string, zodDir: string): string {
  const dir = join(work, name);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, 'drop-in-page-agent'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', join(modules, 'drop-in-page-agent'), '--strip-components=1']);
  for (const dep of ['lit', 'lit-html', 'lit-element', '@lit']) symlinkSync(join(MODULES, dep), join(modules, dep));
  symlinkSync(join(MODULES, zodDir), join(modules, 'zod'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  return dir;
}

/** Runs one task in Node with a custom tool declared with `z` from `zodImport`; returns what the model was sent. */
function runTask(dir: string, zodImport: string): { success: boolean; data: string; parameters: unknown } {
  const mock = pathToFileURL(join(ROOT, 'bench/lib/mock-llm-server.mjs')).href;
  writeFileSync(
    join(dir, 'task.mjs'),
    `import { PageAgentCore, tool } from 'drop-in-page-agent';
import { z } from '${zodImport}';
import { agentStep, startMockLLMServer } from '${mock}';
const llm = await startMockLLMServer();
llm.setHandler((request, index) => index === 0
  ? agentStep({ read_total: { currency: 'EUR' } }, 'read it')
  : agentStep({ done: { text: 'Total read', success: true } }, 'finish'));
const state = { url: 'https://shop.test/', title: 'Shop', header: '', content: '[0]<button>Pay />', footer: '' };
const ok = async () => ({ success: true, message: 'ok' });
const pageController = { getBrowserState: async () => state, clickElement: ok, inputText: ok, selectOption: ok, scroll: ok, scrollHorizontally: ok,
  cleanUpHighlights: async () => {}, showMask: async () => {}, hideMask: async () => {}, dispose() {} };
let called = null;
const readTotal = tool({ description: 'Read the cart total', inputSchema: z.object({ currency: z.enum(['EUR', 'USD']) }), execute: async (args) => ((called = args), '12.50') });
const agent = new PageAgentCore({ baseURL: llm.baseURL, model: 'mock', pageController, customTools: { read_total: readTotal }, stepDelay: 0 });
const result = await agent.execute('Read the total');
const parameters = llm.requests[0].body.tools.find((t) => t.function.name === 'AgentOutput').function.parameters;
await llm.close();
console.log(JSON.stringify({ success: result.success && called?.currency === 'EUR', data: result.data, parameters }));
`,
  );
  const out = execFileSync(process.execPath, ['task.mjs'], { cwd: dir, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Type-checks a user's file against the package's types with the repository's TypeScript. */
function typecheck(dir: string, zodImport: string): string {
  writeFileSync(
    join(dir, 'user.ts'),
    `import { PageAgent, tool, type PageAgentConfig, type ExecutionResult } from 'drop-in-page-agent';
import { z } from '${zodImport}';
const config: PageAgentConfig = { baseURL: 'https://api.example.test/v1', model: 'gpt-4.1-mini', maxSteps: 10,
  customTools: { read_total: tool({ description: 'Read the total', inputSchema: z.object({ currency: z.string() }), execute: async ({ currency }) => currency.toUpperCase() }) } };
export async function run(): Promise<ExecutionResult> { return new PageAgent(config).execute('Read the total'); }
// Typed results: data is the schema's type on success, the reason on failure.
export async function typed(): Promise<number> {
  const result = await new PageAgent(config).execute('Read the total', { outputSchema: z.object({ total: z.number() }), continue: true });
  return result.success ? result.data.total : result.data.length;
}
export async function json(): Promise<unknown> {
  const result = await new PageAgent(config).execute('Read the total', { outputSchema: { type: 'object', properties: { total: { type: 'number' } } } });
  return result.data;
}
${zodImport === 'zod/v4' ? `import { z as z3 } from 'zod';
export async function classic(): Promise<string> {
  const result = await new PageAgent(config).execute('Read the total', { outputSchema: z3.object({ currency: z3.string() }) });
  return result.success ? result.data.currency : result.data;
}
` : ''}`,
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], skipLibCheck: false }, files: ['user.ts'] }),
  );
  try {
    execFileSync(process.execPath, [join(MODULES, 'typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the packed package', () => {
  it('ships the bundles and types, not the demo, the docs or the sources', () => {
    for (const file of ['package.json', 'README.md', 'dist/esm/lib.js', 'dist/esm/lib.d.ts', 'dist/page-agent.iife.js', 'dist/integrity.json', 'dist/relay.mjs', 'dist/node.mjs', 'dist/node-types/node/index.d.ts', 'bin/drop-in-page-agent.mjs']) {
      expect(files, file).toContain(file);
    }
    expect(files.filter((file) => /^(demo|docs|src|test|eval|bench|scripts)\//.test(file))).toEqual([]);
  });

  it('declares zod an optional peer, no side effects but the IIFE, and a default export condition', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.dependencies.zod).toBeUndefined();
    expect(pkg.peerDependencies.zod).toBe('^3.25.0 || ^4.0.0');
    expect(pkg.peerDependenciesMeta.zod.optional).toBe(true);
    // The Node runner (`run`, `drop-in-page-agent/node`) drives Chromium through an optional playwright-core.
    expect(pkg.peerDependenciesMeta['playwright-core'].optional).toBe(true);
    expect(pkg.exports['./node']).toEqual({ types: './dist/node-types/node/index.d.ts', import: './dist/node.mjs', default: './dist/node.mjs' });
    expect(pkg.sideEffects).toEqual(['./dist/page-agent.iife.js', './dist/page-agent.iife.dev.js']);
    expect(pkg.exports['.'].default).toBe('./dist/esm/lib.js');
  });

  it('points exports, unpkg and jsdelivr at the IIFE, whose SRI value integrity.json gives', () => {
    const dir = project('iife', 'zod');
    const installed = join(dir, 'node_modules/drop-in-page-agent');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const iife = join(installed, pkg.exports['./iife']);
    expect(join(installed, pkg.unpkg)).toBe(iife);
    expect(join(installed, pkg.jsdelivr)).toBe(iife);
    const sri = `sha384-${createHash('sha384').update(readFileSync(iife)).digest('base64')}`;
    expect(JSON.parse(readFileSync(join(installed, 'dist/integrity.json'), 'utf8'))['page-agent.iife.js']).toBe(sri);
  });

  for (const [label, zodDir, zodImport] of [
    ['zod 4', 'zod', 'zod'],
    ['zod 3.25 (its zod/v4 entry)', 'zod3', 'zod/v4'],
  ] as const) {
    it(`runs a task in Node with a custom tool declared with ${label}`, () => {
      const dir = project(zodDir, zodDir);
      expect(JSON.parse(readFileSync(join(dir, 'node_modules/zod/package.json'), 'utf8')).version).toMatch(zodDir === 'zod' ? /^4\./ : /^3\.25\./);
      const { success, data, parameters } = runTask(dir, zodImport);
      expect({ success, data }).toEqual({ success: true, data: 'Total read' });
      expect(JSON.stringify(parameters)).toContain('"enum":["EUR","USD"]');
      expect(typecheck(dir, zodImport)).toBe('');
    });
  }
});
