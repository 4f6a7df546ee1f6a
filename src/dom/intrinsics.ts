// JavaScript builtins captured when the bundle loads, so that a page which later patches
// Array.prototype, String.prototype, Map, Set, WeakMap, Math or Function.prototype.call cannot break
// perception or the index registry. Pure: no DOM. Code that runs in the page uses index loops and
// these helpers instead of prototype methods, iterators and spreads.
// The uncurrying idea follows Node.js "primordials" (lib/internal/per_context/primordials.js).

const { bind, call } = Function.prototype;

/** Turns a method into a plain function taking its `this` as the first argument. */
export const uncurryThis: <T, A extends unknown[], R>(fn: (this: T, ...args: A) => R) => (self: T, ...args: A) => R = bind.bind(call) as never;

/** `Reflect.apply`, captured. */
export const reflectApply = Reflect.apply;
/** `Number.parseFloat`, captured. */
export const parseNumber = Number.parseFloat;
/** `Object.keys`, captured. */
export const objectKeys = Object.keys;
/** `Object.getOwnPropertySymbols`, captured. */
export const ownSymbols = Object.getOwnPropertySymbols;
/** `Symbol.prototype.description`, uncurried. */
export const symbolDescription = uncurryThis(Object.getOwnPropertyDescriptor(Symbol.prototype, 'description')!.get as (this: symbol) => string | undefined);
/** `Object.create`, captured. */
export const objectCreate = Object.create;
/** `Object.freeze`, captured. */
export const objectFreeze = Object.freeze;
/** `Object.getOwnPropertyDescriptor`, captured. */
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
/** `Object.defineProperty`, captured. */
export const defineProperty = Object.defineProperty;

const { min, max, round, abs } = Math;
/** Math functions, captured. */
export const math = objectFreeze({ min, max, round, abs });

/** `String.prototype.slice`, uncurried. */
export const stringSlice = uncurryThis(String.prototype.slice);
/** `String.prototype.indexOf`, uncurried. */
export const stringIndexOf = uncurryThis(String.prototype.indexOf);
/** `String.prototype.lastIndexOf`, uncurried. */
export const stringLastIndexOf = uncurryThis(String.prototype.lastIndexOf);
/** `String.prototype.toLowerCase`, uncurried. */
export const stringToLowerCase = uncurryThis(String.prototype.toLowerCase);
/** `String.prototype.charCodeAt`, uncurried. */
export const stringCharCodeAt = uncurryThis(String.prototype.charCodeAt);
/** `Number.prototype.toFixed`, uncurried. */
export const numberToFixed = uncurryThis(Number.prototype.toFixed);
/** `RegExp.prototype.exec`, uncurried (the builtin reads no patchable property of a plain regex). */
export const regexExec = uncurryThis(RegExp.prototype.exec);

/** Appends to an array without `Array.prototype.push`. */
export function append<T>(array: T[], value: T): void {
  array[array.length] = value;
}

/** Whether a string starts with a prefix, without `String.prototype.startsWith`. */
export function startsWith(text: string, prefix: string): boolean {
  return stringSlice(text, 0, prefix.length) === prefix;
}

/** A set of strings as a prototype-free table: `SET[name] === true`. */
export function stringSet(names: readonly string[]): Readonly<Record<string, true>> {
  const table = objectCreate(null) as Record<string, true>;
  for (let i = 0; i < names.length; i++) table[names[i]!] = true;
  return objectFreeze(table);
}

const reflectConstruct = Reflect.construct;
const getOwnPropertyDescriptors = Object.getOwnPropertyDescriptors;

/**
 * A constructor of genuine `Base` instances whose prototype is a frozen, prototype-free copy of
 * `Base.prototype` taken at load: the native methods check the instance, not its prototype, so page
 * patches to `Base.prototype` made later never reach them. Iteration is left out: it would go through
 * the shared %MapIteratorPrototype%.next (and the like), which the page can patch.
 */
function safeCollection(Base: new (arg?: any) => object): new (arg?: any) => any {
  function Safe(arg?: unknown): object {
    return reflectConstruct(Base, [arg], Safe);
  }
  const prototype = objectCreate(null, getOwnPropertyDescriptors(Base.prototype));
  for (const name of [Symbol.iterator, 'entries', 'keys', 'values']) delete prototype[name];
  Safe.prototype = objectFreeze(prototype);
  return Safe as never;
}

/** A Map whose methods were captured at load time. */
export type SafeMap<K, V> = Pick<Map<K, V>, 'get' | 'set' | 'has' | 'delete' | 'clear' | 'size' | 'forEach'>;
export const SafeMap = safeCollection(Map) as new <K, V>() => SafeMap<K, V>;
/** A Set whose methods were captured at load time. */
export type SafeSet<T> = Pick<Set<T>, 'add' | 'has' | 'delete' | 'size'>;
export const SafeSet = safeCollection(Set) as new <T>() => SafeSet<T>;
/** A WeakMap whose methods were captured at load time. */
export type SafeWeakMap<K extends object, V> = Pick<WeakMap<K, V>, 'get' | 'set' | 'has' | 'delete'>;
export const SafeWeakMap = safeCollection(WeakMap) as new <K extends object, V>() => SafeWeakMap<K, V>;
/** A WeakSet whose methods were captured at load time. */
export type SafeWeakSet<T extends object> = Pick<WeakSet<T>, 'add' | 'has'>;
export const SafeWeakSet = safeCollection(WeakSet) as new <T extends object>() => SafeWeakSet<T>;
/** A WeakRef whose `deref` was captured at load time. */
export type SafeWeakRef<T extends object> = Pick<WeakRef<T>, 'deref'>;
export const SafeWeakRef = safeCollection(WeakRef) as new <T extends object>(target: T) => SafeWeakRef<T>;

/** Milliseconds from the monotonic clock: `performance.now`, bound at load (browsers and Node both have it). */
export const now: () => number = performance.now.bind(performance);
