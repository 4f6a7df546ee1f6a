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

const { min, max, floor, round, ceil, abs } = Math;
/** Math functions, captured. */
export const math = objectFreeze({ min, max, floor, round, ceil, abs });

/** `String.prototype.slice`, uncurried. */
export const stringSlice = uncurryThis(String.prototype.slice);
/** `String.prototype.indexOf`, uncurried. */
export const stringIndexOf = uncurryThis(String.prototype.indexOf);
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

const MapCtor = Map;
const mapGet = uncurryThis(Map.prototype.get);
const mapSet = uncurryThis(Map.prototype.set);
const mapHas = uncurryThis(Map.prototype.has);
const mapDelete = uncurryThis(Map.prototype.delete);
const mapClear = uncurryThis(Map.prototype.clear);
const mapSize = uncurryThis(getOwnPropertyDescriptor(Map.prototype, 'size')!.get as (this: Map<unknown, unknown>) => number);
const mapForEach = uncurryThis(Map.prototype.forEach) as (map: Map<unknown, unknown>, fn: (value: unknown, key: unknown) => void) => void;

/** A Map whose methods were captured at load time. */
export class SafeMap<K, V> {
  #map = new MapCtor<K, V>();
  get(key: K): V | undefined {
    return mapGet(this.#map, key) as V | undefined;
  }
  set(key: K, value: V): this {
    mapSet(this.#map, key, value);
    return this;
  }
  has(key: K): boolean {
    return mapHas(this.#map, key);
  }
  delete(key: K): boolean {
    return mapDelete(this.#map, key);
  }
  clear(): void {
    mapClear(this.#map);
  }
  get size(): number {
    return mapSize(this.#map);
  }
  /** Calls `fn` for each entry in insertion order. */
  forEach(fn: (value: V, key: K) => void): void {
    mapForEach(this.#map as Map<unknown, unknown>, fn as (value: unknown, key: unknown) => void);
  }
}

const SetCtor = Set;
const setAdd = uncurryThis(Set.prototype.add);
const setHas = uncurryThis(Set.prototype.has);
const setDelete = uncurryThis(Set.prototype.delete);
const setSize = uncurryThis(getOwnPropertyDescriptor(Set.prototype, 'size')!.get as (this: Set<unknown>) => number);

/** A Set whose methods were captured at load time. */
export class SafeSet<T> {
  #set = new SetCtor<T>();
  add(value: T): this {
    setAdd(this.#set, value);
    return this;
  }
  has(value: T): boolean {
    return setHas(this.#set, value);
  }
  delete(value: T): boolean {
    return setDelete(this.#set, value);
  }
  get size(): number {
    return setSize(this.#set);
  }
}

const WeakMapCtor = WeakMap;
const weakMapGet = uncurryThis(WeakMap.prototype.get);
const weakMapSet = uncurryThis(WeakMap.prototype.set);
const weakMapHas = uncurryThis(WeakMap.prototype.has);
const weakMapDelete = uncurryThis(WeakMap.prototype.delete);

/** A WeakMap whose methods were captured at load time. */
export class SafeWeakMap<K extends object, V> {
  #map = new WeakMapCtor<K, V>();
  get(key: K): V | undefined {
    return weakMapGet(this.#map, key) as V | undefined;
  }
  set(key: K, value: V): this {
    weakMapSet(this.#map, key, value);
    return this;
  }
  has(key: K): boolean {
    return weakMapHas(this.#map, key);
  }
  delete(key: K): boolean {
    return weakMapDelete(this.#map, key);
  }
}

const WeakSetCtor = WeakSet;
const weakSetAdd = uncurryThis(WeakSet.prototype.add);
const weakSetHas = uncurryThis(WeakSet.prototype.has);

/** A WeakSet whose methods were captured at load time. */
export class SafeWeakSet<T extends object> {
  #set = new WeakSetCtor<T>();
  add(value: T): this {
    weakSetAdd(this.#set, value);
    return this;
  }
  has(value: T): boolean {
    return weakSetHas(this.#set, value);
  }
}

const WeakRefCtor = WeakRef;
const weakRefDeref = uncurryThis(WeakRef.prototype.deref);

/** A WeakRef whose `deref` was captured at load time. */
export class SafeWeakRef<T extends object> {
  #ref: WeakRef<T>;
  constructor(target: T) {
    this.#ref = new WeakRefCtor(target);
  }
  deref(): T | undefined {
    return weakRefDeref(this.#ref) as T | undefined;
  }
}

const perf = typeof performance === 'object' && performance ? performance : undefined;
const perfNow = perf ? uncurryThis(perf.now) : undefined;
const dateNow = Date.now;

/** Milliseconds from a monotonic clock captured at load (`performance.now`, or `Date.now`). */
export function now(): number {
  return perfNow ? perfNow(perf!) : dateNow();
}
