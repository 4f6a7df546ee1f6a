// Typed results: the `outputSchema` of `execute(task, { outputSchema })` (zod 4, zod 3 or a JSON
// Schema) as a tool input schema, which llm/ describes to the model as JSON Schema and validates (and
// repairs) like any tool's arguments; and the `done` tool that carries `data` of that schema.
import { ConfigError } from '../config/index.js';
import * as s from '../schema/index.js';
import type { ToolInputSchema } from '../llm/index.js';
import type { SchemaIssue } from '../schema/index.js';
import { CONTROL_TOOLS } from './control-tools.js';
import type { PageAgentTool } from './tool.js';

type Json = Record<string, any>;

/** Whether a parsed JSON value has the JSON Schema type `type` (`integer` also counts as `number`). */
const isType = (type: string, value: unknown): boolean => type === s.typeName(value) || (type === 'integer' && Number.isInteger(value));
const KEYWORDS = /^(type|properties|items|anyOf|oneOf|enum|const)$/;

/** Checks `value` against the JSON Schema keywords a result schema uses (type, properties, required, items, enum, const, anyOf/oneOf). */
function checkJson(schema: Json, value: any, path: PropertyKey[], issues: SchemaIssue[]): void {
  const add = (issue: SchemaIssue, at = path) => void issues.push({ ...issue, path: at });
  const fails = (option: Json) => {
    const found: SchemaIssue[] = [];
    checkJson(option, value, [], found);
    return found.length;
  };
  if ((schema.anyOf ?? schema.oneOf)?.every(fails)) add(s.invalidUnion());
  const same = (wanted: unknown) => JSON.stringify(wanted) === JSON.stringify(value);
  const allowed: unknown[] | undefined = schema.enum ?? ('const' in schema ? [schema.const] : undefined);
  if (allowed && !allowed.some(same)) add({ code: 'invalid_value', path, message: `Invalid option: expected one of ${JSON.stringify(allowed)}` });
  const types: string[] = [schema.type ?? []].flat();
  // The first type is the one a mistyped scalar is repaired to (validate-args calls an integer `int`).
  if (types.length && !types.some((type) => isType(type, value))) add({ ...s.invalidType(types.join(' or '), value), expected: types[0] === 'integer' ? 'int' : types[0] });
  else if (s.typeName(value) === 'object') {
    for (const key of schema.required ?? []) if (!(key in value)) add(s.invalidType('a value', undefined), [...path, key]);
    for (const key in schema.properties) if (key in value) checkJson(schema.properties[key], value[key], [...path, key], issues);
  } else if (Array.isArray(value) && schema.items) value.forEach((item, i) => checkJson(schema.items, item, [...path, i], issues));
}

/** JSON Schema of a zod 3 schema (`_def.typeName`): the kinds a result is made of; other kinds accept anything. */
function zod3Json(schema: any): Json {
  const def = schema._def;
  const kind = def.typeName.slice(3).toLowerCase();
  const shape = def.shape?.();
  const json: Json = shape
    ? { type: kind, properties: Object.fromEntries(Object.keys(shape).map((key) => [key, zod3Json(shape[key])])), required: Object.keys(shape).filter((key) => !shape[key].isOptional()) }
    : kind === 'array'
      ? { type: kind, items: zod3Json(def.type) }
      : kind === 'enum'
        ? { type: 'string', enum: def.values }
        : kind === 'literal'
          ? { const: def.value }
          : kind === 'union' || kind === 'nullable'
            ? { anyOf: def.options?.map(zod3Json) ?? [zod3Json(def.innerType), { type: 'null' }] }
            : def.innerType || def.schema
              ? zod3Json(def.innerType ?? def.schema)
              : /^(string|number|boolean|null)$/.test(kind) ? { type: kind } : {};
  if (def.description) json.description = def.description;
  return json;
}

/** `validator` (zod 3's Standard Schema, or ours) as a tool input schema that shows the model `json`. */
function described(json: Json, validator: s.StandardSchema): ToolInputSchema {
  return { _zod: { def: { type: 'custom' }, toJSONSchema: () => json }, '~standard': validator['~standard'] } as unknown as ToolInputSchema;
}

/**
 * The `outputSchema` option as a tool input schema: zod 4 as it is, zod 3 through its Standard Schema
 * and a JSON Schema written from its definition, a JSON Schema object checked here. Throws ConfigError.
 */
export function outputSchemaOf(value: unknown): ToolInputSchema {
  const schema = value as any;
  if (schema?.['~standard']) {
    if (schema._zod?.def) return schema;
    if (schema._def?.typeName) return described(zod3Json(schema), schema);
  } else if (s.typeName(schema) === 'object' && Object.keys(schema).some((key) => KEYWORDS.test(key))) {
    if (JSON.stringify(schema).includes('"$ref"')) throw new ConfigError('outputSchema', 'outputSchema: $ref is not supported; inline its definitions.');
    return described(schema, new s.Schema({ type: 'custom' }, (input, issues) => (checkJson(schema, input, [], issues), input)));
  }
  throw new ConfigError('outputSchema', `outputSchema must be a zod schema or a JSON Schema object; got ${s.typeName(schema)}.`);
}

/** `done` with a `data` argument of the output schema, required when success is true. */
export function doneWithData(data: ToolInputSchema): PageAgentTool {
  return {
    ...CONTROL_TOOLS.done,
    description: `${CONTROL_TOOLS.done.description} data: the result in the output schema (required for success).`,
    inputSchema: s.object({ ...(CONTROL_TOOLS.done.inputSchema._zod.def.shape as s.Shape), data: s.optional(data) }),
  };
}
