// Enforces the dependency direction of STYLE.md by reading every import specifier under src/.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Import specifiers of a file, resolved to src-relative paths where relative; bare names kept. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3]!,
  );
  return specs.map((spec) => (spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '') : spec));
}

const files = listFiles(SRC).map((file) => ({ file: relative(SRC, file), imports: importsOf(file) }));

/** One source file and what it imports (src-relative paths without extension, or package names). */
interface SourceFile {
  file: string;
  imports: string[];
}

function violations(owner: (f: string) => boolean, forbidden: (spec: string) => boolean, from: SourceFile[] = files) {
  return from.filter((f) => owner(f.file)).flatMap((f) => f.imports.filter(forbidden).map((spec) => `${f.file} imports ${spec}`));
}

const inDir = (dir: string) => (path: string) => path === dir || path.startsWith(`${dir}/`);
const isAgent = (p: string) => p === 'agent' || inDir('agent')(p);

/** Layers reached from outside only through their `index.ts`. */
const INDEXED_LAYERS = ['base', 'config', 'dom', 'llm', 'tools', 'prompt', 'panel', 'schema'];

/** Imports of base/ that leave it: base/ is the leaf every layer may use, so it may use nothing. */
function leafViolations(from: SourceFile[]): string[] {
  return violations(inDir('base'), (s) => !inDir('base')(s), from);
}

/** The import circles among `from` (strongly connected files, sorted), type imports included. */
function circles(from: SourceFile[]): string[][] {
  const byPath = new Map(from.map((f) => [f.file.replace(/\.tsx?$/, ''), f]));
  const edges = (f: SourceFile) => f.imports.flatMap((spec) => byPath.get(spec) ?? byPath.get(`${spec}/index`) ?? []);
  // Tarjan's algorithm: each component of more than one file is a circle.
  const index = new Map<SourceFile, number>();
  const low = new Map<SourceFile, number>();
  const stack: SourceFile[] = [];
  const found: string[][] = [];
  const visit = (f: SourceFile) => {
    index.set(f, index.size);
    low.set(f, index.get(f)!);
    stack.push(f);
    for (const next of edges(f)) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(f, Math.min(low.get(f)!, low.get(next)!));
    }
    if (low.get(f) !== index.get(f)) return;
    const component: string[] = [];
    for (let g = stack.pop()!; ; g = stack.pop()!) {
      component.push(g.file);
      if (g === f) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const f of from) if (!index.has(f)) visit(f);
  return found;
}

/** Imports past another layer's `index.ts` (into its internals). */
function internalsViolations(from: SourceFile[]): string[] {
  return INDEXED_LAYERS.flatMap((layer) =>
    violations((f) => !inDir(layer)(f), (s) => inDir(layer)(s) && s !== `${layer}/index`, from),
  );
}

describe('dependency direction', () => {
  it('finds the source files it checks', () => {
    expect(files.some((f) => f.file.startsWith('dom/'))).toBe(true);
    expect(files.some((f) => f.file.startsWith('llm/'))).toBe(true);
  });

  it('keeps dom/ free of llm, panel, agent, tools, prompt and lit', () => {
    const bad = (s: string) => inDir('llm')(s) || inDir('panel')(s) || isAgent(s) || inDir('tools')(s) || inDir('prompt')(s) || s === 'lit' || s.startsWith('lit/');
    expect(violations(inDir('dom'), bad)).toEqual([]);
  });

  it('keeps llm/ free of dom, panel and agent', () => {
    const bad = (s: string) => inDir('dom')(s) || inDir('panel')(s) || isAgent(s) || inDir('tools')(s) || inDir('prompt')(s) || s === 'lit' || s.startsWith('lit/');
    expect(violations(inDir('llm'), bad)).toEqual([]);
  });

  it('keeps llm/ from touching document or window', () => {
    const used = files
      .filter((f) => inDir('llm')(f.file))
      .filter((f) => /\b(document|window)\s*[.[]/.test(readFileSync(join(SRC, f.file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')))
      .map((f) => f.file);
    expect(used).toEqual([]);
  });

  it('keeps tools/ and prompt/ free of panel', () => {
    expect(violations((f) => inDir('tools')(f) || inDir('prompt')(f), inDir('panel'))).toEqual([]);
  });

  it('keeps tools/ and prompt/ on the public index of dom/', () => {
    const deep = (s: string) => inDir('dom')(s) && s !== 'dom/index' && s !== 'dom/types';
    expect(violations((f) => inDir('tools')(f) || inDir('prompt')(f), deep)).toEqual([]);
  });

  it('keeps the agent free of panel', () => {
    expect(violations(isAgent, inDir('panel'))).toEqual([]);
  });

  it('keeps panel/ free of dom, llm and tools', () => {
    expect(violations(inDir('panel'), (s) => inDir('dom')(s) || inDir('llm')(s) || inDir('tools')(s))).toEqual([]);
  });

  it('keeps schema/ a leaf over base/: it imports nothing else of ours and no package', () => {
    expect(violations(inDir('schema'), (s) => !inDir('schema')(s) && !inDir('base')(s))).toEqual([]);
  });

  it('keeps llm/ reading schemas by their shape, never importing schema/', () => {
    expect(violations(inDir('llm'), inDir('schema'))).toEqual([]);
  });

  it('keeps base/ a leaf: it imports nothing of ours and no package', () => {
    expect(files.some((f) => f.file === 'base/index.ts')).toBe(true);
    expect(leafViolations(files)).toEqual([]);
  });

  it('keeps config/ (the option table) on base/ alone', () => {
    expect(violations(inDir('config'), (s) => !inDir('config')(s) && !inDir('base')(s))).toEqual([]);
  });

  it("imports another layer only through its index.ts, never its internals", () => {
    expect(internalsViolations(files)).toEqual([]);
  });

  it('has no import circle, runtime or type', () => {
    expect(circles(files)).toEqual([]);
  });

  it('fails on planted violations of the base, index and circle rules', () => {
    const planted: SourceFile[] = [
      { file: 'base/timers.ts', imports: ['dom/index'] },
      { file: 'base/abort.ts', imports: ['lit'] },
      { file: 'base/errors.ts', imports: ['base/timers'] },
      { file: 'agent.ts', imports: ['llm/types', 'llm/index', 'base/abort'] },
      { file: 'tools/tool.ts', imports: ['dom/types', 'tools/registry'] },
    ];
    expect(leafViolations(planted)).toEqual(['base/timers.ts imports dom/index', 'base/abort.ts imports lit']);
    expect(internalsViolations(planted)).toEqual(['agent.ts imports base/abort', 'tools/tool.ts imports dom/types', 'agent.ts imports llm/types']);
    const circle: SourceFile[] = [
      { file: 'config.ts', imports: ['agent', 'llm/index'] },
      { file: 'agent.ts', imports: ['tools/index'] },
      { file: 'tools/index.ts', imports: ['config'] },
      { file: 'llm/index.ts', imports: ['base/index'] },
      { file: 'base/index.ts', imports: [] },
    ];
    expect(circles(circle)).toEqual([['agent.ts', 'config.ts', 'tools/index.ts']]);
  });

  it('imports zod for types only, so no zod code reaches the bundle', () => {
    const runtime = listFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"](zod[^'"]*)['"]/gm)].map((m) => `${relative(SRC, file)} imports ${m[2]}`),
    );
    expect(runtime).toEqual([]);
  });
});
