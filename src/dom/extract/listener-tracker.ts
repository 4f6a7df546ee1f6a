// Early-load trackers: records which elements get pointer and key listeners through
// `addEventListener` and keeps every shadow root `attachShadow` creates (closed ones included), so
// perception can index a div whose only sign of interactivity is a listener and read closed shadow
// trees. Only works for what happens after installation: the IIFE entry installs it synchronously.
import { append, getOwnPropertyDescriptor, reflectApply, SafeWeakMap, stringSet } from '../intrinsics.js';
import { wrapMethod } from './native-wrap.js';

/** Listener types recorded; interaction signals and the actions' key-by-key typing read them. */
const TRACKED = stringSet([
  'click', 'dblclick', 'auxclick', 'contextmenu', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend',
  'keydown', 'keyup', 'keypress', 'input', 'beforeinput', 'change',
]);

interface Registration {
  type: string;
  listener: unknown;
  capture: boolean;
}

let registrations = new SafeWeakMap<object, Registration[]>();
let shadowRoots = new SafeWeakMap<Element, ShadowRoot>();
let restorers: Array<() => void> = [];
const installed = new SafeWeakMap<object, true>();
const abortedGetter = typeof AbortSignal === 'function' ? getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get : undefined;
const nativeAdd = typeof EventTarget === 'function' ? EventTarget.prototype.addEventListener : undefined;

function captureOf(options: unknown): boolean {
  if (typeof options === 'boolean') return options;
  if (options && typeof options === 'object') return !!(options as { capture?: unknown }).capture;
  return false;
}

function find(list: Registration[], type: string, listener: unknown, capture: boolean): number {
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    if (entry.type === type && entry.listener === listener && entry.capture === capture) return i;
  }
  return -1;
}

function forget(target: object, type: string, listener: unknown, capture: boolean): void {
  const list = registrations.get(target);
  if (!list) return;
  const at = find(list, type, listener, capture);
  if (at < 0) return;
  for (let i = at; i < list.length - 1; i++) list[i] = list[i + 1]!;
  list.length--;
}

function record(target: unknown, type: unknown, listener: unknown, options: unknown): void {
  if (typeof type !== 'string' || !TRACKED[type] || listener == null || target == null || typeof target !== 'object') return;
  const capture = captureOf(options);
  let list = registrations.get(target);
  if (!list) registrations.set(target, (list = []));
  if (find(list, type, listener, capture) >= 0) return;
  const signal = options && typeof options === 'object' ? (options as { signal?: unknown }).signal : undefined;
  if (signal && typeof signal === 'object' && abortedGetter && nativeAdd) {
    // The browser drops the listener when the signal aborts; so do we.
    if (reflectApply(abortedGetter, signal, [])) return;
    reflectApply(nativeAdd, signal, ['abort', () => forget(target, type, listener, capture), { once: true }]);
  }
  append(list, { type, listener, capture });
}

/**
 * Starts tracking listeners and shadow roots in `win` (default: the current window). Idempotent;
 * safe to call before `document.body` exists. Nothing is visible to the page: wrapped methods keep
 * their name, length and native `toString`.
 */
export function installListenerTracker(win: Window = globalThis.window): void {
  if (!win || installed.has(win)) return;
  const realm = win as Window & typeof globalThis;
  const targetProto = realm.EventTarget?.prototype;
  const elementProto = realm.Element?.prototype;
  if (!targetProto || !elementProto) return;
  installed.set(win, true);
  append(
    restorers,
    wrapMethod(targetProto, 'addEventListener', (original, self, args) => {
      const result = reflectApply(original, self, args);
      try {
        record(self, args[0], args[1], args[2]);
      } catch {
        // A hostile options object must not make the page's own call fail.
      }
      return result;
    }),
  );
  append(
    restorers,
    wrapMethod(targetProto, 'removeEventListener', (original, self, args) => {
      const result = reflectApply(original, self, args);
      try {
        if (self && typeof self === 'object' && typeof args[0] === 'string') forget(self, args[0], args[1], captureOf(args[2]));
      } catch {
        // As above.
      }
      return result;
    }),
  );
  append(
    restorers,
    wrapMethod(elementProto, 'attachShadow', (original, self, args) => {
      const root = reflectApply(original, self, args) as ShadowRoot;
      shadowRoots.set(self as Element, root);
      return root;
    }),
  );
  append(restorers, () => installed.delete(win));
}

/** Restores every wrapped method and forgets what was recorded. */
export function uninstallListenerTracker(): void {
  const list = restorers;
  restorers = [];
  for (let i = 0; i < list.length; i++) list[i]!();
  registrations = new SafeWeakMap();
  shadowRoots = new SafeWeakMap();
}

/** Whether the tracker saw a listener of `type` (or of any tracked type) added to `target` and not removed. */
export function hasTrackedListener(target: EventTarget, type?: string): boolean {
  const list = registrations.get(target);
  if (!list || !list.length) return false;
  if (type === undefined) return true;
  for (let i = 0; i < list.length; i++) if (list[i]!.type === type) return true;
  return false;
}

/** How many distinct tracked listener types `target` has; frameworks that delegate from a root register nearly all of them. */
export function trackedListenerTypeCount(target: EventTarget): number {
  const list = registrations.get(target);
  if (!list) return 0;
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = list[j]!.type === list[i]!.type;
    if (!seen) count++;
  }
  return count;
}

/** The shadow root `attachShadow` gave `host` since the tracker was installed, including a closed one. */
export function getClosedShadowRoot(host: Element): ShadowRoot | undefined {
  return shadowRoots.get(host);
}

/** Whether the tracker is installed in `win` (default: the current window). */
export function isListenerTrackerInstalled(win: Window = globalThis.window): boolean {
  return !!win && installed.has(win);
}
