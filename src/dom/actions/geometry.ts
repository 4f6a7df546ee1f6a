// Geometry for actions: frame offsets in top-window coordinates, scrolling a target into view,
// waiting for a stable box and picking the point a person would click (the composed tree is
// perception's, extract/composed-tree.ts). Reads layout only; dispatches nothing.
import { isConnected, nextFrame, rectOf, rectsOf, scrollIntoView, styleOf } from '../platform.js';
import { composedParent, frameInset } from '../extract/composed-tree.js';
import { encloses } from '../extract/rect.js';

/** A point in some window's viewport coordinates. */
export interface Point {
  x: number;
  y: number;
}

/** The `<iframe>` that holds a document, when the document is a same-origin frame. */
function frameElementOf(doc: Document): Element | null {
  return composedParent(doc) as Element | null;
}

/**
 * Offset of a document's viewport origin inside the top window's viewport (0,0 for the top document),
 * and that top document: the outermost same-origin one that holds `doc` through frames.
 */
export function frameOffset(doc: Document): Point & { top: Document } {
  let x = 0;
  let y = 0;
  let top = doc;
  for (let frame = frameElementOf(doc); frame; frame = frameElementOf((top = frame.ownerDocument))) {
    const rect = rectOf(frame);
    const inset = frameInset(frame);
    x += rect.left + inset.x;
    y += rect.top + inset.y;
  }
  return { x, y, top };
}

/** Converts a point in `doc`'s viewport to top-window coordinates (`sign` 1), or back (`sign` -1). */
export function toTopPoint(doc: Document, point: Point, sign = 1): Point {
  const offset = frameOffset(doc);
  return { x: point.x + sign * offset.x, y: point.y + sign * offset.y };
}

function viewportOf(doc: Document): { width: number; height: number } {
  const view = doc.defaultView;
  return { width: view?.innerWidth ?? doc.documentElement.clientWidth, height: view?.innerHeight ?? doc.documentElement.clientHeight };
}

/** Whether an element has at least one box with area. */
export function hasBox(element: Element): boolean {
  for (const rect of Array.from(rectsOf(element))) if (rect.width > 0 && rect.height > 0) return true;
  return false;
}

/**
 * The point a person would click: the centre of the part of the element's first visible box that
 * lies in its window's viewport, or null when no box is on screen.
 */
export function clickPoint(element: Element): Point | null {
  const { width, height } = viewportOf(element.ownerDocument);
  for (const rect of Array.from(rectsOf(element))) {
    if (rect.width <= 0 || rect.height <= 0) continue;
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, width);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, height);
    if (right - left < 1 || bottom - top < 1) continue;
    return { x: Math.round((left + right) / 2), y: Math.round((top + bottom) / 2) };
  }
  return null;
}

function isClipping(element: Element): boolean {
  if (element.scrollHeight <= element.clientHeight && element.scrollWidth <= element.clientWidth) return false;
  const style = styleOf(element);
  return style.overflowX !== 'visible' || style.overflowY !== 'visible';
}

/** Whether the element's box lies fully inside every clipping ancestor and the top viewport. */
export function isInView(element: Element): boolean {
  const rect = rectOf(element);
  if (rect.width === 0 && rect.height === 0) return false;
  const doc = element.ownerDocument;
  const offset = frameOffset(doc);
  const { width: topWidth, height: topHeight } = viewportOf(offset.top);
  const { width, height } = viewportOf(doc);
  if (!encloses({ left: 0, top: 0, right: width, bottom: height }, rect)) return false;
  if (!encloses({ left: -offset.x, top: -offset.y, right: topWidth - offset.x, bottom: topHeight - offset.y }, rect)) return false;
  for (let n = composedParent(element); n; n = composedParent(n)) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el.ownerDocument !== doc) break;
    if (el === doc.documentElement || el === doc.body) continue;
    if (!isClipping(el)) continue;
    if (!encloses(rectOf(el), rect)) return false;
  }
  return true;
}

/**
 * Scrolls the element into the middle of every scroll container, its frame and the top viewport when
 * it is not fully in view already.
 */
export function scrollIntoViewIfNeeded(element: Element): void {
  if (isInView(element)) return;
  // 'instant' overrides `scroll-behavior: smooth`, so the box is final when this returns.
  scrollIntoView(element, { block: 'center', inline: 'center', behavior: 'instant' });
  for (let frame = frameElementOf(element.ownerDocument); frame; frame = frameElementOf(frame.ownerDocument)) {
    if (!isInView(frame)) scrollIntoView(frame, { block: 'nearest', inline: 'nearest', behavior: 'instant' });
  }
}

function sameRect(a: DOMRect, b: DOMRect): boolean {
  return (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) < 0.5);
}

/**
 * Waits until the element's box is the same in two consecutive frames (animations, transitions,
 * layout shifts), up to 20 frames; returns false when the element left the page meanwhile.
 */
export async function waitForStableBox(element: Element): Promise<boolean> {
  let previous = rectOf(element);
  for (let i = 0; i < 20; i++) {
    await nextFrame();
    if (!isConnected(element)) return false;
    const rect = rectOf(element);
    if (sameRect(rect, previous)) return true;
    previous = rect;
  }
  return true;
}
