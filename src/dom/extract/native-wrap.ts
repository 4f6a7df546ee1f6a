// Replaces a prototype method with a wrapper a page cannot tell from the original: a Proxy keeps its
// name, length and property attributes, and one shared patch of Function.prototype.toString makes
// `String(wrapper)` read `function name() { [native code] }`. Knows nothing of what the wrappers record.
import { defineProperty, getOwnPropertyDescriptor, reflectApply, SafeMap } from '../intrinsics.js';

type AnyFunction = (...args: unknown[]) => unknown;
/** Called instead of the original; `original` must be called for the page to keep working. */
export type WrapHandler = (original: AnyFunction, self: unknown, args: unknown[]) => unknown;

const ProxyCtor = Proxy;
/** wrapper → the function it stands for, for toString. */
const originals = new SafeMap<unknown, AnyFunction>();
let toStringRestore: (() => void) | undefined;
let activeWraps = 0;

function installToString(): void {
  if (toStringRestore) return;
  const proto = Function.prototype;
  const descriptor = getOwnPropertyDescriptor(proto, 'toString');
  const original = descriptor?.value as AnyFunction | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const wrapper = new ProxyCtor(original, {
    apply(target, self, args) {
      const stand = originals.get(self);
      return reflectApply(target, stand ?? self, args);
    },
  });
  originals.set(wrapper, original);
  defineProperty(proto, 'toString', { ...descriptor, value: wrapper });
  toStringRestore = () => {
    if (getOwnPropertyDescriptor(proto, 'toString')?.value === wrapper) defineProperty(proto, 'toString', descriptor);
    originals.delete(wrapper);
  };
}

/**
 * Wraps `proto[name]` so calls go through `handler`; returns a function that restores the original.
 * If the page replaced the method after us, restoring leaves the page's version and turns ours into
 * a plain pass-through.
 */
export function wrapMethod(proto: object, name: string, handler: WrapHandler): () => void {
  const descriptor = getOwnPropertyDescriptor(proto, name);
  const original = descriptor?.value as AnyFunction | undefined;
  if (!descriptor || typeof original !== 'function') return () => {};
  let active = true;
  const wrapper = new ProxyCtor(original, {
    apply(target, self, args) {
      return active ? handler(target, self, args) : reflectApply(target, self, args);
    },
  });
  originals.set(wrapper, original);
  installToString();
  activeWraps++;
  defineProperty(proto, name, { ...descriptor, value: wrapper });
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    active = false;
    if (getOwnPropertyDescriptor(proto, name)?.value === wrapper) defineProperty(proto, name, descriptor);
    // Keep the toString mapping while the page may still hold the wrapper; drop the patch when none is left.
    activeWraps--;
    if (activeWraps === 0 && toStringRestore) {
      toStringRestore();
      toStringRestore = undefined;
    }
  };
}
