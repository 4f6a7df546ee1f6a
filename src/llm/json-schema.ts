// Converts a zod v4 schema (classic `zod` or `zod/mini`) to JSON Schema by reading the public
// `_zod.def` structure, writing what zod's own `toJSONSchema(schema, { io: 'input',
// unrepresentable: 'any' })` writes (draft 2020-12) without its ~7 KB gzip. Knows nothing of tools.
import type { $ZodType, $ZodRegistry } from 'zod/v4/core';

/** A JSON Schema object as sent to the model. */
export type JSONSchema = Record<string, unknown>;

type Schema = $ZodType;
type Def = Record<string, any>;
type Json = Record<string, any>;

// zod's names for string formats that JSON Schema spells differently ('' = no format keyword).
const FORMAT_NAMES: Record<string, string> = { guid: 'uuid', url: 'uri', datetime: 'date-time', json_string: 'json-string', regex: '' };
// The ranges zod gives its number formats (zod's `util` is not imported: it would bundle all of it).
const NUMBER_RANGES: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

// zod keeps `.describe()`/`.meta()` in one registry per page, shared by every copy of zod through
// this global (zod/v4/core/registries.js); reading it keeps zod's runtime out of llm/. The agent's
// own zod-shaped schemas (src/schema/) carry their description as a property instead.
function metaOf(schema: Schema): Record<string, unknown> | undefined {
  const meta = (globalThis as { __zod_globalRegistry?: $ZodRegistry }).__zod_globalRegistry?.get(schema) as Record<string, unknown> | undefined;
  const own = (schema as { description?: unknown }).description;
  return meta ?? (typeof own === 'string' ? { description: own } : undefined);
}

const defOf = (schema: Schema): Def => schema._zod.def as Def;
const jsonType = (value: unknown): string => (value === null ? 'null' : typeof value);
const allOfType = (values: unknown[], type: string): boolean => values.every((value) => jsonType(value) === type);

/** The bounds, formats and patterns of a schema's checks, folded as zod's converter folds them. */
function foldChecks(schema: Schema): Json {
  const agg: Json = {};
  const atLeast = (key: string, value: number) => {
    if (!(agg[key] >= value)) agg[key] = value;
  };
  const atMost = (key: string, value: number) => {
    if (!(agg[key] <= value)) agg[key] = value;
  };
  const def = defOf(schema);
  // A format schema (`z.email()`, `z.int()`) is its own first check.
  const checks: Schema[] = schema._zod.traits.has('$ZodCheck') ? [schema, ...(def.checks ?? [])] : (def.checks ?? []);
  for (const check of checks) {
    const c = check._zod.def as Def;
    const kind: string = c.check;
    if (kind === 'greater_than') atLeast(c.inclusive ? 'minimum' : 'exclusiveMinimum', c.value);
    else if (kind === 'less_than') atMost(c.inclusive ? 'maximum' : 'exclusiveMaximum', c.value);
    else if (kind === 'multiple_of') (agg.multipleOf ??= new Set()).add(c.value);
    // min_length/min_size, max_length/max_size, length_equals/size_equals; *_format checks other
    // than number's and string's (bigint_format) sit only on kinds that do not read the fold.
    else if (kind.startsWith('min_')) atLeast('minimum', c.minimum);
    else if (kind.startsWith('max_')) atMost('maximum', c.maximum);
    else if (kind.endsWith('_equals')) {
      atLeast('minimum', c.length ?? c.size);
      atMost('maximum', c.length ?? c.size);
    } else if (kind.endsWith('_format')) {
      agg.format = c.format;
      if (c.format.includes('int')) agg.isInt = true;
      const range = NUMBER_RANGES[c.format];
      if (kind === 'number_format' && range) {
        atLeast('minimum', range[0]);
        atMost('maximum', range[1]);
      }
      if (c.pattern) (agg.patterns ??= new Set()).add(c.pattern);
      if (c.format === 'base64' || c.format === 'base64url') agg.contentEncoding = c.format;
      if (c.local || c.precision === -1) agg.lax = true;
    }
  }
  return agg;
}

/** The values of an enum; a TypeScript numeric enum's reverse-mapping keys are not values. */
function enumValues(entries: Record<string, unknown>): unknown[] {
  const numbers = Object.values(entries).filter((value) => typeof value === 'number');
  return Object.entries(entries)
    .filter(([key]) => !numbers.includes(+key))
    .map(([, value]) => value);
}

/** Sets a numeric bound, unless it is the safe-integer range zod gives `.int()`: noise tokens to a model. */
function setBound(json: Json, key: string, value: unknown): void {
  if (typeof value === 'number' && Math.abs(value) !== Number.MAX_SAFE_INTEGER) json[key] = value;
}

/** Whether a field may be left out of the input (transforms and catch keep their inner type's say). */
function isOptionalInput(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in._zod.traits.has('$ZodTransform')) return isOptionalInput(def.out);
  if (def.type === 'catch') return isOptionalInput(def.innerType);
  return schema._zod.optin !== undefined;
}

/** Whether parsing changes the value's type somewhere inside, so a default describes the output, not the input. */
function isTransforming(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'transform' || schema._zod.traits.has('$ZodCodec')) return true;
  // The child schemas of every kind: no def holds two of these groups, and an object's catchall is not looked at.
  const children: Schema[] =
    def.type === 'lazy'
      ? [def.getter()]
      : def.type === 'object'
        ? Object.values(def.shape)
        : [...(def.options ?? []), ...(def.items ?? []), def.rest, def.in, def.out, def.element, def.keyType, def.valueType, def.left, def.right, def.innerType];
  return children.some((child) => child && isTransforming(child, seen));
}

/** The default a wrapper carries, round-tripped through JSON; undefined when it has none or it is not JSON. */
function defaultOf(def: Def): unknown {
  try {
    const value = def.type === 'catch' ? def.catchValue(undefined) : def.defaultValue;
    return JSON.parse(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

/** `anyOf` of bare type assertions written as a `type` list, as zod writes it. */
function compactTypeUnion(json: Json): void {
  const options: Json[] | undefined = json.anyOf;
  if (!options?.length || json.type !== undefined) return;
  const types: string[] = [];
  for (const option of options) {
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== 'type') return;
    for (const type of [option.type].flat()) if (!types.includes(type)) types.push(type);
  }
  delete json.anyOf;
  json.type = types.length === 1 ? types[0] : types;
}

/** Adds `part` to `parts` unless it is missing or an equal schema is there already. */
function addDistinct(parts: Json[], part: Json | undefined): void {
  if (part && !parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part))) parts.push(part);
}

/** Object members of an intersection combined into one object, or undefined when one is not a plain object. */
function foldObjects(members: Json[]): Json | undefined {
  const properties: Json = {};
  const required = new Set<string>();
  if (members.some((member) => member.type !== 'object' || Object.keys(member).some((key) => !['type', 'properties', 'required', 'additionalProperties'].includes(key)))) return undefined;
  for (const member of members) {
    for (const key in member.properties) {
      if (Object.hasOwn(properties, key)) continue;
      const parts: Json[] = [];
      for (const other of members) addDistinct(parts, other.properties?.[key] ?? catchallOf(other));
      properties[key] = parts.length === 1 ? parts[0] : (foldObjects(parts) ?? { allOf: parts });
    }
    for (const key of member.required ?? []) required.add(key);
  }
  const folded: Json = { type: 'object', properties };
  if (required.size) folded.required = [...required];
  if (members.every((member) => member.additionalProperties === false)) folded.additionalProperties = false;
  else {
    const constraints: Json[] = [];
    for (const member of members) addDistinct(constraints, catchallOf(member));
    if (constraints.length) folded.additionalProperties = constraints.length === 1 ? constraints[0] : { allOf: constraints };
  }
  return folded;
}

/** The schema an object gives keys it does not list, when it gives one. */
function catchallOf(member: Json): Json | undefined {
  const extra = member.additionalProperties;
  return typeof extra === 'object' && extra !== null && Object.keys(extra).length ? extra : undefined;
}

/**
 * Writes the JSON Schema keys of one schema kind (not metadata) into `json`; for a wrapper, only the
 * keys it adds of its own, and returns the schema it stands for.
 */
function convertKind(schema: Schema, def: Def, json: Json, convert: (child: Schema) => Json): Schema | undefined {
  const type: string = def.type;
  // Only string, number, template literal, array and tuple read the folded checks.
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, isInt, patterns, contentEncoding, lax } = foldChecks(schema);
  switch (type) {
    case 'default':
    case 'prefault':
    case 'catch':
      json.default = defaultOf(def);
      return def.innerType;
    case 'readonly':
      json.readOnly = true;
      return def.innerType;
    case 'optional':
    case 'nonoptional':
    case 'promise':
      return def.innerType;
    case 'lazy':
      return (schema._zod as any).innerType;
    case 'pipe':
      return def.in._zod.traits.has('$ZodTransform') ? def.out : def.in;
    case 'number': {
      json.type = isInt ? 'integer' : 'number';
      if (exclusiveMinimum >= (minimum ?? -Infinity)) json.exclusiveMinimum = exclusiveMinimum;
      else setBound(json, 'minimum', minimum);
      if (exclusiveMaximum <= (maximum ?? Infinity)) json.exclusiveMaximum = exclusiveMaximum;
      else setBound(json, 'maximum', maximum);
      const [first, ...rest] = [...(multipleOf ?? [])].filter((m) => Number.isFinite(m) && m !== 0).map(Math.abs);
      if (first !== undefined) json.multipleOf = first;
      if (rest.length) json.allOf = rest.map((m) => ({ multipleOf: m }));
      break;
    }
    case 'template_literal':
      json.type = 'string';
      json.pattern = (schema._zod as any).pattern.source;
      break;
    case 'string': {
      json.type = 'string';
      setBound(json, 'minLength', minimum);
      setBound(json, 'maxLength', maximum);
      if (format && !lax && format !== 'time' && FORMAT_NAMES[format] !== '') json.format = FORMAT_NAMES[format] ?? format;
      if (contentEncoding) json.contentEncoding = contentEncoding;
      const list = [...(patterns ?? [])] as RegExp[];
      if (list.length === 1) json.pattern = list[0]!.source;
      else if (list.length > 1) json.allOf = list.map((regex) => ({ pattern: regex.source }));
      break;
    }
    case 'boolean':
    case 'success':
      json.type = 'boolean';
      break;
    case 'null':
      json.type = 'null';
      break;
    case 'never':
      json.not = {};
      break;
    case 'enum':
    case 'literal': {
      const values: unknown[] = type === 'enum' ? enumValues(def.entries) : def.values.filter((v: unknown) => v !== undefined).map((v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
      if (type === 'literal' && values.length === 1) {
        json.type = jsonType(values[0]);
        json.const = values[0];
        return;
      }
      // An enum or literal with no values accepts nothing (a literal of only `undefined` is left open).
      if (!(type === 'enum' ? values : def.values).length) json.not = {};
      if (!values.length) return;
      for (const kind of type === 'enum' ? ['number', 'string'] : ['number', 'string', 'boolean', 'null']) if (allOfType(values, kind)) json.type = kind;
      json.enum = values;
      break;
    }
    case 'array':
      setBound(json, 'minItems', minimum);
      setBound(json, 'maxItems', maximum);
      json.type = 'array';
      json.items = convert(def.element);
      break;
    case 'object': {
      json.type = 'object';
      json.properties = {};
      const required: string[] = [];
      for (const key in def.shape) {
        json.properties[key] = convert(def.shape[key]);
        if (!isOptionalInput(def.shape[key])) required.push(key);
      }
      if (required.length) json.required = required;
      const catchall: Schema | undefined = def.catchall;
      if (catchall) json.additionalProperties = defOf(catchall).type === 'never' ? false : convert(catchall);
      break;
    }
    case 'union':
      json[def.inclusive === false ? 'oneOf' : 'anyOf'] = def.options.map(convert);
      break;
    case 'intersection': {
      const allOf = [def.left, def.right].flatMap((side: Schema) => {
        const part = convert(side);
        return Object.keys(part).length === 1 && part.allOf ? part.allOf : [part];
      });
      Object.assign(json, foldObjects(allOf) ?? { allOf });
      break;
    }
    case 'tuple': {
      json.type = 'array';
      json.prefixItems = def.items.map(convert);
      json.items = def.rest ? convert(def.rest) : false;
      let minItems = def.items.length;
      while (minItems > 0 && isOptionalInput(def.items[minItems - 1])) minItems--;
      if (minItems > 0) json.minItems = minItems;
      if (!def.rest) json.maxItems = def.items.length;
      setBound(json, 'minItems', minimum);
      setBound(json, 'maxItems', maximum);
      break;
    }
    case 'record': {
      json.type = 'object';
      json.propertyNames = convert(def.keyType);
      json.additionalProperties = convert(def.valueType);
      const keys = [...((def.keyType._zod as any).values ?? [])].filter((v) => typeof v === 'string' || typeof v === 'number');
      if (keys.length && !def.partial && !isOptionalInput(def.valueType)) json.required = keys.map(String);
      break;
    }
    case 'nullable':
      json.anyOf = [convert(def.innerType), { type: 'null' }];
    // Types JSON cannot carry (bigint, date, transform, custom, function, map, set, …) accept anything.
  }
}

/**
 * JSON Schema of a zod schema's input, as zod's `toJSONSchema` writes it with `io: 'input'` and
 * `unrepresentable: 'any'`, less `$schema` and the safe-integer bounds of `.int()`. A schema that
 * contains itself (recursion through `z.lazy` or getters) is `{}` where it recurs; `.meta({ id })`
 * schemas are inlined rather than moved to `$defs`.
 */
export function zodToJSONSchema(root: Schema): JSONSchema {
  const path = new Set<Schema>();
  const convert = (schema: Schema): Json => {
    if (path.has(schema)) return {};
    path.add(schema);
    const def = defOf(schema);
    const custom = (schema._zod as any).toJSONSchema?.();
    let json: Json = custom || {};
    const inner = custom ? undefined : convertKind(schema, def, json, convert);
    const { id: _id, ...meta } = metaOf(schema) ?? {};
    Object.assign(json, meta);
    // A default or example describes the output of a transform, not the input the model writes.
    if (isTransforming(schema) && def.type !== 'prefault') {
      delete json.default;
      delete json.examples;
    }
    if (json.default === undefined) delete json.default;
    // A wrapper is its inner schema plus its own keys, which win.
    if (inner) json = { ...json, ...convert(inner), ...json };
    compactTypeUnion(json);
    path.delete(schema);
    return json;
  };
  return JSON.parse(JSON.stringify(convert(root)));
}
