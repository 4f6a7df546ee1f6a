// @vitest-environment node
// The option table (src/config/options.ts) drives every consumer: validation at construction, the
// LLM client's config, the script-tag reader and the configuration reference. A new option added to
// the table alone appears in all of them; each check accepts and rejects what it says it does.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { renderConfigReference } from '../../../docs/gen-config-reference.mjs';
import {
  CONFIG_OPTIONS,
  configOptionsOf,
  defaultsOf,
  findMissingOption,
  findOptionProblem,
  OPTIONS,
  readScriptSettings,
  type OptionName,
  type OptionSpec,
} from '../../../src/config/index.js';
import { resolveLLMConfig } from '../../../src/llm/index.js';
import type { PageAgentConfig } from '../../../src/page-agent.js';

/** A script element as the reader sees it: its dataset (`data-*` in camelCase), no src and no nonce. */
function tag(dataset: Record<string, string>): HTMLScriptElement {
  return { dataset, src: '', nonce: '', getAttribute: () => null } as unknown as HTMLScriptElement;
}

/** What the table says about one option set to `value` (nested names get their object around them). */
function problemOf(name: string, value: unknown) {
  const [head, tail] = name.split('.');
  return findOptionProblem({ [head!]: tail ? { [tail]: value } : value });
}

/** A value as an assertion message shows it (some have no string form). */
const label = (value: unknown) => (typeof value === 'function' ? 'a function' : (JSON.stringify(value) ?? typeof value));

const tool = { description: 'd', inputSchema: z.object({}), execute: async () => '' };
const fn = () => {};

/** For each checked option: values it accepts and values it refuses. */
const CASES: Record<string, { good: unknown[]; bad: unknown[] }> = {
  baseURL: { good: ['https://x.test/v1', '/api/llm', ''], bad: [42, null, {}] },
  model: { good: ['m', ''], bad: [1, true] },
  apiKey: { good: ['sk-1'], bad: [['sk'], 1] },
  maxRetries: { good: [0, 2, 10], bad: [-1, 1.5, '2', Number.NaN, Infinity] },
  timeout: { good: [0.5, 1, 120_000], bad: [0, -1, Number.NaN, '1000'] },
  headers: { good: [{}, { a: 'x' }, Object.create(null)], bad: [[], 'x', { a: 1 }, new Map()] },
  customFetch: { good: [fn], bad: ['fetch', {}] },
  transformRequestBody: { good: [fn], bad: [{}] },
  retryDelay: { good: [0, 500], bad: [-5, '500'] },
  disableNamedToolChoice: { good: [true, false], bad: ['true', 0] },
  language: { good: ['en-US', 'zh-CN'], bad: ['fr-FR', 'en', 1] },
  maxSteps: { good: [1, 40], bad: [0, 2.5, '40', 2 ** 60] },
  maxTokens: { good: [1, 200_000], bad: [0, -5, 2.5, '100', 2 ** 60] },
  stepDelay: { good: [0, 0.4], bad: [-1, Number.NaN] },
  approveAction: { good: ['risky', 'all', fn], bad: ['sometimes', true] },
  allowedOrigins: { good: [[], ['https://shop.test'], ['http://localhost:8080/', 'https://a.b.test']], bad: ['https://shop.test', ['shop.test'], ['https://shop.test/path'], ['ftp://shop.test'], [1]] },
  customTools: { good: [{}, { mine: tool, scroll: null }], bad: [[], { mine: { description: 'no schema' } }, { bad: 3 }] },
  'instructions.system': { good: ['s'], bad: [3] },
  'instructions.getPageInstructions': { good: [fn], bad: ['x'] },
  transformPageContent: { good: [fn], bad: ['x'] },
  customSystemPrompt: { good: ['p'], bad: [1] },
  experimentalScriptExecutionTool: { good: [true], bad: ['yes'] },
  experimentalLlmsTxt: { good: [false], bad: [1] },
  onBeforeTask: { good: [fn], bad: [true] },
  onAfterTask: { good: [fn], bad: [1] },
  onBeforeStep: { good: [fn], bad: [{}] },
  onAfterStep: { good: [fn], bad: ['x'] },
  onDispose: { good: [fn], bad: [null] },
  rememberTasks: { good: [true, false], bad: ['false'] },
  'pricing.promptPerToken': { good: [0, 0.000002], bad: [-1, '0.1', Number.NaN, Infinity] },
  'pricing.completionPerToken': { good: [0.000008], bad: [-0.1, null] },
  'pricing.cachedPromptPerToken': { good: [0.0000005], bad: ['free'] },
  'pricing.currency': { good: ['€', 'EUR'], bad: [1] },
  frameMode: { good: [true, false], bad: ['true', 1] },
  redactSecrets: { good: [true, false], bad: ['false', 0] },
  highlight: { good: [true, false, 'all', 'action'], bad: ['none', 1, null, 'ALL'] },
  highlightOpacity: { good: [0, 0.1, 1], bad: [-0.1, 1.5, '0.5', Number.NaN] },
  highlightLabelOpacity: { good: [0, 0.5, 1], bad: [2, '1', null] },
};

describe('the option table', () => {
  it('names each option of PageAgentConfig once (nested ones dotted)', () => {
    type Flat =
      | Exclude<keyof PageAgentConfig, 'instructions' | 'pricing'>
      | `instructions.${keyof NonNullable<PageAgentConfig['instructions']> & string}`
      | `pricing.${keyof NonNullable<PageAgentConfig['pricing']> & string}`;
    expectTypeOf<OptionName>().toEqualTypeOf<Flat>();
    expect(Object.keys(OPTIONS)).toHaveLength(new Set(Object.keys(OPTIONS)).size);
  });

  it('documents every option in every build but the IIFE, and gives attributes once', () => {
    const specs: Array<[string, OptionSpec]> = Object.entries(OPTIONS);
    expect(specs.filter(([, spec]) => !spec.doc).map(([name]) => name)).toEqual([]);
    const attributes = specs.flatMap(([, spec]) => (spec.attribute ? [spec.attribute] : []));
    expect(new Set(attributes).size).toBe(attributes.length);
    expect(CONFIG_OPTIONS.map((option) => option.name)).toEqual(Object.keys(OPTIONS));
  });

  it('has a case for every checked option', () => {
    expect(Object.keys(OPTIONS).filter((name) => (OPTIONS as Record<string, OptionSpec>)[name]!.check).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [name, { good, bad }] of Object.entries(CASES)) {
    it(`checks ${name}`, () => {
      for (const value of good) expect(problemOf(name, value), `${name} = ${label(value)}`).toBeUndefined();
      for (const value of bad) {
        const problem = problemOf(name, value);
        expect(problem?.field, `${name} = ${label(value)}`).toMatch(new RegExp(`^${name.replace('.', '\\.')}(\\.|$)`));
        expect(problem?.message).toMatch(/^Invalid config: `[^`]+` must be .+ \(got .+\)\.$/);
      }
    });
  }

  it('never shows the value of a secret option, and says what a secret is', () => {
    for (const name of ['apiKey', 'headers'] as const) {
      const spec: OptionSpec = OPTIONS[name];
      expect(spec.secret).toBeTruthy();
      const message = findOptionProblem({ [name]: ['sk-secret-123'] })!.message;
      expect(message).toContain('(got an array)');
      expect(message).not.toContain('sk-secret-123');
    }
    expect(findOptionProblem({ headers: { authorization: ['sk-secret-123'] } })!.message).not.toContain('sk-secret-123');
  });

  it('wants an object around nested options, listing them', () => {
    expect(findOptionProblem({ instructions: 'be nice' })).toEqual({
      field: 'instructions',
      message: 'Invalid config: `instructions` must be an object { system?, getPageInstructions? }.',
    });
  });

  it('names the options a run needs, in table order', () => {
    expect(findMissingOption({})?.field).toBe('baseURL');
    expect(findMissingOption({ baseURL: 'https://x.test' })).toEqual({
      field: 'model',
      message: 'Missing config: `model` is required to run a task (e.g. "gpt-4.1-mini").',
    });
    expect(findMissingOption({ baseURL: 'https://x.test', model: 'm' })).toBeUndefined();
  });

  it('gives the LLM client its defaults', () => {
    const resolved = resolveLLMConfig({ baseURL: 'https://x.test/v1', model: 'm', maxRetries: undefined });
    expect({ maxRetries: resolved.maxRetries, timeout: resolved.timeout, retryDelay: resolved.retryDelay }).toEqual(defaultsOf(['llm']));
    expect(defaultsOf(['llm'])).toEqual({ maxRetries: 2, timeout: 120_000, retryDelay: 500 });
    expect(defaultsOf(['agent'])).toEqual({ language: 'en-US', maxSteps: 40 });
  });
});

describe('a new option added to the table alone', () => {
  const table: Record<string, OptionSpec> = {
    ...OPTIONS,
    maxPages: {
      group: 'agent',
      check: { isValid: (value) => Number.isSafeInteger(value) && (value as number) >= 1, expect: 'an integer ≥ 1', fromText: Number },
      default: 3,
      attribute: 'max-pages',
      doc: { type: 'number', description: 'How many pages one task may visit before it stops.' },
    },
  };

  it('is checked at construction', () => {
    expect(findOptionProblem({ maxPages: 0 }, table)).toEqual({ field: 'maxPages', message: 'Invalid config: `maxPages` must be an integer ≥ 1 (got 0).' });
    expect(findOptionProblem({ maxPages: 2 }, table)).toBeUndefined();
    expect(defaultsOf(['agent'], table)).toMatchObject({ maxPages: 3 });
  });

  it('is read from the script tag, and refused there when bad', () => {
    expect(readScriptSettings(tag({ maxPages: '5' }), undefined, table).config).toEqual({ maxPages: 5 });
    expect(readScriptSettings(tag({ maxPages: 'five' }), undefined, table).error).toEqual({
      attribute: 'data-max-pages',
      message: 'data-max-pages must be an integer ≥ 1 (got "five").',
    });
  });

  it('appears in the configuration reference with its default and attribute', () => {
    const text = renderConfigReference(configOptionsOf(table), []);
    expect(text).toContain('| `maxPages` | `number` | `3` | How many pages one task may visit before it stops. *(ours)* |');
    expect(text).toMatch(/script tag: [^]*`data-max-pages`/);
  });
});
