// A synthetic mouse that produces the event sequence Chromium produces for a real one: over/enter on
// each newly entered ancestor (outermost first), out/leave on each left one (innermost first), move,
// then down, focus, up, click. It remembers what it hovers per controller. Knows nothing of indexes.
import type { DomContext } from '../context.js';
import { dispatchEvent, isConnected, realmOf } from '../platform.js';
import { focusForPointerDown } from './focus.js';
import { composedParent } from '../extract/composed-tree.js';
import { toTopPoint, type Point } from './geometry.js';
import { moveHoverStyles } from './hover-styles.js';

interface PointerState {
  over: Element | null;
  chain: Node[];
}

const states = new WeakMap<DomContext, PointerState>();

function stateOf(ctx: DomContext): PointerState {
  let state = states.get(ctx);
  if (!state) {
    state = { over: null, chain: [] };
    states.set(ctx, state);
  }
  return state;
}

/** The composed chain from `target` up to and including the top document. */
function chainOf(target: Element): Node[] {
  const chain: Node[] = [];
  for (let n: Node | null = target; n; n = composedParent(n)) {
    // Shadow roots are not event targets of enter/leave; their hosts are.
    if (n.nodeType !== 11) chain.push(n);
  }
  return chain;
}

interface MouseOptions {
  buttons?: number;
  detail?: number;
  relatedTarget?: EventTarget | null;
  bubbles?: boolean;
  cancelable?: boolean;
  composed?: boolean;
}

function fire(node: Node, type: string, top: Point, options: MouseOptions): boolean {
  const realm = realmOf(node);
  const doc = node.nodeType === 9 ? (node as Document) : node.ownerDocument!;
  const local = toTopPoint(doc, top, -1);
  const view = realm.window;
  const init: PointerEventInit = {
    bubbles: true,
    cancelable: true,
    composed: true,
    detail: 0,
    buttons: 0,
    relatedTarget: null,
    ...options,
    view,
    clientX: local.x,
    clientY: local.y,
    screenX: local.x + (view.screenX || 0),
    screenY: local.y + (view.screenY || 0),
    button: 0,
  };
  const isPointer = type.startsWith('pointer') || type === 'click';
  const event = isPointer
    ? new realm.PointerEvent(type, {
        ...init,
        pointerId: 1,
        pointerType: 'mouse',
        isPrimary: true,
        width: 1,
        height: 1,
        pressure: (options.buttons ?? 0) > 0 ? 0.5 : 0,
      })
    : new realm.MouseEvent(type, init);
  return dispatchEvent(node, event);
}

const BOUNDARY = { bubbles: false, cancelable: false, composed: false };

/**
 * Moves the pointer onto `target` at `top` (top-window coordinates): out/leave for what it leaves,
 * over/enter for what it enters, then pointermove and mousemove.
 */
export function movePointer(ctx: DomContext, target: Element, top: Point): void {
  const state = stateOf(ctx);
  // What it hovered in a page a frame has since left is gone with that page (its document has no window).
  const live = (node: Node) => isConnected(node) && !!(node.ownerDocument ?? (node as Document)).defaultView;
  const previous = state.over && live(state.over) ? state.over : null;
  if (previous !== target) {
    const oldChain = state.chain.filter(live);
    const newChain = chainOf(target);
    const entering = new Set(newChain);
    const leaving = new Set(oldChain);
    const left = oldChain.filter((n) => !entering.has(n));
    const entered = newChain.filter((n) => !leaving.has(n)).reverse();
    // All pointer boundary events first, then the compatibility mouse ones.
    for (const kind of ['pointer', 'mouse']) {
      if (previous) fire(previous, `${kind}out`, top, { relatedTarget: target });
      for (const n of left) fire(n, `${kind}leave`, top, { ...BOUNDARY, relatedTarget: target });
      fire(target, `${kind}over`, top, { relatedTarget: previous });
      for (const n of entered) fire(n, `${kind}enter`, top, { ...BOUNDARY, relatedTarget: previous });
    }
    state.over = target;
    state.chain = newChain;
    moveHoverStyles(ctx, target);
  }
  for (const kind of ['pointer', 'mouse']) fire(target, `${kind}move`, top, {});
}

/**
 * Presses and releases the primary button on `target` (the pointer must already be over it):
 * pointerdown, mousedown, the focus change a mousedown causes, pointerup, mouseup, click. Returns
 * false when the target left the page before the click.
 */
export function pressAndRelease(target: Element, top: Point): boolean {
  const pointerDownAllowed = fire(target, 'pointerdown', top, { buttons: 1 });
  // A cancelled pointerdown suppresses the compatibility mouse events, not the click (Pointer Events §11).
  let focusAllowed = true;
  if (pointerDownAllowed) focusAllowed = fire(target, 'mousedown', top, { buttons: 1, detail: 1 });
  if (focusAllowed && isConnected(target)) focusForPointerDown(target);
  if (!isConnected(target)) return false;
  fire(target, 'pointerup', top, {});
  if (pointerDownAllowed) fire(target, 'mouseup', top, { detail: 1 });
  if (!isConnected(target)) return false;
  fire(target, 'click', top, { detail: 1 });
  return true;
}
