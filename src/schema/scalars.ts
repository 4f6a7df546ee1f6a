// Scalar schemas: strings, booleans, and numbers with zod's integer format and inclusive bounds.
// Each `_zod.def` (its checks included) reads as zod/mini's does, so the model gets zod's JSON Schema.
import { invalidType, tooBig, tooSmall } from './issues.js';
import { Schema } from './schema.js';

/** Inclusive bounds of a number schema (JSON Schema `minimum` and `maximum`). */
export interface NumberBounds {
  minimum?: number;
  maximum?: number;
}

/** A check in zod's shape: only its `def` is read, by the JSON Schema converter. */
const check = (def: Record<string, unknown>) => ({ _zod: { def } });

/** A schema of one JSON type that keeps the value as it is. */
function typed<T>(type: string, isValid: (value: unknown) => boolean): Schema<T> {
  return new Schema<T>({ type }, (value, issues) => {
    if (!isValid(value)) issues.push(invalidType(type, value));
    return value;
  });
}

/** A string. */
export function string(): Schema<string> {
  return typed('string', (value) => typeof value === 'string');
}

/** A boolean. */
export function boolean(): Schema<boolean> {
  return typed('boolean', (value) => typeof value === 'boolean');
}

/**
 * A finite number, or a safe integer when `isInt`, within inclusive bounds. Issues come in zod's
 * order: a wrong type (or a fraction for an integer) stops the checks; failed bounds are all listed.
 */
function numeric(isInt: boolean, { minimum, maximum }: NumberBounds): Schema<number> {
  const checks = [];
  if (isInt) checks.push(check({ check: 'number_format', format: 'safeint' }));
  if (minimum !== undefined) checks.push(check({ check: 'greater_than', value: minimum, inclusive: true }));
  if (maximum !== undefined) checks.push(check({ check: 'less_than', value: maximum, inclusive: true }));
  return new Schema<number>({ type: 'number', checks }, (value, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) issues.push(invalidType('number', value));
    else if (isInt && !Number.isInteger(value)) issues.push(invalidType('int', value));
    else {
      if (isInt && !Number.isSafeInteger(value)) {
        issues.push(value > 0 ? tooBig('int', Number.MAX_SAFE_INTEGER) : tooSmall('int', Number.MIN_SAFE_INTEGER));
      }
      if (minimum !== undefined && value < minimum) issues.push(tooSmall('number', minimum));
      if (maximum !== undefined && value > maximum) issues.push(tooBig('number', maximum));
    }
    return value;
  });
}

/** A finite number within optional inclusive bounds. */
export function number(bounds: NumberBounds = {}): Schema<number> {
  return numeric(false, bounds);
}

/** A safe integer (JSON Schema `integer`) within optional inclusive bounds. */
export function int(bounds: NumberBounds = {}): Schema<number> {
  return numeric(true, bounds);
}
