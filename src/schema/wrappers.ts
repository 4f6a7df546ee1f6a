// Wrappers that decide what an absent value means: `optional` lets it be left out, `withDefault`
// fills it in. They wrap ours or any Standard Schema, and carry zod's `optin`/`optout` marks.
import type { StandardSchema } from '../base/index.js';
import { Schema } from './schema.js';

/** `inner`, or undefined: a key the model may leave out (one with a default inside keeps it). */
export function optional<T>(inner: StandardSchema<T>): Schema<T | undefined> {
  const defaulted = (inner as { _zod?: { optin?: string } })._zod?.optin === 'defaulted';
  return new Schema<T | undefined>(
    { type: 'optional', innerType: inner },
    (value, issues) => {
      if (value === undefined && !defaulted) return undefined;
      const result = Schema.run(inner, value);
      issues.push(...result.issues);
      return result.value;
    },
    defaulted ? 'defaulted' : 'optional',
    'optional',
  );
}

/**
 * `inner`, with `defaultValue` when the value is absent (not validated, as in zod). The JSON
 * Schema shows the default and leaves the key out of `required`.
 */
export function withDefault<T>(inner: StandardSchema<T>, defaultValue: NoInfer<T>): Schema<T> {
  return new Schema<T>(
    { type: 'default', innerType: inner, defaultValue },
    (value, issues) => {
      if (value === undefined) return defaultValue;
      const result = Schema.run(inner, value);
      issues.push(...result.issues);
      return result.value === undefined ? defaultValue : result.value;
    },
    'defaulted',
  );
}
