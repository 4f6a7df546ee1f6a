// The composed tree for perception and actions: parents across slots, shadow roots and same-origin
// frames, containment, frame documents and insets, and which elements belong to the agent or to the
// configured element lists. Reads the tree and a little style; no hit-testing (find-covered.ts).
import { parseNumber, SafeSet } from '../intrinsics.js';
import {
  assignedSlot, clientLeft, clientTop, defaultView, elementShadowRoot, getPropertyValue, hasAttribute, iframeContentDocument, nodeType, parentNode, shadowHost, styleOf,
} from '../platform.js';
import { getClosedShadowRoot } from './listener-tracker.js';
import type { ElementRef } from '../types.js';

/**
 * The parent in the composed tree: the assigned slot (open shadow roots), the parent node, the shadow
 * host of a shadow root, or the frame element of a same-origin frame's document.
 */
export function composedParent(node: Node): Node | null {
  const type = nodeType(node);
  try {
    if (type === 11) return shadowHost(node);
    if (type === 9) {
      const view = defaultView(node as Document);
      return view && (view.frameElement as Element | null);
    }
  } catch {
    // A plain fragment has no host; a cross-origin parent hides its frame element.
    return null;
  }
  return (type === 1 && assignedSlot(node as Element)) || parentNode(node);
}

/** Whether `ancestor` is `node` or one of its composed ancestors (crossing slots, shadow roots and frames). */
export function composedContains(ancestor: Node, node: Node): boolean {
  for (let n: Node | null = node; n; n = composedParent(n)) if (n === ancestor) return true;
  return false;
}

/** Whether the element itself is one of `ignore` or marked `data-page-agent-ignore`. */
export function isIgnored(element: Element, ignore: SafeSet<Element>): boolean {
  return ignore.has(element) || hasAttribute(element, 'data-page-agent-ignore');
}

/** Whether an element belongs to the agent: marked `data-page-agent-ignore` or inside one of `ignore`. */
export function isAgentElement(element: Element, ignore: SafeSet<Element>): boolean {
  for (let n: Node | null = element; n; n = composedParent(n)) if (nodeType(n) === 1 && isIgnored(n as Element, ignore)) return true;
  return false;
}

/** The elements of `refs` (elements or functions returning one); a throwing or empty ref is skipped. */
export function resolveRefs(refs: readonly ElementRef[] | undefined): SafeSet<Element> {
  const set = new SafeSet<Element>();
  if (!refs) return set;
  for (let i = 0; i < refs.length; i++) {
    try {
      const ref = refs[i]!;
      const element = typeof ref === 'function' ? ref() : ref;
      if (element && typeof element === 'object') set.add(element);
    } catch {
      // A throwing getter only loses that one entry.
    }
  }
  return set;
}

/** How far a frame's viewport starts inside the frame element's box: its left/top border and padding. */
export function frameInset(frame: Element, style: CSSStyleDeclaration = styleOf(frame)): { x: number; y: number } {
  return {
    x: clientLeft(frame) + (parseNumber(getPropertyValue(style, 'padding-left')) || 0),
    y: clientTop(frame) + (parseNumber(getPropertyValue(style, 'padding-top')) || 0),
  };
}

/** The document of a same-origin frame element; null for another origin (or before it has one). */
export function frameDocument(frame: Element): Document | null {
  try {
    return iframeContentDocument(frame);
  } catch {
    return null;
  }
}

/** The shadow root of a host: open, or closed and seen by the listener tracker. */
export function shadowRootOf(host: Element): ShadowRoot | undefined {
  return elementShadowRoot(host) ?? getClosedShadowRoot(host);
}
