// Schemas made of other schemas: objects and unions. Their members may be ours or any Standard
// Schema (the AgentOutput macro wraps users' zod tool schemas); absent keys follow zod's rules.
import { invalidType, invalidUnion, isOnlyChecks } from './issues.js';
import type { StandardSchema } from '../base/index.js';
import { Schema, underKey, type Infer, type Optin } from './schema.js';

/** The members of an object schema by key. */
export type Shape = Record<string, StandardSchema<any>>;

type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];

/** The parsed value of an object schema: a key whose schema accepts undefined may be left out. */
export type ObjectOutput<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> };

/** How a member treats absence: zod's `_zod.optin`/`optout`, on zod's schemas and ours alike. */
function absenceOf(schema: StandardSchema<unknown>): { optin?: Optin; optout?: 'optional' } {
  return (schema as { _zod?: { optin?: Optin; optout?: 'optional' } })._zod ?? {};
}

/**
 * An object with these keys; other keys are dropped. An absent key is an issue unless its schema
 * is optional or has a default (which fills it in), as in zod.
 */
export function object<S extends Shape>(shape: S): Schema<ObjectOutput<S>> {
  return new Schema<ObjectOutput<S>>({ type: 'object', shape }, (input, issues) => {
    if (typeof input !== 'object' || !input || Array.isArray(input)) {
      issues.push(invalidType('object', input));
      return input;
    }
    const output: Record<string, unknown> = {};
    for (const key in shape) {
      const { optin, optout } = absenceOf(shape[key]!);
      const present = key in input;
      const result = Schema.run(shape[key]!, (input as Record<string, unknown>)[key]);
      // An absent optional key adds nothing, and its schema's complaints about undefined do not count.
      if (!present && optin && optout && (optin === 'optional' || result.issues.length)) continue;
      issues.push(...underKey(key, result.issues));
      if (!present && !optin) {
        if (!result.issues.length) issues.push(underKey(key, [invalidType('nonoptional', undefined)])[0]!);
        continue;
      }
      if (result.value !== undefined || present || (optin === 'defaulted' && !optout)) output[key] = result.value;
    }
    return output;
  });
}

/**
 * The first option that accepts the value. When all refuse, zod's rule: if exactly one option got a
 * value of the right type and only failed checks, its issues are reported; else one `invalid_union`.
 */
export function union<const O extends readonly StandardSchema<any>[]>(options: O): Schema<Infer<O[number]>> {
  const rules = options.map(absenceOf);
  const optin: Optin = rules.some((rule) => rule.optin === 'defaulted') ? 'defaulted' : rules.some((rule) => rule.optin) ? 'optional' : undefined;
  const optout = rules.some((rule) => rule.optout) ? 'optional' : undefined;
  return new Schema<Infer<O[number]>>(
    { type: 'union', options },
    (value, issues) => {
      const results = [];
      for (const option of options) {
        const result = Schema.run(option, value);
        if (!result.issues.length || options.length === 1) {
          issues.push(...result.issues);
          return result.value;
        }
        results.push(result);
      }
      const open = results.filter((result) => isOnlyChecks(result.issues));
      if (open.length === 1) {
        issues.push(...open[0]!.issues);
        return open[0]!.value;
      }
      issues.push(invalidUnion());
      return value;
    },
    optin,
    optout,
  );
}
