// Validates tool arguments through the schema's Standard Schema interface (zod's, or the agent's own
// builders'), after coercing scalars the model sent with the wrong JSON type (case 10: "5" for 5,
// "true" for true, 5 for "5"). Errors name the tool and the field and list the available tools.
import { LLMError } from '../errors.js';
import type { SchemaIssue, SchemaResult, ToolInputSchema } from '../types.js';
import type { RepairLog } from './repair-log.js';

/** An issue with its path as plain keys (Standard Schema allows `{ key }` segments). */
type Issue = SchemaIssue & { readonly path: readonly PropertyKey[] };

function getAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node: any = root;
  for (const key of path) node = node?.[key as any];
  return node;
}

/** `root` with the value at `path` replaced (`value` itself for an empty path). */
function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): unknown {
  if (!path.length) return value;
  (getAt(root, path.slice(0, -1)) as any)[path.at(-1) as any] = value;
  return root;
}

/** The coerced scalar for an invalid_type issue, or undefined when no safe coercion exists. */
function coerceScalar(value: unknown, expected: string): { value: unknown } | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if ((expected === 'number' || expected === 'int') && /^-?\d+(\.\d+)?$/.test(text)) return { value: Number(text) };
    if (expected === 'boolean' && /^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true' };
  }
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return { value: String(value) };
  if (expected === 'string' && Array.isArray(value) && value.every((item) => typeof item === 'string')) return { value: value.join('\n') };
  return undefined;
}

/** Runs `~standard.validate`; tool schemas must answer synchronously (the reply is parsed in one go). */
function validate(schema: ToolInputSchema, value: unknown, toolName: string): { success: true; data: unknown } | { success: false; issues: Issue[] } {
  const result = schema['~standard'].validate(value) as SchemaResult<unknown> | PromiseLike<unknown>;
  if (typeof (result as PromiseLike<unknown>).then === 'function') {
    throw new TypeError(`The input schema of tool "${toolName}" must validate synchronously.`);
  }
  const { issues } = result as SchemaResult<unknown>;
  if (!issues) return { success: true, data: (result as { value: unknown }).value };
  return { success: false, issues: issues.map((issue) => ({ ...issue, path: (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)) })) };
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(the input itself)';
}

/** A one-line summary of issues: `field "index": Invalid input: expected number, received string`. */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .slice(0, 4)
    .map((issue) => `field "${fieldName(issue.path)}": ${issue.message}`)
    .join('; ');
}

/**
 * Parses `value` with `schema`, coercing mistyped scalars first (case 10). Returns the parsed data
 * or throws an `invalid_tool_args` LLMError naming the tool and field and listing `available`.
 */
export function validateArgs(schema: ToolInputSchema, value: unknown, toolName: string, available: readonly string[], log: RepairLog): unknown {
  let current = value;
  let result = validate(schema, current, toolName);
  for (let round = 0; !result.success && round < 3; round++) {
    let changed = false;
    for (const issue of result.issues) {
      if (issue.code !== 'invalid_type' || issue.expected === undefined) continue;
      const found = getAt(current, issue.path);
      const coerced = coerceScalar(found, issue.expected);
      if (!coerced) continue;
      if (!changed) current = structuredClone(current);
      current = setAt(current, issue.path, coerced.value);
      changed = true;
      log.add(10, `tool "${toolName}" field "${fieldName(issue.path)}": ${JSON.stringify(found)} coerced to ${issue.expected}`);
    }
    if (!changed) break;
    result = validate(schema, current, toolName);
  }
  if (result.success) return result.data;
  const summary = describeIssues(result.issues);
  throw new LLMError('invalid_tool_args', `Invalid input for tool "${toolName}": ${summary}. Available tools: ${available.join(', ')}.`, {
    rawError: { issues: result.issues },
    note: `Your previous call of tool "${toolName}" was invalid: ${summary}. Fix the arguments and call it again (available tools: ${available.join(', ')}).`,
  });
}
