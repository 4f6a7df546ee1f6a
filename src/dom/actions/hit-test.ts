// Hit-testing a click point the way the browser would route a real pointer: top document first, then
// into open shadow roots and same-origin frames. The agent's own overlay and panel (and anything marked
// data-page-agent-ignore) are looked through, so the mask never intercepts the agent's own hit tests.
import type { DomContext } from '../context.js';
import type { ElementRef } from '../types.js';
import { getClosedShadowRoot } from '../extract/listener-tracker.js';
import { closest, elementsFromPoint, rectOf, styleOf } from '../platform.js';
import { composedParent, isComposedInclusiveAncestor, type Point } from './geometry.js';

/** What a real pointer at the point would reach, relative to the intended target. */
export type HitResult =
  | { ok: true; hit: Element }
  | { ok: false; hit: Element | null; cover: Element | null };

function resolveRef(ref: ElementRef): Element | null {
  try {
    return typeof ref === 'function' ? (ref() ?? null) : ref;
  } catch {
    return null;
  }
}

/** Whether an element belongs to the agent (overlay, configured panel hosts) or is marked ignored. */
export function isAgentElement(ctx: DomContext, element: Element): boolean {
  if (ctx.overlay.contains(element)) return true;
  for (const ref of ctx.config.ignoreElements ?? []) {
    const own = resolveRef(ref);
    if (own && isComposedInclusiveAncestor(own, element)) return true;
  }
  return closest(element, '[data-page-agent-ignore]') !== null;
}

function firstPageElement(ctx: DomContext, root: Document | ShadowRoot, point: Point): Element | null {
  for (const element of elementsFromPoint(root, point.x, point.y)) if (!isAgentElement(ctx, element)) return element;
  return null;
}

function frameDocument(element: Element): Document | null {
  if (element.localName !== 'iframe' && element.localName !== 'frame') return null;
  try {
    return (element as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** The deepest page element a real pointer at `topPoint` (top-window coordinates) would hit. */
export function elementAtPoint(ctx: DomContext, topPoint: Point): Element | null {
  let root: Document | ShadowRoot = ctx.window.document;
  let point = topPoint;
  let hit: Element | null = null;
  for (let depth = 0; depth < 32; depth++) {
    const found = firstPageElement(ctx, root, point);
    if (!found || found === hit) break;
    hit = found;
    // Closed shadow roots are reachable when the early-load tracker saw them attached.
    const shadow = found.shadowRoot ?? getClosedShadowRoot(found) ?? null;
    if (shadow && shadow !== root) {
      root = shadow;
      continue;
    }
    const inner = frameDocument(found);
    if (!inner) break;
    const rect = rectOf(found);
    const style = styleOf(found);
    point = {
      x: point.x - rect.left - found.clientLeft - (parseFloat(style.paddingLeft) || 0),
      y: point.y - rect.top - found.clientTop - (parseFloat(style.paddingTop) || 0),
    };
    root = inner;
  }
  return hit;
}

function labelledControl(element: Element): Element | null {
  const label = closest(element, 'label') as HTMLLabelElement | null;
  return label?.control ?? null;
}

/**
 * The outermost ancestor of `hit` that does not contain `target`: the cookie banner rather than the
 * paragraph inside it, which is what the model needs to recognise and dismiss.
 */
export function coverRoot(hit: Element, target: Element): Element {
  let cover = hit;
  for (let n = composedParent(hit); n && n.nodeType === 1; n = composedParent(n)) {
    const el = n as Element;
    if (isComposedInclusiveAncestor(el, target)) break;
    if (el === el.ownerDocument.body || el === el.ownerDocument.documentElement) break;
    cover = el;
  }
  return cover;
}

/**
 * Hit-tests `topPoint` for `target`: fine when the pointer reaches the target, something inside it,
 * an ancestor (the target itself ignores the pointer), or a label of it; otherwise names the cover.
 */
export function hitTest(ctx: DomContext, target: Element, topPoint: Point): HitResult {
  const hit = elementAtPoint(ctx, topPoint);
  if (!hit) return { ok: false, hit: null, cover: null };
  if (isComposedInclusiveAncestor(target, hit) || isComposedInclusiveAncestor(hit, target)) return { ok: true, hit };
  if (labelledControl(hit) === target) return { ok: true, hit };
  return { ok: false, hit, cover: coverRoot(hit, target) };
}
