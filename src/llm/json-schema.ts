// zod v4 schemas (classic, mini, and src/schema/'s zod-shaped ones) as JSON Schema for the model: a
// schema that converts itself (zod >= 4.2 classic, any Standard JSON Schema) is asked to, the rest is
// read from `_zod.def` keeping what shapes tool arguments. Knows nothing of tools.
import type { $ZodType, $ZodRegistry } from 'zod/v4/core';

/** A JSON Schema object as sent to the model. */
export type JSONSchema = Record<string, unknown>;

type Schema = $ZodType;
type Def = Record<string, any>;
type Json = Record<string, any>;

/** The options of `~standard.jsonSchema.input`: zod's `toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })`. */
const STANDARD_OPTIONS = { target: 'draft-2020-12', libraryOptions: { unrepresentable: 'any' } };

// zod's names for string formats that JSON Schema spells differently ('' = no format keyword: a
// regex is its pattern, and zod's time has no offset, which JSON Schema's `time` requires).
const FORMAT_NAMES: Record<string, string> = { guid: 'uuid', url: 'uri', datetime: 'date-time', regex: '', time: '' };

// zod keeps `.describe()`/`.meta()` in one registry per page, shared by every copy of zod through
// this global (zod/v4/core/registries.js); reading it keeps zod's runtime out of llm/. The agent's
// own zod-shaped schemas (src/schema/) carry their description as a property instead.
function metaOf(schema: Schema): Record<string, unknown> | undefined {
  const meta = (globalThis as { __zod_globalRegistry?: $ZodRegistry }).__zod_globalRegistry?.get(schema) as Record<string, unknown> | undefined;
  const own = (schema as { description?: unknown }).description;
  return meta ?? (typeof own === 'string' ? { description: own } : undefined);
}

/** zod's own JSON Schema less `$schema` and the safe-integer bounds `.int()` adds (noise tokens to a model). */
function withoutNoise(key: string, value: unknown): unknown {
  return key === '$schema' || (/^m(in|ax)imum$/.test(key) && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) ? undefined : value;
}

/**
 * The schema's own JSON Schema when it can write one without references: a `$ref` (recursion,
 * `.meta({ id })`) would point at the root of this schema, which may sit inside the agent's objects.
 * zod's is `createStandardJSONSchemaMethod` (zod/v4/core/to-json-schema.js), on classic schemas only.
 */
function delegated(schema: Schema): Json | undefined {
  const input = (schema as { '~standard'?: { jsonSchema?: { input?: (options: object) => unknown } } })['~standard']?.jsonSchema?.input;
  if (input) {
    try {
      const text = JSON.stringify(input(STANDARD_OPTIONS));
      if (!/"\$(ref|defs)"/.test(text)) return JSON.parse(text, withoutNoise);
    } catch {
      // a schema its library cannot convert is read from its definition below
    }
  }
}

/** Writes the bounds, integer format, string format and pattern of a schema's checks (a format schema such as `z.email()` is its own first check). */
function writeChecks(schema: Schema, json: Json, min: string, max: string): void {
  for (const check of [schema, ...((schema._zod.def as Def).checks ?? [])]) {
    const c = check._zod.def as Def;
    const kind: string | undefined = c.check;
    if (kind === 'greater_than') json[c.inclusive ? min : 'exclusiveMinimum'] = c.value;
    else if (kind === 'less_than') json[c.inclusive ? max : 'exclusiveMaximum'] = c.value;
    else if (kind === 'min_length') json[min] = c.minimum;
    else if (kind === 'max_length') json[max] = c.maximum;
    else if (kind === 'length_equals') json[max] = json[min] = c.length;
    else if (kind === 'number_format' && c.format.includes('int')) json.type = 'integer';
    else if (kind === 'string_format') {
      const format = FORMAT_NAMES[c.format] ?? c.format;
      if (format) json.format = format;
      if (c.pattern) json.pattern = c.pattern.source;
    }
  }
}

/** The values of an enum; a TypeScript numeric enum's reverse-mapping keys are not values. */
function enumValues(entries: Record<string, unknown>): unknown[] {
  return Object.values(entries).filter((value) => typeof entries[value as string] !== 'number');
}

/** `value` as JSON, a bigint as a number (as zod writes a bigint literal). */
function toJson(value: unknown): any {
  return JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? Number(item) : item)));
}

/** The default a wrapper carries; undefined when reading it throws. */
function defaultOf(def: Def): unknown {
  try {
    return def.type === 'catch' ? def.catchValue() : def.defaultValue;
  } catch {
    return undefined;
  }
}

/**
 * Writes the JSON Schema keys of one schema kind (not metadata) into `json`; for a wrapper, only the
 * keys it adds of its own, and returns the schema it stands for. Kinds JSON cannot carry (bigint,
 * date, transform, custom, map, set, …) and kinds not read here write nothing: they accept anything.
 */
function convertKind(schema: Schema, def: Def, json: Json, convert: (child: Schema) => Json): Schema | undefined {
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'catch':
      json.default = defaultOf(def);
      return def.innerType;
    case 'optional':
    case 'nonoptional':
    case 'readonly':
    case 'promise':
      return def.innerType;
    case 'lazy':
      return def.getter();
    case 'pipe':
      return def.in._zod.traits.has('$ZodTransform') ? def.out : def.in;
    case 'number':
      json.type = 'number';
      writeChecks(schema, json, 'minimum', 'maximum');
      break;
    case 'string':
      json.type = 'string';
      writeChecks(schema, json, 'minLength', 'maxLength');
      break;
    case 'boolean':
    case 'null':
      json.type = def.type;
      break;
    case 'enum':
    case 'literal': {
      const values: unknown[] = toJson(def.values?.filter((value: unknown) => value !== undefined) ?? enumValues(def.entries));
      const types = new Set(values.map((value) => (value === null ? 'null' : typeof value)));
      if (types.size === 1) json.type = [...types][0];
      json.enum = values;
      break;
    }
    case 'array':
      writeChecks(schema, json, 'minItems', 'maxItems');
      json.type = 'array';
      json.items = convert(def.element);
      break;
    case 'tuple':
      json.type = 'array';
      json.prefixItems = def.items.map(convert);
      json.items = def.rest ? convert(def.rest) : false;
      break;
    case 'object':
      json.type = 'object';
      json.properties = {};
      json.required = [];
      for (const key in def.shape) {
        json.properties[key] = convert(def.shape[key]);
        if (def.shape[key]._zod.optin === undefined) json.required.push(key);
      }
      if (!json.required.length) delete json.required;
      if (def.catchall) json.additionalProperties = def.catchall._zod.def.type === 'never' ? false : convert(def.catchall);
      break;
    case 'record':
      json.type = 'object';
      json.propertyNames = convert(def.keyType);
      json.additionalProperties = convert(def.valueType);
      break;
    case 'union':
      json.anyOf = def.options.map(convert);
      break;
    case 'nullable':
      json.anyOf = [convert(def.innerType), { type: 'null' }];
      break;
    case 'intersection':
      json.allOf = [convert(def.left), convert(def.right)];
  }
}

/**
 * JSON Schema of a zod schema's input, less `$schema` and the safe-integer bounds of `.int()`. A
 * schema that converts itself without references gives what its library writes (zod >= 4.2 classic:
 * `toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })`); the rest is read from
 * `_zod.def`, where a schema that contains itself is `{}` where it recurs and `.meta({ id })` schemas
 * are inlined. That reading is simpler than zod's for less common kinds: a union of bare types or a
 * nullable is an `anyOf` (not a `type` list), a literal an `enum` (not `const`), an exclusive union
 * `anyOf` (not `oneOf`), an intersection a plain `allOf`, `never` `{}`; it leaves out `multipleOf`,
 * template literal patterns, number format ranges (`int32`, …), `contentEncoding`, all but the last
 * pattern, a tuple's length bounds, a record's required keys and `readOnly`; it keeps the format of
 * a local date-time and a transform's default, and counts `.catch()` and preprocess members optional.
 */
export function zodToJSONSchema(root: Schema): JSONSchema {
  const path = new Set<Schema>();
  const convert = (schema: Schema): Json => {
    if (path.has(schema)) return {};
    const own = delegated(schema);
    if (own) return own;
    path.add(schema);
    const custom = (schema._zod as { toJSONSchema?: () => Json }).toJSONSchema?.();
    let json: Json = custom || {};
    const inner = custom ? undefined : convertKind(schema, schema._zod.def as Def, json, convert);
    const { id: _id, ...meta } = metaOf(schema) ?? {};
    Object.assign(json, meta);
    // A wrapper is its inner schema plus its own keys, which win.
    if (inner) json = { ...json, ...convert(inner), ...json };
    path.delete(schema);
    return json;
  };
  return toJson(convert(root));
}
