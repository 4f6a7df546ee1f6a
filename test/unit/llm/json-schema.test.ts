// @vitest-environment node
// zod → JSON Schema: classic zod (>= 4.2) converts itself, so the model reads zod's own
// `toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })` less `$schema` and the safe-integer
// bounds of `.int()`. zod/mini and the built-ins (src/schema/) are read from their definitions: zod's
// own output for the kinds tool arguments use, a simpler valid schema for the rest.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { zodToJSONSchema } from '../../../src/llm/json-schema.js';
import * as s from '../../../src/schema/index.js';
import { buildAgentOutput, createBuiltInTools, selectOfferedTools, createToolRegistry } from '../../../src/tools/index.js';
import { withTwins, zodAgentOutput, ZOD_TWINS } from '../tools/zod-twins.js';

/** zod's own output with the two things we leave out on purpose removed. */
function zodsOwn(schema: unknown): unknown {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema') continue;
      if ((key === 'maximum' || key === 'minimum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
      out[key] = strip(value);
    }
    return out;
  };
  return strip(toJSONSchema(schema as any, { io: 'input', unrepresentable: 'any' }));
}

/** Same JSON text, so the model sees the same tokens in the same order. */
function expectSameAsZod(schema: unknown): void {
  expect(JSON.stringify(zodToJSONSchema(schema as any))).toBe(JSON.stringify(zodsOwn(schema)));
}

/** `schema` with a `~standard.jsonSchema.input` of our choosing (classic zod lets `~standard` be set). */
function withStandardInput<T extends object>(schema: T, input: (options: unknown) => unknown): T {
  (schema as any)['~standard'] = { ...(schema as any)['~standard'], jsonSchema: { input } };
  return schema;
}

enum Color {
  Red,
  Green,
}

const CLASSIC: Record<string, z.ZodType> = {
  'object with int, default and describe': z.object({ index: z.number().int(), down: z.boolean().default(true), note: z.string().optional().describe('why') }),
  'string checks': z.object({ a: z.string().min(1).max(20), b: z.string().length(3), c: z.string().regex(/^x+$/), d: z.string().regex(/a/).regex(/b/) }),
  'string formats': z.object({ e: z.email(), u: z.url(), id: z.uuid(), dt: z.iso.datetime(), d: z.iso.date(), t: z.iso.time(), s: z.string().startsWith('x') }),
  'number checks': z.object({ a: z.number().min(0).max(10), b: z.number().gt(0).lt(1), c: z.number().multipleOf(5), d: z.int32(), e: z.number().positive(), f: z.int().nonnegative() }),
  'enums and literals': z.object({
    e: z.enum(['a', 'b']),
    n: z.enum(Color),
    l: z.literal('x'),
    ls: z.literal(['a', 'b']),
    ln: z.literal(null),
    lb: z.literal(true),
  }),
  'arrays and tuples': z.object({ a: z.array(z.string()).min(1).max(3), t: z.tuple([z.string(), z.number().optional()]), r: z.tuple([z.string()], z.number()) }),
  'unions and nullables': z.object({
    u: z.union([z.string(), z.number()]),
    n: z.string().nullable(),
    nn: z.string().nullish(),
    d: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.number() }), z.object({ kind: z.literal('b'), y: z.string() })]),
    o: z.union([z.object({ a: z.string() }), z.string()]).describe('either'),
  }),
  'records and strict objects': z.object({
    r: z.record(z.string(), z.number()),
    k: z.record(z.enum(['a', 'b']), z.boolean()),
    s: z.strictObject({ a: z.string() }),
    l: z.looseObject({ a: z.string() }),
    c: z.object({ a: z.string() }).catchall(z.number()),
  }),
  'intersections': z.object({ i: z.object({ a: z.string() }).and(z.object({ b: z.number().optional() })), j: z.string().and(z.string().min(2)) }),
  'transforms, pipes and catch': z.object({
    t: z.string().transform((s) => s.length),
    p: z.string().pipe(z.string().min(1)),
    td: z.string().transform((s) => s.length).default(3),
    c: z.number().catch(7),
    pf: z.string().prefault('x'),
    ro: z.string().readonly(),
  }),
  'metadata': z.object({ a: z.string().meta({ title: 'A', examples: ['x'] }), b: z.number().describe('count').optional().describe('maybe a count') }),
  'unrepresentable kinds': z.object({ d: z.date(), b: z.bigint(), f: z.custom<string>(), m: z.map(z.string(), z.number()), any: z.any(), u: z.unknown(), nv: z.never() }),
  'template literals': z.object({ t: z.templateLiteral(['id-', z.number()]) }),
  'transforms inside containers': z.object({
    set: z.set(z.string().transform((s) => s.length)).default(new Set()),
    record: z.record(z.string(), z.string().transform((s) => s.length)).default({}),
    lazy: z.lazy(() => z.object({ a: z.string().transform((s) => s.length) })).default({ a: 1 }),
    union: z.union([z.number(), z.string().transform((s) => s.length)]).default(1),
    codec: z.codec(z.string(), z.number(), { decode: Number, encode: String }).default(1),
  }),
  'checks on kinds that have no bounds': z.object({
    d: z.date().min(new Date(0)),
    b: z.bigint().positive(),
    i64: z.int64(),
    o: z.object({ a: z.string() }).refine(() => true),
    a: z.array(z.string()).length(3).refine(() => true),
    n: z.number().gt(1).gte(2).lt(10).lte(9),
  }),
  'nested defaults': z.object({ o: z.object({ x: z.number().default(1) }).default({ x: 2 }), a: z.array(z.string()).default([]) }),
};

describe('zodToJSONSchema of schemas that convert themselves', () => {
  for (const [name, schema] of Object.entries(CLASSIC)) it(`gives zod's own JSON Schema for classic ${name}`, () => expectSameAsZod(schema));

  it('asks `~standard.jsonSchema.input` for draft 2020-12 with unrepresentable types as `{}`, and drops `$schema` and safe-integer bounds', () => {
    const input = vi.fn(() => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: 5, description: 'from the library' }));
    expect(zodToJSONSchema(withStandardInput(z.number(), input))).toEqual({ type: 'integer', maximum: 5, description: 'from the library' });
    expect(input).toHaveBeenCalledWith({ target: 'draft-2020-12', libraryOptions: { unrepresentable: 'any' } });
  });

  it('delegates a classic member of the agent’s own object (a custom tool inside AgentOutput)', () => {
    const tool = z.object({ when: z.iso.time(), n: z.int().positive() });
    expect(zodToJSONSchema(s.object({ tool }) as any)).toEqual({ type: 'object', properties: { tool: zodsOwn(tool) }, required: ['tool'] });
  });

  it('reads the definition when zod would write `$defs` for `.meta({ id })`, inlining the schema without its id', () => {
    const sku = z.string().min(3).meta({ id: 'Sku', description: 'a SKU' });
    const order = z.object({ from: sku, to: sku });
    expect(JSON.stringify(zodsOwn(order))).toContain('"$defs"');
    const inlined = { type: 'string', minLength: 3, description: 'a SKU' };
    expect(zodToJSONSchema(order as any)).toEqual({ type: 'object', properties: { from: inlined, to: inlined }, required: ['from', 'to'] });
    expect(zodToJSONSchema(s.object({ order }) as any)).toEqual({ type: 'object', properties: { order: zodToJSONSchema(order as any) }, required: ['order'] });
  });

  it('reads the definition of a recursive schema (zod writes a root `$ref`) and leaves it open where it recurs', () => {
    const node: z.ZodType = z.object({ name: z.string(), get children() {
      return z.array(node);
    } });
    expect(JSON.stringify(zodsOwn(node))).toContain('"$ref":"#"');
    expect(zodToJSONSchema(node as any)).toEqual({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } }, required: ['name', 'children'] });
  });

  it('reads the definition when `jsonSchema.input` throws', () => {
    const schema = withStandardInput(z.object({ a: z.string(), b: z.number().optional() }), () => {
      throw new Error('cannot convert');
    });
    expect(zodToJSONSchema(schema as any)).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] });
  });
});

/** zod/mini schemas of the kinds tool arguments use: read from the definition, they give zod's own output. */
const MINI_AS_ZOD: Record<string, unknown> = {
  'object with int, bounds and defaults': zm.object({ index: zm.int().check(zm.minimum(0)), down: zm._default(zm.boolean(), true), pages: zm._default(zm.number().check(zm.minimum(0), zm.maximum(10)), 1) }),
  'union with describe': zm.union([zm.object({ a: zm.string() }).check(zm.describe('A')), zm.object({ b: zm.optional(zm.number()) })]),
  'string checks and formats': zm.object({
    a: zm.string().check(zm.minLength(1), zm.maxLength(20)),
    b: zm.string().check(zm.length(3)),
    c: zm.string().check(zm.regex(/^x+$/)),
    e: zm.email(),
    u: zm.url(),
    id: zm.uuid(),
    dt: zm.iso.datetime(),
    t: zm.iso.time(),
  }),
  'number bounds': zm.object({ a: zm.number().check(zm.gt(0), zm.lt(1)), b: zm.int().check(zm.positive()) }),
  'enums': zm.object({ e: zm.enum(['a', 'b']), n: zm.enum(Color), ls: zm.literal(['a', 'b']) }),
  'arrays': zm.object({ a: zm.array(zm.string()).check(zm.minLength(1), zm.maxLength(3)), l: zm.array(zm.number()).check(zm.length(2)) }),
  'records and strict objects': zm.object({ r: zm.record(zm.string(), zm.number()), s: zm.strictObject({ a: zm.string() }), l: zm.looseObject({ a: zm.string() }) }),
  'wrappers': zm.object({ o: zm.optional(zm.string()), pf: zm.prefault(zm.string(), 'x'), nn: zm.nonoptional(zm.optional(zm.string())), lz: zm.lazy(() => zm.string()), p: zm.pipe(zm.string(), zm.string().check(zm.minLength(1))) }),
  'metadata': zm.object({ a: zm.string().check(zm.describe('an a')), b: zm.string().register(zm.globalRegistry, { title: 'B', examples: ['x'] }) }),
  'unrepresentable kinds': zm.object({ d: zm.date(), b: zm.bigint(), any: zm.any(), m: zm.map(zm.string(), zm.number()) }),
};

/**
 * zod/mini schemas of the kinds whose finer points are left out: what the converter writes, and what
 * zod's own output has that it lacks. Each is looser than zod's or equal in what it accepts, except
 * where noted.
 */
const MINI_SIMPLIFIED: Array<[string, unknown, unknown]> = [
  // zod: `type: ['string', 'null']` (a union of bare types is written as a type list).
  ['nullable', zm.nullable(zm.string()), { anyOf: [{ type: 'string' }, { type: 'null' }] }],
  ['union of bare types', zm.union([zm.string(), zm.number()]), { anyOf: [{ type: 'string' }, { type: 'number' }] }],
  // zod: `const`.
  ['single literal', zm.literal('x'), { type: 'string', enum: ['x'] }],
  // zod: `oneOf`.
  ['discriminated union', zm.discriminatedUnion('k', [zm.object({ k: zm.literal('a') }), zm.object({ k: zm.literal('b') })]), {
    anyOf: [
      { type: 'object', properties: { k: { type: 'string', enum: ['a'] } }, required: ['k'] },
      { type: 'object', properties: { k: { type: 'string', enum: ['b'] } }, required: ['k'] },
    ],
  }],
  // zod: `multipleOf: 5`.
  ['multipleOf', zm.number().check(zm.multipleOf(5)), { type: 'number' }],
  // zod: the format's range, `minimum: -2147483648, maximum: 2147483647`.
  ['int32', zm.int32(), { type: 'integer' }],
  // zod: `minItems: 1, maxItems: 2`.
  ['tuple', zm.tuple([zm.string(), zm.optional(zm.number())]), { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }],
  // zod: `required: ['a', 'b']`.
  ['record with enum keys', zm.record(zm.enum(['a', 'b']), zm.boolean()), { type: 'object', propertyNames: { type: 'string', enum: ['a', 'b'] }, additionalProperties: { type: 'boolean' } }],
  // zod: one object with both properties.
  ['intersection of objects', zm.intersection(zm.object({ a: zm.string() }), zm.object({ b: zm.number() })), {
    allOf: [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
    ],
  }],
  // zod: `type: 'string', pattern: '^id--?\\d+(?:\\.\\d+)?$'`.
  ['template literal', zm.templateLiteral(['id-', zm.number()]), {}],
  // zod: `allOf: [{ pattern: 'a' }, { pattern: 'b' }]`; the last pattern is kept (stricter checks stay with zod).
  ['two patterns', zm.string().check(zm.regex(/a/), zm.regex(/b/)), { type: 'string', pattern: 'b' }],
  // zod: `contentEncoding: 'base64'` and the exact base64 pattern instead of the lax one zod runs.
  ['base64', zm.base64(), { type: 'string', format: 'base64', pattern: zm.base64()._zod.def.pattern!.source }],
  // zod: no `format` (a local date-time has no offset, which `date-time` requires): stricter than zod.
  ['local datetime', zm.iso.datetime({ local: true }), { type: 'string', format: 'date-time', pattern: zm.iso.datetime({ local: true })._zod.def.pattern!.source }],
  // zod: `readOnly: true`.
  ['readonly', zm.readonly(zm.string()), { type: 'string' }],
  // zod: `not: {}`.
  ['never', zm.never(), {}],
  // zod: the tighter of each pair, `minimum: 2, maximum: 9`.
  ['two bounds on a side', zm.number().check(zm.gt(1), zm.gte(2), zm.lt(10), zm.lte(9)), { type: 'number', exclusiveMinimum: 1, minimum: 2, exclusiveMaximum: 10, maximum: 9 }],
  // zod: no default (it is the transform's output, not an input).
  ['default of a transform', zm._default(zm.pipe(zm.string(), zm.transform((v: string) => v.length)), 3), { default: 3, type: 'string' }],
  // zod: `const: 5`.
  ['bigint literal', zm.literal(5n), { type: 'number', enum: [5] }],
  // zod: `c` is required (catch and a leading transform keep their input's optionality).
  ['catch and preprocess members', zm.object({ c: zm.catch(zm.number(), 7), pre: zm.pipe(zm.transform((v) => v), zm.number()), n: zm.number() }), {
    type: 'object',
    properties: { c: { default: 7, type: 'number' }, pre: { type: 'number' }, n: { type: 'number' } },
    required: ['n'],
  }],
];

describe('zodToJSONSchema of zod/mini and the agent’s own schemas (read from their definitions)', () => {
  for (const [name, schema] of Object.entries(MINI_AS_ZOD)) it(`gives zod's own JSON Schema for mini ${name}`, () => expectSameAsZod(schema));

  for (const [name, schema, expected] of MINI_SIMPLIFIED) {
    it(`gives a simpler schema than zod for mini ${name}`, () => {
      const json = zodToJSONSchema(schema as any);
      expect(json).toEqual(expected);
      expect(JSON.stringify(json)).not.toBe(JSON.stringify(zodsOwn(schema)));
    });
  }

  // The built-ins are built with src/schema/, not zod: each gives, byte for byte, what zod gives for
  // its zod/mini twin, which is what the model read before this converter was simplified.
  it('gives every built-in tool and the AgentOutput macro zod’s own JSON Schema of their zod/mini twins', () => {
    const tools = createBuiltInTools();
    expect([...tools.keys()]).toEqual(Object.keys(ZOD_TWINS));
    for (const [name, tool] of tools) {
      const ours = JSON.stringify(zodToJSONSchema(tool.inputSchema as any));
      expect(ours, name).toBe(JSON.stringify(zodsOwn(ZOD_TWINS[name])));
      expect(ours, name).toBe(JSON.stringify(zodToJSONSchema(ZOD_TWINS[name]!)));
    }
    const offered = selectOfferedTools(createToolRegistry({ experimentalScriptExecutionTool: true }), { canAskUser: true, lastStep: false });
    const ours = JSON.stringify(zodToJSONSchema(buildAgentOutput(offered).tools.AgentOutput!.inputSchema as any));
    const twin = zodAgentOutput(withTwins(offered));
    expect(ours).toBe(JSON.stringify(zodsOwn(twin)));
    expect(ours).toBe(JSON.stringify(zodToJSONSchema(twin)));
    const only = new Map([['done', createBuiltInTools().get('done')!]]);
    expect(JSON.stringify(zodToJSONSchema(buildAgentOutput(only).tools.AgentOutput!.inputSchema as any))).toBe(JSON.stringify(zodsOwn(zodAgentOutput(withTwins(only)))));
  });

  it('writes an AgentOutput with custom tools: a classic tool as zod writes it, a mini one read from its definition', () => {
    const lookup = z.object({ sku: z.string().min(3).describe('the SKU'), qty: z.number().int().default(1) });
    const pick = zm.object({ colour: zm.enum(['red', 'blue']), note: zm.optional(zm.nullable(zm.string())) });
    const customs = createToolRegistry({
      customTools: {
        lookup: { description: 'Look up a SKU', inputSchema: lookup, execute: async () => '' },
        pick: { description: 'Pick a colour', inputSchema: pick, execute: async () => '' },
      },
    });
    const json = zodToJSONSchema(buildAgentOutput(customs).tools.AgentOutput!.inputSchema as any) as any;
    const variants = json.properties.action.anyOf;
    expect(variants.at(-2)).toEqual({ type: 'object', properties: { lookup: zodsOwn(lookup) }, required: ['lookup'], description: 'Look up a SKU' });
    expect(JSON.stringify(variants.at(-2))).toContain('"sku":{"type":"string","minLength":3,"description":"the SKU"}');
    expect(variants.at(-1).properties.pick).toEqual({
      type: 'object',
      properties: { colour: { type: 'string', enum: ['red', 'blue'] }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      required: ['colour'],
    });
  });

  it('leaves a recursive mini schema open where it recurs', () => {
    const node: any = zm.object({ name: zm.string(), get children() {
      return zm.array(node);
    } });
    expect(zodToJSONSchema(node)).toEqual({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } }, required: ['name', 'children'] });
  });

  it('writes a bigint default as a number instead of failing', () => {
    expect(zodToJSONSchema(zm.object({ n: zm._default(zm.bigint(), 2n) }) as any)).toEqual({ type: 'object', properties: { n: { default: 2 } } });
  });
});
