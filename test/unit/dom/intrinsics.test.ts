// Captured builtins keep working after the page patches the originals.
import { afterEach, describe, expect, it } from 'vitest';
import { SafeMap, SafeSet, SafeWeakMap, SafeWeakRef, SafeWeakSet, startsWith, stringSet } from '../../../src/dom/intrinsics.js';
import { frameworkMarks } from '../../../src/dom/extract/framework-handlers.js';

const restores: Array<() => void> = [];
function patch(target: object, name: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(target, name)!;
  Object.defineProperty(target, name, { value: () => { throw new Error('patched'); }, configurable: true, writable: true });
  restores.push(() => Object.defineProperty(target, name, descriptor));
}
afterEach(() => {
  while (restores.length) restores.pop()!();
});

describe('safe collections', () => {
  it('work when Map, Set, WeakMap, WeakSet and WeakRef methods are patched', () => {
    const map = new SafeMap<string, number>();
    const set = new SafeSet<string>();
    const weakMap = new SafeWeakMap<object, number>();
    const weakSet = new SafeWeakSet<object>();
    const key = {};
    const ref = new SafeWeakRef(key);
    let seen: unknown[] = [];
    // Patched and restored synchronously: the test runner itself relies on these builtins.
    try {
      for (const name of ['get', 'set', 'has', 'delete']) patch(Map.prototype, name);
      for (const name of ['add', 'has']) patch(Set.prototype, name);
      for (const name of ['get', 'set', 'has']) patch(WeakMap.prototype, name);
      for (const name of ['add', 'has']) patch(WeakSet.prototype, name);
      patch(WeakRef.prototype, 'deref');
      map.set('a', 1);
      set.add('x');
      weakMap.set(key, 2);
      weakSet.add(key);
      seen = [map.get('a'), map.size, set.has('x'), weakMap.get(key), weakSet.has(key), ref.deref()];
    } finally {
      while (restores.length) restores.pop()!();
    }
    expect(seen).toEqual([1, 1, true, 2, true, key]);
  });

  it('cannot be iterated (iteration goes through iterator prototypes the page can patch)', () => {
    const map = new SafeMap<string, number>() as unknown as Record<PropertyKey, unknown>;
    const set = new SafeSet<string>() as unknown as Record<PropertyKey, unknown>;
    for (const collection of [map, set]) {
      for (const name of [Symbol.iterator, 'entries', 'keys', 'values']) expect(collection[name]).toBeUndefined();
      expect(Object.isFrozen(Object.getPrototypeOf(collection))).toBe(true);
    }
  });
});

describe('string helpers and tables', () => {
  it('need no String prototype methods and ignore Object.prototype pollution', () => {
    let seen: unknown[] = [];
    (Object.prototype as Record<string, unknown>).polluted = true;
    try {
      patch(String.prototype, 'startsWith');
      patch(String.prototype, 'slice');
      seen = [startsWith('__reactProps$1', '__reactProps$'), stringSet(['x']).polluted, stringSet(['x']).x];
    } finally {
      while (restores.length) restores.pop()!();
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(seen).toEqual([true, undefined, true]);
  });
});

describe('frameworkMarks', () => {
  it('reads React props, React roots, Vue invokers and delegated handlers', () => {
    const react = Object.assign(document.createElement('div'), { __reactProps$abc: { onClick: () => {}, className: 'x' } });
    const reactPlain = Object.assign(document.createElement('div'), { __reactProps$abc: { className: 'x' } });
    const root = Object.assign(document.createElement('div'), { __reactContainer$abc: {}, onclick: () => {} });
    const vue = document.createElement('div') as unknown as Record<symbol, unknown>;
    vue[Symbol('_vei')] = { onClick: () => {} };
    const vueOld = Object.assign(document.createElement('div'), { _vei: { onMouseenter: () => {} } });
    const solid = Object.assign(document.createElement('div'), { $$click: () => {} });
    expect(frameworkMarks(react)).toEqual({ handler: true, root: false });
    expect(frameworkMarks(reactPlain)).toEqual({ handler: false, root: false });
    expect(frameworkMarks(root)).toEqual({ handler: false, root: true });
    expect(frameworkMarks(vue as unknown as Element)).toEqual({ handler: true, root: false });
    expect(frameworkMarks(vueOld)).toEqual({ handler: false, root: false });
    expect(frameworkMarks(solid)).toEqual({ handler: true, root: false });
  });
});
