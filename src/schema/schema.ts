// The base of our schema builders. A schema has zod v4's public shape (`_zod.def`, `_zod.optin`,
// `~standard`), so llm/ converts and validates it like a user's zod schema while the bundle carries
// no zod. Imports only base/; the schema kinds live in scalars.ts, composites.ts, wrappers.ts.
import type { StandardResult, StandardSchema } from '../base/index.js';
import type { SchemaIssue } from './issues.js';

/** The parsed value's type of a Standard Schema. */
export type Infer<S> = S extends StandardSchema<infer T> ? T : never;

/** How a schema treats an absent value, in zod's words: may be left out, or filled with a default. */
export type Optin = 'optional' | 'defaulted' | undefined;

/** The part of zod's `_zod` internals that JSON Schema conversion and object parsing read. */
export interface SchemaInternals {
  readonly def: { readonly type: string; readonly [key: string]: unknown };
  readonly traits: ReadonlySet<string>;
  readonly optin: Optin;
  readonly optout: 'optional' | undefined;
}

/** Parses a value: returns what the schema makes of it and appends issues with paths relative to it. */
export type ParseFn = (value: unknown, issues: SchemaIssue[]) => unknown;

/** The outcome of parsing one value. */
export interface ParseOutcome {
  value: unknown;
  issues: SchemaIssue[];
}

// No zod trait: zod refuses our schemas inside its own (their run protocol differs) with a clear error.
const NO_TRAITS: ReadonlySet<string> = new Set();

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** A schema of the kind `_zod.def.type`: validates values and describes them to the model. */
export class Schema<T = unknown> implements StandardSchema<T> {
  readonly _zod: SchemaInternals;
  /** What the model reads about the value (JSON Schema `description`). */
  readonly description?: string;
  readonly #parse: ParseFn;

  constructor(def: SchemaInternals['def'], parse: ParseFn, optin?: Optin, optout?: 'optional', description?: string) {
    this._zod = { def, traits: NO_TRAITS, optin, optout };
    this.#parse = parse;
    if (description !== undefined) this.description = description;
  }

  /** A copy of this schema that tells the model `description`, as classic zod's `.describe()` does. */
  describe(description: string): Schema<T> {
    return new Schema<T>(this._zod.def, this.#parse, this._zod.optin, this._zod.optout, description);
  }

  /** The Standard Schema interface, through which llm/ validates ours and users' zod schemas alike. */
  get '~standard'(): StandardSchema<T>['~standard'] {
    return {
      version: 1,
      vendor: 'page-agent',
      validate: (value) => {
        const { value: parsed, issues } = Schema.run(this, value);
        return issues.length ? { issues } : { value: parsed as T };
      },
    };
  }

  /** zod's result shape, for code that inspects a built-in tool's schema. */
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } } {
    const result = this['~standard'].validate(value) as StandardResult<T>;
    return result.issues ? { success: false, error: { issues: result.issues as SchemaIssue[] } } : { success: true, data: result.value };
  }

  /**
   * Parses `value` with `schema`: one of ours directly, any other Standard Schema (a user's zod)
   * through `~standard.validate`, which must answer synchronously.
   */
  static run(schema: StandardSchema<unknown>, value: unknown): ParseOutcome {
    const issues: SchemaIssue[] = [];
    if (schema instanceof Schema) return { value: schema.#parse(value, issues), issues };
    const result = schema['~standard'].validate(value);
    if (isThenable(result)) throw new TypeError('Tool input schemas must validate synchronously.');
    if (!result.issues) return { value: result.value, issues };
    for (const issue of result.issues) {
      const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
      issues.push({ code: 'custom', ...issue, path });
    }
    return { value, issues };
  }
}

/** `issues` moved under `key`: their paths now start at the containing value. */
export function underKey(key: PropertyKey, issues: SchemaIssue[]): SchemaIssue[] {
  for (const issue of issues) issue.path.unshift(key);
  return issues;
}
