// How an option's value is checked: small predicates with the words an error completes
// ("`name` must be …"), and how a bad value is shown without leaking a secret.

/** A check of one option's value; `expect` completes "`name` must be …". */
export interface Check {
  /** The whole value; for a record option, whether it is a plain object. */
  isValid: (value: unknown) => boolean;
  expect: string;
  /** For a record option (`name.key`), whether one entry is valid. */
  isEntry?: (entry: unknown) => boolean;
  /** Completes "`name.key` must be …" for the entries of a record option. */
  expectEntry?: string;
  /** Reads the value from attribute text (a script tag's `data-*`); text is used as is without it. */
  fromText?: (text: string) => unknown;
}

/** A switch written as text: anything but false, 0, no and off (any case) is on. */
export function parseFlag(text: string | null | undefined): boolean | undefined {
  if (text === null || text === undefined) return undefined;
  return !/^(false|0|no|off)$/i.test(text.trim());
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** A plain object (a literal or `Object.create(null)`): not an array, Map or class instance. */
export function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== 'object' || !value || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return typeof proto === 'object' && proto !== null && !Array.isArray(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}

/** Any string. */
export const STRING: Check = { isValid: (value) => typeof value === 'string', expect: 'a string' };
/** Any function. */
export const FUNCTION: Check = { isValid: (value) => typeof value === 'function', expect: 'a function' };
/** true or false. */
export const BOOLEAN: Check = { isValid: (value) => typeof value === 'boolean', expect: 'a boolean', fromText: parseFlag };

/** A string, described to people as `expect`. */
export function text(expect: string): Check {
  return { ...STRING, expect };
}

/** A safe integer of at least `min`. */
export function integer(min: number): Check {
  return { isValid: (value) => isInt(value) && value >= min, expect: `an integer ≥ ${min}`, fromText: Number };
}

/** A finite number above `min` (`exclusive`) or at least `min`, described as `noun` ("a number of seconds"). */
export function number(min: number, exclusive = false, noun = 'a number'): Check {
  return { isValid: (value) => isNumber(value) && (exclusive ? value > min : value >= min), expect: `${noun} ${exclusive ? '>' : '≥'} ${min}`, fromText: Number };
}

/** An opacity: a finite number from 0 to 1, both included. */
export const OPACITY: Check = { isValid: (value) => isNumber(value) && value >= 0 && value <= 1, expect: 'a number from 0 to 1', fromText: Number };

/** One of the given strings, or (with `orFunction`) a function. */
export function oneOf(values: readonly string[], orFunction = false): Check {
  const quoted = values.map((value) => `'${value}'`);
  const words = orFunction ? [...quoted, 'a function'] : quoted;
  return {
    isValid: (value) => (values as readonly unknown[]).includes(value) || (orFunction && typeof value === 'function'),
    expect: `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`,
  };
}

/** Whether `value` is an http(s) origin (a path, query or fragment is not accepted). */
function isOrigin(value: unknown): boolean {
  try {
    const url = new URL(value as string);
    return /^https?:$/.test(url.protocol) && (value as string).replace(/\/$/, '') === url.origin;
  } catch {
    return false;
  }
}

/** A list of http(s) origins; a script tag's attribute separates them by commas or spaces. */
export const ORIGINS: Check = {
  isValid: (value) => Array.isArray(value) && value.every(isOrigin),
  expect: 'a list of origins like "https://shop.example"',
  fromText: (text) => text.match(/[^\s,]+/g) ?? [],
};

/** A plain object whose entries each pass `isEntry`. */
export function record(expect: string, isEntry: (entry: unknown) => boolean, expectEntry?: string): Check {
  return { isValid: isPlainObject, isEntry, expect, expectEntry };
}

/** The first own enumerable key of a record whose entry is not valid (a symbol key never is). */
export function badEntryKey(value: Record<PropertyKey, unknown>, isEntry: (entry: unknown) => boolean): PropertyKey | undefined {
  return Reflect.ownKeys(value).find(
    (key) => key !== '__proto__' && Object.prototype.propertyIsEnumerable.call(value, key) && (typeof key !== 'string' || !isEntry(value[key])),
  );
}

/** A value as an error message shows it; a secret option's value shows only its type. */
export function shown(value: unknown, secret?: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (secret) return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}, not shown`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
