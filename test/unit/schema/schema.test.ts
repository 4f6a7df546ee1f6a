// @vitest-environment node
// The schema builders on their own: zod's parsing rules and English messages, absent keys, unions,
// members that are users' zod (or any Standard Schema), descriptions, and the Standard Schema surface.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as s from '../../../src/schema/index.js';
import { toolToJSONSchema } from '../../../src/llm/index.js';

/** `~standard.validate`, synchronous for our schemas. */
function check(schema: s.StandardSchema, value: unknown): { value?: unknown; issues?: readonly s.SchemaIssue[] } {
  return schema['~standard'].validate(value) as { value?: unknown; issues?: readonly s.SchemaIssue[] };
}

const messages = (schema: s.StandardSchema, value: unknown) => check(schema, value).issues?.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('scalars', () => {
  it('accept their type and name the received type otherwise', () => {
    expect(check(s.string(), 'a')).toEqual({ value: 'a' });
    expect(check(s.boolean(), false)).toEqual({ value: false });
    expect(messages(s.string(), 5)).toEqual([': Invalid input: expected string, received number']);
    expect(messages(s.boolean(), 'true')).toEqual([': Invalid input: expected boolean, received string']);
    expect(messages(s.string(), null)).toEqual([': Invalid input: expected string, received null']);
    expect(messages(s.string(), [])).toEqual([': Invalid input: expected string, received array']);
  });

  it('take finite numbers only', () => {
    expect(check(s.number(), 0.5)).toEqual({ value: 0.5 });
    expect(messages(s.number(), Number.NaN)).toEqual([': Invalid input: expected number, received NaN']);
    expect(messages(s.number(), -Infinity)).toEqual([': Invalid input: expected number, received -Infinity']);
  });

  it('check inclusive bounds after the type', () => {
    const pages = s.number({ minimum: 1, maximum: 10 });
    expect(check(pages, 1)).toEqual({ value: 1 });
    expect(check(pages, 10)).toEqual({ value: 10 });
    expect(messages(pages, 0)).toEqual([': Too small: expected number to be >=1']);
    expect(messages(pages, 11)).toEqual([': Too big: expected number to be <=10']);
    expect(check(pages, '11').issues?.map((issue) => issue.code)).toEqual(['invalid_type']);
  });

  it('report a string for an int as an expected number, so the client can coerce it', () => {
    expect(check(s.int(), '4').issues).toEqual([{ code: 'invalid_type', expected: 'number', path: [], message: 'Invalid input: expected number, received string' }]);
    expect(check(s.int(), 1.5).issues).toEqual([{ code: 'invalid_type', expected: 'int', path: [], message: 'Invalid input: expected int, received number' }]);
    expect(messages(s.int(), 2 ** 60)).toEqual([': Too big: expected int to be <=9007199254740991']);
    expect(messages(s.int({ minimum: 0 }), -(2 ** 60))).toEqual([': Too small: expected int to be >=-9007199254740991', ': Too small: expected number to be >=0']);
    expect(check(s.int(), -3)).toEqual({ value: -3 });
  });

  it('write their checks where the JSON Schema converter reads them', () => {
    expect(toolToJSONSchema(s.int({ minimum: 0, maximum: 5 }))).toEqual({ type: 'integer', minimum: 0, maximum: 5 });
    expect(toolToJSONSchema(s.number({ minimum: 1 }))).toEqual({ type: 'number', minimum: 1 });
    expect(toolToJSONSchema(s.boolean())).toEqual({ type: 'boolean' });
  });
});

describe('object', () => {
  const schema = s.object({ a: s.string(), b: s.optional(s.int()), c: s.withDefault(s.boolean(), true) });

  it('keeps the shape’s keys in its order, drops others and fills defaults', () => {
    expect(check(schema, { x: 1, c: false, a: 'v' })).toStrictEqual({ value: { a: 'v', c: false } });
    expect(Object.keys(check(schema, { b: 2, a: 'v' }).value as object)).toEqual(['a', 'b', 'c']);
  });

  it('leaves an absent optional key out and keeps one given as undefined', () => {
    expect(check(schema, { a: 'v' }).value).toStrictEqual({ a: 'v', c: true });
    expect('b' in (check(schema, { a: 'v', b: undefined }).value as object)).toBe(true);
  });

  it('fills a default for an absent or undefined key without validating it, and validates a given one', () => {
    expect(check(schema, { a: 'v', c: undefined }).value).toStrictEqual({ a: 'v', c: true });
    expect(messages(schema, { a: 'v', c: 'no' })).toEqual(['c: Invalid input: expected boolean, received string']);
    const nested = s.object({ o: s.optional(s.withDefault(s.int(), 3)) });
    expect(check(nested, {}).value).toStrictEqual({ o: 3 });
  });

  it('names a missing key and every bad field with its path', () => {
    expect(messages(schema, {})).toEqual(['a: Invalid input: expected string, received undefined']);
    const outer = s.object({ inner: s.object({ n: s.int() }) });
    expect(messages(outer, { inner: { n: 'x' } })).toEqual(['inner.n: Invalid input: expected number, received string']);
    expect(messages(s.object({ a: s.string(), b: s.string() }), { a: 1, b: 2 })).toHaveLength(2);
  });

  it('refuses null, arrays and primitives as an object', () => {
    for (const value of [null, [], 'x', 3]) expect(check(schema, value).issues?.[0]).toMatchObject({ code: 'invalid_type', expected: 'object', path: [] });
  });

  it('asks for a key whose member accepts undefined but is not optional, as zod does', () => {
    const anything: s.StandardSchema = { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } };
    expect(check(s.object({ x: anything }), {}).issues).toEqual([{ code: 'invalid_type', expected: 'nonoptional', path: ['x'], message: 'Invalid input: expected nonoptional, received undefined' }]);
    expect(check(s.object({ x: anything }), { x: undefined })).toStrictEqual({ value: { x: undefined } });
  });
});

describe('union', () => {
  const pick = s.union([s.object({ a: s.int({ maximum: 5 }) }), s.object({ b: s.string() })]);

  it('answers with the first option that accepts the value', () => {
    expect(check(pick, { a: 2, b: 'x' })).toStrictEqual({ value: { a: 2 } });
    expect(check(pick, { b: 'x' })).toStrictEqual({ value: { b: 'x' } });
  });

  it('reports the one option of the right shape that only failed a check', () => {
    expect(messages(pick, { a: 9 })).toEqual(['a: Too big: expected number to be <=5']);
  });

  it('reports invalid_union when no single option comes close', () => {
    expect(check(pick, { c: 1 }).issues).toEqual([{ code: 'invalid_union', path: [], message: 'Invalid input' }]);
    expect(messages(s.object({ u: pick }), { u: 'x' })).toEqual(['u: Invalid input']);
  });

  it('passes a single option’s own issues through', () => {
    expect(messages(s.union([s.object({ a: s.string() })]), {})).toEqual(['a: Invalid input: expected string, received undefined']);
  });

  it('is optional when an option is', () => {
    expect(check(s.object({ u: s.union([s.string(), s.optional(s.int())]) }), {})).toStrictEqual({ value: {} });
    expect(toolToJSONSchema(s.object({ u: s.union([s.string(), s.optional(s.int())]) }))).toEqual({
      type: 'object',
      properties: { u: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    });
  });
});

describe('members that are not ours', () => {
  it('parse users’ classic zod through Standard Schema: output, issue paths and optional keys', () => {
    const wrapper = s.object({ tool: z.object({ n: z.string().transform((text) => text.length), when: z.string().optional(), q: z.number().default(2) }) });
    expect(check(wrapper, { tool: { n: 'abc' } })).toStrictEqual({ value: { tool: { n: 3, q: 2 } } });
    expect(check(wrapper, { tool: { n: 4 } }).issues).toMatchObject([{ code: 'invalid_type', expected: 'string', path: ['tool', 'n'] }]);
    expect(check(s.object({ maybe: z.string().optional() }), {})).toStrictEqual({ value: {} });
  });

  it('counts a zod member’s failed checks as checks when choosing a union’s report', () => {
    const either = s.union([s.object({ sku: z.string().min(3) }), s.object({ id: s.int() })]);
    expect(messages(either, { sku: 'ab' })).toEqual(['sku: Too small: expected string to have >=3 characters']);
  });

  it('reads Standard Schema `{ key }` path segments and gives issues without a code one', () => {
    const odd: s.StandardSchema = { '~standard': { version: 1, vendor: 'test', validate: () => ({ issues: [{ message: 'nope', path: [{ key: 'deep' }, 0] }] }) } };
    expect(check(s.object({ x: odd }), { x: 1 }).issues).toEqual([{ code: 'custom', message: 'nope', path: ['x', 'deep', 0] }]);
  });

  it('refuses a member that validates asynchronously', () => {
    const slow = z.object({ a: z.string().refine(async () => true) });
    expect(() => check(s.object({ slow }), { slow: { a: 'x' } })).toThrow(TypeError);
  });

  it('cannot be nested inside a zod schema (zod says so)', () => {
    expect(() => z.object({ x: s.string() as never }).safeParse({ x: 'a' })).toThrow(/expected a Zod schema/);
  });
});

describe('Schema', () => {
  it('offers Standard Schema v1 and zod’s safeParse result', () => {
    const schema = s.object({ a: s.string() });
    expect(schema['~standard']).toMatchObject({ version: 1, vendor: 'page-agent' });
    expect(schema.safeParse({ a: 'x' })).toEqual({ success: true, data: { a: 'x' } });
    expect(schema.safeParse({})).toMatchObject({ success: false, error: { issues: [{ path: ['a'] }] } });
  });

  it('describes a copy, leaving the original as it was', () => {
    const plain = s.object({ a: s.string() });
    const described = plain.describe('An a');
    expect(plain.description).toBeUndefined();
    expect(described.description).toBe('An a');
    expect(toolToJSONSchema(described)).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], description: 'An a' });
    expect(check(described, { a: 1 }).issues).toHaveLength(1);
  });

  it('infers the parsed type, optional keys included', () => {
    const schema = s.object({ a: s.string(), b: s.optional(s.int()), c: s.withDefault(s.boolean(), true) });
    const value: s.Infer<typeof schema> = { a: 'x', c: false };
    // @ts-expect-error c is filled in by its default, so the parsed value always has it
    const missing: s.Infer<typeof schema> = { a: 'x' };
    expect([value, missing]).toHaveLength(2);
  });
});
