// outputSchema: zod 4, zod 3 and JSON Schema become one tool input schema, described to the model as
// JSON Schema and validated (with scalar repair) like any tool's arguments; anything else is refused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { ConfigError } from '../../../src/config/index.js';
import { outputSchemaOf, doneWithData } from '../../../src/tools/index.js';
import { toolToJSONSchema } from '../../../src/llm/tool-schema.js';

const validate = (schema: unknown, value: unknown) => outputSchemaOf(schema)['~standard'].validate(value) as { value?: unknown; issues?: Array<{ path: PropertyKey[]; message: string; expected?: string }> };

const ORDER_JSON = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'order number' },
    total: { type: 'number' },
    items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, qty: { type: 'integer' } }, required: ['name', 'qty'] } },
    status: { enum: ['open', 'shipped'] },
    note: { type: ['string', 'null'] },
  },
  required: ['id', 'total', 'items', 'status'],
};

describe('outputSchemaOf with a JSON Schema', () => {
  it('accepts data of the schema and shows the model the schema itself', () => {
    const data = { id: 'A-1', total: 12.5, items: [{ name: 'mug', qty: 2 }], status: 'open', note: null };
    expect(validate(ORDER_JSON, data)).toEqual({ value: data });
    expect(toolToJSONSchema(outputSchemaOf(ORDER_JSON) as never)).toEqual(ORDER_JSON);
  });

  it('names each wrong field by its path', () => {
    const result = validate(ORDER_JSON, { id: 7, items: [{ name: 'mug', qty: 1.5 }], status: 'lost', note: 3 });
    const byPath = Object.fromEntries(result.issues!.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toEqual({
      id: 'Invalid input: expected string, received number',
      total: 'Invalid input: expected a value, received undefined',
      'items.0.qty': 'Invalid input: expected integer, received number',
      status: 'Invalid option: expected one of ["open","shipped"]',
      note: 'Invalid input: expected string or null, received number',
    });
  });

  it('checks anyOf and const', () => {
    const schema = { anyOf: [{ type: 'string' }, { const: 0 }] };
    expect(validate(schema, 'x').issues).toBeUndefined();
    expect(validate(schema, 0).issues).toBeUndefined();
    expect(validate(schema, 1).issues?.[0]).toMatchObject({ code: 'invalid_union', message: 'Invalid input' });
  });
});

describe('outputSchemaOf with zod', () => {
  it('takes a zod 4 schema as it is', () => {
    const schema = z.object({ n: z.number() });
    expect(outputSchemaOf(schema)).toBe(schema);
  });

  it('describes a zod 3 schema as JSON Schema and validates with zod 3', () => {
    const schema = z3.object({
      name: z3.string().describe('full name'),
      age: z3.number().int().optional(),
      tags: z3.array(z3.enum(['a', 'b'])),
      kind: z3.literal('person'),
      partner: z3.union([z3.string(), z3.number()]).nullable(),
      size: z3.number().default(1),
    });
    expect(toolToJSONSchema(outputSchemaOf(schema) as never)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'full name' },
        // zod 3's int() is checked by zod 3 itself; the model reads a number.
        age: { type: 'number' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        kind: { const: 'person' },
        partner: { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
        size: { type: 'number' },
      },
      required: ['name', 'tags', 'kind', 'partner'],
    });
    expect(validate(schema, { name: 'Ann', tags: ['a'], kind: 'person', partner: null })).toEqual({ value: { name: 'Ann', tags: ['a'], kind: 'person', partner: null, size: 1 } });
    expect(validate(schema, { name: 'Ann', tags: ['c'], kind: 'person', partner: null }).issues?.[0]?.path).toEqual(['tags', 0]);
  });
});

describe('outputSchemaOf refuses what is not a schema', () => {
  it.each([
    ['a string', 'object'],
    ['null', null],
    ['a number', 3],
    ['an object without schema keywords', { name: 'string' }],
    ['an array', [{ type: 'string' }]],
    ['another Standard Schema library', { type: 'object', '~standard': { version: 1, vendor: 'valibot', validate: () => ({ value: {} }) } }],
  ])('%s: ConfigError naming outputSchema', (_label, value) => {
    let error: unknown;
    try {
      outputSchemaOf(value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ field: 'outputSchema', message: expect.stringMatching(/^outputSchema must be a zod schema or a JSON Schema object/) });
  });
});

describe('outputSchemaOf refuses $ref by name', () => {
  it('asks for the definitions in place', () => {
    const schema = { type: 'object', properties: { item: { $ref: '#/$defs/Item' } }, $defs: { Item: { type: 'string' } } };
    expect(() => outputSchemaOf(schema)).toThrow('outputSchema: $ref is not supported; inline its definitions.');
  });
});

describe('doneWithData', () => {
  it('adds an optional data argument of the schema to done', () => {
    const done = doneWithData(outputSchemaOf(ORDER_JSON));
    const json = toolToJSONSchema(done.inputSchema as never) as { properties: Record<string, unknown>; required?: string[] };
    expect(Object.keys(json.properties)).toEqual(['text', 'success', 'data']);
    expect(json.properties.data).toEqual(ORDER_JSON);
    expect(json.required).toEqual(['text']);
    expect(done.description).toMatch(/data: the result in the output schema \(required for success\)\.$/);
  });
});
