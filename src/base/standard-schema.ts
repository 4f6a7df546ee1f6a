// The Standard Schema v1 interface, through which our schema builders and users' zod schemas are
// validated alike. Types only. @see https://standardschema.dev

/** One issue of a Standard Schema result. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema's `validate` returns: the parsed value, or the issues. */
export type StandardResult<T, Issue extends StandardIssue = StandardIssue> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<Issue> };

/** Any Standard Schema v1 (zod 4 classic or mini, or ours) whose parsed value is a `T`. */
export interface StandardSchema<T = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<T> | Promise<StandardResult<T>>;
    readonly types?: { readonly input: unknown; readonly output: T } | undefined;
  };
}
