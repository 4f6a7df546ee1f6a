// The issues our schemas report, worded as zod's English locale words them, so the model reads the
// same retry notes for built-in tools (ours) and custom tools (zod). Knows no schema kind.

/** One validation problem: a zod-style `code`, the path to the bad value, and a message. */
export interface SchemaIssue {
  readonly code: string;
  /** Keys from the validated value down to the bad one (empty for the value itself). */
  readonly path: PropertyKey[];
  readonly message: string;
  /** For `invalid_type`: the type the schema wanted (`number`, `int`, `string`, …). */
  readonly expected?: string;
}

// The codes zod raises when a value has the wrong type or shape; its checks (bounds, formats,
// refinements, unknown keys) raise other codes and do not stop the parse.
const TYPE_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_key', 'invalid_element']);

/**
 * How zod names a JSON value's type in messages: `null`, `array`, `NaN`, `Infinity` or `typeof`
 * (zod names other objects by their class; tool arguments are parsed JSON and have none).
 */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : typeof value;
}

/** The value has the wrong type: `Invalid input: expected number, received string`. */
export function invalidType(expected: string, value: unknown): SchemaIssue {
  return { code: 'invalid_type', expected, path: [], message: `Invalid input: expected ${expected}, received ${typeName(value)}` };
}

/** The number is below an inclusive bound: `Too small: expected number to be >=1`. */
export function tooSmall(origin: string, minimum: number): SchemaIssue {
  return { code: 'too_small', path: [], message: `Too small: expected ${origin} to be >=${minimum}` };
}

/** The number is above an inclusive bound: `Too big: expected number to be <=10`. */
export function tooBig(origin: string, maximum: number): SchemaIssue {
  return { code: 'too_big', path: [], message: `Too big: expected ${origin} to be <=${maximum}` };
}

/** No option of a union accepted the value. */
export function invalidUnion(): SchemaIssue {
  return { code: 'invalid_union', path: [], message: 'Invalid input' };
}

/**
 * True when each issue is a failed check on a value of the right type (zod's non-aborting issues),
 * told by its code, so users' zod issues (which come without zod's internal flag) count alike.
 */
export function isOnlyChecks(issues: readonly SchemaIssue[]): boolean {
  return issues.every((issue) => !TYPE_CODES.has(issue.code));
}
