// Config validation without zod answers as the zod/mini table it replaced: for every checked option
// and many odd values, the same ConfigError field and message (or none).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ConfigError, listCheckedOptions, resolveAgentConfig } from '../../../src/config.js';
import { FakeController } from '../../fixtures/agent/fake-controller.js';

const fn = () => zm.custom<(...args: unknown[]) => unknown>((value) => typeof value === 'function');
const isTool = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as { execute?: unknown }).execute === 'function' &&
    typeof (value as { description?: unknown }).description === 'string' &&
    typeof (value as { inputSchema?: { _zod?: unknown } }).inputSchema?._zod === 'object');

/** The zod/mini table of src/config.ts before src/schema/ (expectations as they were). */
const ZOD_CHECKS: Record<string, { schema: $ZodType; expect: string; expectEntry?: string }> = {
  baseURL: { schema: zm.string(), expect: 'a URL string' },
  model: { schema: zm.string(), expect: 'a string' },
  apiKey: { schema: zm.string(), expect: 'a string' },
  maxRetries: { schema: zm.int().check(zm.minimum(0)), expect: 'an integer ≥ 0' },
  timeout: { schema: zm.number().check(zm.positive()), expect: 'a number > 0' },
  headers: { schema: zm.record(zm.string(), zm.string()), expect: 'an object of header names to strings' },
  customFetch: { schema: fn(), expect: 'a function' },
  transformRequestBody: { schema: fn(), expect: 'a function' },
  disableNamedToolChoice: { schema: zm.boolean(), expect: 'a boolean' },
  language: { schema: zm.enum(['en-US', 'zh-CN']), expect: "'en-US' or 'zh-CN'" },
  maxSteps: { schema: zm.int().check(zm.minimum(1)), expect: 'an integer ≥ 1' },
  stepDelay: { schema: zm.number().check(zm.minimum(0)), expect: 'a number of seconds ≥ 0' },
  approveAction: { schema: zm.union([zm.literal('risky'), zm.literal('all'), fn()]), expect: "'risky', 'all' or a function" },
  customTools: {
    schema: zm.record(zm.string(), zm.custom(isTool)),
    expect: 'an object of named tools',
    expectEntry: 'a tool made with tool({ description, inputSchema, execute }), or null to remove a built-in',
  },
  'instructions.system': { schema: zm.string(), expect: 'a string' },
  'instructions.getPageInstructions': { schema: fn(), expect: 'a function' },
  transformPageContent: { schema: fn(), expect: 'a function' },
  customSystemPrompt: { schema: zm.string(), expect: 'a string' },
  experimentalScriptExecutionTool: { schema: zm.boolean(), expect: 'a boolean' },
  experimentalLlmsTxt: { schema: zm.boolean(), expect: 'a boolean' },
  onBeforeTask: { schema: fn(), expect: 'a function' },
  onAfterTask: { schema: fn(), expect: 'a function' },
  onBeforeStep: { schema: fn(), expect: 'a function' },
  onAfterStep: { schema: fn(), expect: 'a function' },
  onDispose: { schema: fn(), expect: 'a function' },
};

function shown(value: unknown, name = ''): string {
  if (typeof value === 'function') return 'a function';
  // Values of apiKey and headers are never echoed (they may hold the key).
  if (name === 'apiKey' || name === 'headers') return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}, not shown`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** What the zod table said about `value` for option `name`: the ConfigError field and message, or undefined. */
function zodVerdict(name: string, value: unknown): { field: string; message: string } | undefined {
  const check = ZOD_CHECKS[name]!;
  const result = zm.safeParse(check.schema, value);
  if (result.success) return undefined;
  const path = result.error.issues[0]?.path ?? [];
  const sub = path.length ? `.${path.join('.')}` : '';
  const expected = sub && check.expectEntry ? check.expectEntry : check.expect;
  const got = sub ? (value as Record<string, unknown>)[String(path[0])] : value;
  return { field: `${name}${sub}`, message: `Invalid config: \`${name}${sub}\` must be ${expected} (got ${shown(got, name)}).` };
}

/** What resolveAgentConfig says now about `value` for option `name`. */
function verdict(name: string, value: unknown): { field: string; message: string } | undefined {
  const [head, tail] = name.split('.');
  const config: Record<string, unknown> = { pageController: new FakeController(), [head!]: tail ? { [tail]: value } : value };
  try {
    resolveAgentConfig(config as never);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return { field: (error as ConfigError).field, message: (error as Error).message };
  }
}

class Box {
  a = 'x';
}
const tool = { description: 'd', inputSchema: z.object({}), execute: async () => '' };
const VALUES: unknown[] = [
  null, 0, -0, 1, -1, 0.5, 2.5, 40, 2 ** 60, Number.NaN, Infinity, -Infinity, '', 'x', '40', 'en-US', 'zh-CN', 'fr-FR', 'risky', 'all', true, false,
  () => {}, async () => {}, [], ['a'], {}, { a: 'x' }, { a: 1 }, { a: 'x', b: null }, Object.create(null), new Map(), new Box(), new Date(0),
  { mine: tool }, { mine: null }, { mine: { description: 'no schema' } }, { scroll: null, mine: tool, bad: 3 },
];

describe('config validation against the zod table it replaced', () => {
  it('covers every checked option', () => {
    expect(Object.keys(ZOD_CHECKS).sort()).toEqual(listCheckedOptions().sort());
  });

  it('names a symbol key of a record option (the zod table threw a TypeError joining its path)', () => {
    expect(() => zodVerdict('headers', { [Symbol('s')]: 'x' })).toThrow(TypeError);
    expect(verdict('headers', { [Symbol('s')]: 'x' })).toEqual({
      field: 'headers.Symbol(s)',
      message: 'Invalid config: `headers.Symbol(s)` must be an object of header names to strings (got a string, not shown).',
    });
  });

  for (const name of Object.keys(ZOD_CHECKS)) {
    it(`answers ${name} as zod did`, () => {
      for (const value of VALUES) expect(verdict(name, value), `${name} = ${shown(value)}`).toEqual(zodVerdict(name, value));
    });
  }
});
