// Hit-testing for perception: the deepest page element at a top-window point (through open and
// tracked closed shadow roots and same-origin frames, looking through the agent's own UI), and which
// listed elements something else covers. Reads layout only.
import { append, SafeMap, SafeSet } from '../intrinsics.js';
import { composedContains, composedParent, frameDocument, frameInset, isAgentElement, shadowRootOf } from './composed-tree.js';
import {
  documentBody, documentElement, documentElementFromPoint, elementsFromPoint, getBoundingClientRect, getPropertyValue, labelControl, localName, nodeType,
  nextSibling, ownerDocument, parentNode, rectLeft, rectTop, shadowElementFromPoint, styleOf,
} from '../platform.js';
import { encloses, intersection, intersects, type Rect } from './rect.js';
import { parseColor } from './hidden-text.js';

function pageElementAt(root: Document | ShadowRoot, x: number, y: number, ignore: SafeSet<Element>): Element | null {
  const first = nodeType(root) === 9 ? documentElementFromPoint(root as Document, x, y) : shadowElementFromPoint(root as ShadowRoot, x, y);
  if (!first || !isAgentElement(first, ignore)) return first;
  // The agent's own UI (the mask) is on top: look through it, in a shadow root as in the document.
  const all = elementsFromPoint(root, x, y);
  for (let i = 0; i < all.length; i++) if (!isAgentElement(all[i]!, ignore)) return all[i]!;
  return null;
}

/** The deepest page element at a point of `doc`'s viewport, crossing shadow roots and same-origin frames. */
export function deepElementFromPoint(doc: Document, x: number, y: number, ignore: SafeSet<Element>): Element | null {
  let root: Document | ShadowRoot = doc;
  let hit: Element | null = null;
  for (let depth = 0; depth < 24; depth++) {
    const found = pageElementAt(root, x, y, ignore);
    if (!found || found === hit) break;
    hit = found;
    const shadow = shadowRootOf(found);
    if (shadow && shadow !== root) {
      root = shadow;
      continue;
    }
    const tag = localName(found);
    if (tag !== 'iframe' && tag !== 'frame') break;
    const inner = frameDocument(found);
    if (!inner) break;
    const box = getBoundingClientRect(found);
    const inset = frameInset(found);
    x -= rectLeft(box) + inset.x;
    y -= rectTop(box) + inset.y;
    root = inner;
  }
  return hit;
}

/** The outermost ancestor of `hit` that does not contain `target`: the banner, not the paragraph inside it. */
export function coverRoot(hit: Element, target: Element): Element {
  let cover = hit;
  for (let n = composedParent(hit); n && nodeType(n) === 1; n = composedParent(n)) {
    const element = n as Element;
    if (composedContains(element, target)) break;
    const doc = ownerDocument(element);
    if (!doc || element === documentBody(doc) || element === documentElement(doc)) break;
    cover = element;
  }
  return cover;
}

/** An element to check and its box in top-window coordinates. */
export interface HitTarget {
  element: Element;
  rect: Rect;
}

/** Covered targets, and what covers them with how many targets each. */
export interface CoverReport {
  covered: SafeSet<Element>;
  covers: Array<{ cover: Element; count: number }>;
}

/**
 * Whether the cover from `hit` up to `cover` hides what is under it: a box with an opaque background
 * colour on the way, and no translucency. Images, gradients and pseudo-elements are not judged (a
 * stretched link's transparent ::after covers a card without hiding it).
 */
function opaque(hit: Element, cover: Element): boolean {
  let solid = false;
  for (let n: Node | null = hit; n && nodeType(n) === 1; n = composedParent(n)) {
    const style = styleOf(n as Element);
    if (getPropertyValue(style, 'opacity') !== '1') return false;
    solid ||= parseColor(getPropertyValue(style, 'background-color'))?.[3] === 1;
    if (n === cover) break;
  }
  return solid;
}

/** Whether neither of two elements contains the other (across shadow roots and frames). */
const unrelated = (a: Element, b: Element): boolean => !composedContains(a, b) && !composedContains(b, a);

/** Whether a painter other than the target, its ancestors and its descendants overlaps `box`. */
function mayBeCovered(element: Element, box: Rect, painters: readonly HitTarget[]): boolean {
  for (let i = 0; i < painters.length; i++) if (intersects(painters[i]!.rect, box) && unrelated(painters[i]!.element, element)) return true;
  return false;
}

/**
 * What covers `target` (the cover's outermost box, as coverRoot), or null: up to three points of its
 * visible part (in `viewport`) are hit-tested, and it is covered when none of them reaches it,
 * something inside it, or one of its ancestors. Only a target a painter overlaps is tested: in normal
 * flow nothing paints over another box, and on a page of 200,000 elements each hit test costs
 * milliseconds. `opaqueOnly`: and what covers it hides it (text under a transparent overlay can still
 * be read).
 */
export function coverOf(doc: Document, target: HitTarget, painters: readonly HitTarget[], viewport: Rect, ignore: SafeSet<Element>, opaqueOnly?: boolean): Element | null {
  const element = target.element;
  const box = intersection(target.rect, viewport);
  const { left, top, right, bottom } = box;
  if (right - left < 1 || bottom - top < 1 || !mayBeCovered(element, box, painters)) return null;
  const points = [
    [(left + right) / 2, (top + bottom) / 2],
    [left + (right - left) / 4, top + (bottom - top) / 4],
    [right - (right - left) / 4, bottom - (bottom - top) / 4],
  ];
  let cover: Element | null = null;
  for (let p = 0; p < points.length; p++) {
    const hit = deepElementFromPoint(doc, points[p]![0]!, points[p]![1]!, ignore);
    // Nothing at the point (outside every box) says nothing about a cover. A label listed for its
    // hidden control: the control over it takes the click with the same effect.
    if (!hit || !unrelated(element, hit) || (localName(element) === 'label' && labelControl(element) === hit)) return null;
    // The first hit names the cover; with `opaqueOnly`, one that does not hide what is under it ends
    // the test there (where positioned boxes overlap densely, each hit test can take a millisecond).
    if (!cover) {
      cover = coverRoot(hit, element);
      if (opaqueOnly && !opaque(hit, cover)) return null;
    }
  }
  return cover;
}

/** Which targets something covers (see coverOf), and what covers them with how many targets each. */
export function findCovered(doc: Document, targets: readonly HitTarget[], painters: readonly HitTarget[], viewport: Rect, ignore: SafeSet<Element>): CoverReport {
  const covered = new SafeSet<Element>();
  const counts = new SafeMap<Element, number>();
  const covers: Array<{ cover: Element; count: number }> = [];
  for (let i = 0; i < targets.length; i++) {
    const cover = coverOf(doc, targets[i]!, painters, viewport, ignore);
    if (!cover) continue;
    covered.add(targets[i]!.element);
    const count = counts.get(cover);
    if (count === undefined) append(covers, { cover, count: 0 });
    counts.set(cover, (count ?? 0) + 1);
  }
  for (let i = 0; i < covers.length; i++) covers[i]!.count = counts.get(covers[i]!.cover)!;
  return { covered, covers };
}

/** Whether no element from `element` up to (not including) `stop` is stacked out of tree order: z-index auto or 0 (`painter`: not negative). */
function inTreeOrder(element: Element, stop: Node | null, painter: boolean): boolean {
  for (let n: Node | null = element; n && n !== stop; n = composedParent(n)) {
    const z = nodeType(n) === 1 ? getPropertyValue(styleOf(n as Element), 'z-index') : 'auto';
    if (z !== 'auto' && (painter ? z[0] === '-' : z !== '0')) return false;
  }
  return true;
}

/**
 * For text outside the viewport, where no hit test reaches: whether an opaque positioned box drawn
 * later covers all of it. A painter whose box holds the text's, in a branch after the text's under
 * their common parent, with nothing on either side stacked out of tree order, paints over it
 * (CSS 2 painting order); anything less certain keeps the text.
 */
export function coveredByPainter(target: HitTarget, painters: readonly HitTarget[]): boolean {
  const element = target.element;
  const box = target.rect;
  for (let i = 0; i < painters.length; i++) {
    const { element: painter, rect } = painters[i]!;
    if (!encloses(rect, box)) continue;
    if (!unrelated(painter, element) || getPropertyValue(styleOf(painter), 'visibility') !== 'visible') continue;
    const cover = coverRoot(painter, element);
    const common = parentNode(cover);
    let branch: Node = element;
    while (branch && parentNode(branch) !== common) branch = parentNode(branch)!;
    if (!branch || !opaque(painter, cover) || !inTreeOrder(element, common, false) || !inTreeOrder(painter, common, true)) continue;
    for (let n = nextSibling(branch); n; n = nextSibling(n)) if (n === cover) return true;
  }
  return false;
}
