// @vitest-environment node
// Our zod → JSON Schema converter writes, key for key and in the same order, what zod's own
// `toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })` writes (less `$schema` and the
// safe-integer bounds of `.int()`), for every built-in tool schema and the schemas users write.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { zodToJSONSchema } from '../../../src/llm/json-schema.js';
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
  // A default describes the output when a transform sits anywhere inside, in any kind of container.
  'transforms inside containers': z.object({
    set: z.set(z.string().transform((s) => s.length)).default(new Set()),
    map: z.map(z.string(), z.string().transform((s) => s.length)).default(new Map()),
    record: z.record(z.string(), z.string().transform((s) => s.length)).default({}),
    lazy: z.lazy(() => z.object({ a: z.string().transform((s) => s.length) })).default({ a: 1 }),
    rest: z.tuple([z.string()], z.string().transform((s) => s.length)).default(['a']),
    union: z.union([z.number(), z.string().transform((s) => s.length)]).default(1),
    codec: z.codec(z.string(), z.number(), { decode: Number, encode: String }).default(1),
    catchall: z.object({}).catchall(z.string().transform((s) => s.length)).default({}),
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

const MINI: Record<string, unknown> = {
  'mini object': zm.object({ index: zm.int().check(zm.minimum(0)), down: zm._default(zm.boolean(), true), pages: zm._default(zm.number().check(zm.minimum(0), zm.maximum(10)), 1) }),
  'mini union with describe': zm.union([zm.object({ a: zm.string() }).check(zm.describe('A')), zm.object({ b: zm.optional(zm.number()) })]),
  'mini string checks': zm.object({ key: zm.string().check(zm.minLength(1)), e: zm.email(), n: zm.nullable(zm.string()) }),
};

describe('zodToJSONSchema', () => {
  for (const [name, schema] of Object.entries(CLASSIC)) it(`writes what zod writes for classic ${name}`, () => expectSameAsZod(schema));
  for (const [name, schema] of Object.entries(MINI)) it(`writes what zod writes for ${name}`, () => expectSameAsZod(schema));

  // The built-ins are built with src/schema/, not zod: each must give what zod gives for its zod/mini
  // twin, which is also, byte for byte, what this converter sent before (for the twin itself).
  it('writes what zod writes for every built-in tool and the AgentOutput macro (against their zod/mini twins)', () => {
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
  });

  it('writes what zod writes for an AgentOutput with one tool, and with custom classic and mini zod tools', () => {
    const only = new Map([['done', createBuiltInTools().get('done')!]]);
    expect(JSON.stringify(zodToJSONSchema(buildAgentOutput(only).tools.AgentOutput!.inputSchema as any))).toBe(JSON.stringify(zodsOwn(zodAgentOutput(withTwins(only)))));
    const customs = createToolRegistry({
      customTools: {
        lookup: { description: 'Look up a SKU', inputSchema: z.object({ sku: z.string().min(3).describe('the SKU'), qty: z.number().int().default(1) }), execute: async () => '' },
        pick: { description: 'Pick a colour', inputSchema: zm.object({ colour: zm.enum(['red', 'blue']), note: zm.optional(zm.nullable(zm.string())) }), execute: async () => '' },
      },
    });
    const ours = JSON.stringify(zodToJSONSchema(buildAgentOutput(customs).tools.AgentOutput!.inputSchema as any));
    expect(ours).toBe(JSON.stringify(zodsOwn(zodAgentOutput(withTwins(customs)))));
    expect(ours).toContain('"sku":{"type":"string","minLength":3,"description":"the SKU"}');
  });

  it('leaves a recursive schema open where it recurs', () => {
    const node: z.ZodType = z.object({ name: z.string(), get children() {
      return z.array(node);
    } });
    expect(zodToJSONSchema(node as any)).toEqual({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } }, required: ['name', 'children'] });
  });
});
