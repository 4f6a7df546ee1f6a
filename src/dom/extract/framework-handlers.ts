// Interaction handlers that UI frameworks keep on DOM nodes, readable without early loading:
// React's props object (`__reactProps$…` since React 17, `__reactEventHandlers$…` in 16), Vue 3's
// event invokers (`_vei`, a string key before 3.4 and `Symbol("_vei")` since), Preact 10's listener
// map (`l`), and the delegated handlers Solid (`$$click`) and Svelte 5 (`__click`) store as element
// properties. Knows nothing of the DOM walk.
import { objectKeys, ownSymbols, startsWith, stringSet, symbolDescription } from '../intrinsics.js';

const REACT_PROPS = ['__reactProps$', '__reactEventHandlers$'];
const REACT_ROOT = '__reactContainer$';
const REACT_HANDLERS = [
  'onClick', 'onClickCapture', 'onDoubleClick', 'onMouseDown', 'onMouseUp', 'onPointerDown', 'onPointerUp', 'onTouchStart', 'onKeyDown', 'onKeyUp',
];
const VUE_HANDLERS = stringSet([
  'onClick', 'onClickCapture', 'onDblclick', 'onMousedown', 'onMouseup', 'onPointerdown', 'onPointerup', 'onTouchstart', 'onKeydown', 'onKeyup',
  'onClickOnce', 'onMousedownOnce', 'onPointerdownOnce',
]);
const DELEGATED = stringSet([
  '$$click', '$$dblclick', '$$mousedown', '$$pointerdown', '$$keydown', '__click', '__dblclick', '__mousedown', '__pointerdown', '__keydown',
]);
const PREACT_HANDLERS = stringSet(['clickfalse', 'clicktrue', 'mousedownfalse', 'pointerdownfalse', 'keydownfalse']);

/** What the framework markers on one element say. */
export interface FrameworkMarks {
  /** A click, pointer or key handler is attached. */
  handler: boolean;
  /** The element is a framework root that delegates every event (React's container). */
  root: boolean;
}

const NONE: FrameworkMarks = { handler: false, root: false };

function hasAny(object: unknown, names: readonly string[]): boolean {
  if (!object || typeof object !== 'object') return false;
  const record = object as Record<string, unknown>;
  for (let i = 0; i < names.length; i++) if (typeof record[names[i]!] === 'function') return true;
  return false;
}

function hasKnownKey(object: unknown, known: Readonly<Record<string, true>>): boolean {
  if (!object || typeof object !== 'object') return false;
  const keys = objectKeys(object);
  const record = object as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) if (known[keys[i]!] && record[keys[i]!]) return true;
  return false;
}

/** Reads the framework markers an element carries as own enumerable properties. */
export function frameworkMarks(element: Element): FrameworkMarks {
  const record = element as unknown as Record<string | symbol, unknown>;
  const symbols = ownSymbols(element);
  for (let i = 0; i < symbols.length; i++) {
    if (symbolDescription(symbols[i]!) === '_vei' && hasKnownKey(record[symbols[i]!], VUE_HANDLERS)) return { handler: true, root: false };
  }
  const keys = objectKeys(element);
  if (!keys.length) return NONE;
  let handler = false;
  let root = false;
  for (let i = 0; i < keys.length && !handler; i++) {
    const key = keys[i]!;
    if (DELEGATED[key]) handler = typeof record[key] === 'function';
    else if (key === '_vei') handler = hasKnownKey(record[key], VUE_HANDLERS);
    else if (key === 'l') handler = hasKnownKey(record[key], PREACT_HANDLERS);
    else if (startsWith(key, REACT_ROOT)) root = true;
    else if (startsWith(key, REACT_PROPS[0]!) || startsWith(key, REACT_PROPS[1]!)) handler = hasAny(record[key], REACT_HANDLERS);
  }
  return handler || root ? { handler, root } : NONE;
}
