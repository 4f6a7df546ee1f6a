// Decides what one element contributes to the page tree: hidden or not, how it breaks lines, whether
// it is listed (and with which attributes), whether it scrolls or clips, and where its children come
// from (light DOM, a shadow root, a slot's assigned nodes, a same-origin frame). Reads computed style
// once per element and layout only where a signal needs it.
import { append, math, parseNumber, stringCharCodeAt, stringSet, type SafeSet } from '../intrinsics.js';
import type { ElementRegistry } from '../element-registry.js';
import type { ElementNode, Flow } from '../page-tree.js';
import { computeName } from './accessible-name.js';
import { listedInfo } from './element-info.js';
import { presentedControl, presentingLabel } from './hidden-control.js';
import { interactiveReason, isEditingHost } from './interactivity.js';
import { drawsNothing, type Ink } from './hidden-text.js';
import { frameDocument, frameInset, isIgnored, shadowRootOf } from './composed-tree.js';
import { isListenerTrackerInstalled } from './listener-tracker.js';
import { looksLikeButton } from './button-look.js';
import {
  assignedNodes, clientHeight, clientWidth, documentBody, documentElement, getAttribute, getPropertyValue,
  hasAttribute, innerHeight, innerWidth, defaultView, inputType, localName, ownerDocument, scrollHeight, scrollLeft, scrollTop, scrollWidth,
  styleOf,
} from '../platform.js';
import { intersection, intersects, type Rect } from './rect.js';
import { clipText, collapseWhitespace } from '../serialize/text.js';

/** What an element passes down to its children. */
export interface Scope {
  /** Offset of the current frame's viewport in the top viewport. */
  offsetX: number;
  offsetY: number;
  /** Children outside this box are hidden (overflow hidden, frame box). */
  clip: Rect | null;
  /** The nearest scroll container's box: children outside it are reached by scrolling it. */
  scrollport: Rect | null;
  /** The parent's computed cursor: a pointer counts only where it starts. */
  parentCursor: string;
  /** Inside an editing host: descendants are its content, not separate controls. */
  editable: boolean;
  /** Inside a listed element: image alt text becomes part of its label. */
  inListed: boolean;
  /** The previous observation left this subtree out: it was in the page already. */
  known: boolean;
  /** The previous observation cut this element's children: those it did not walk were in the page already. */
  cutKnown: boolean;
  /** Child text nodes are visible (the element's visibility is `visible`; readability is decided at the first text: `ink`). */
  textVisible: boolean;
  /** How the element draws its text and what lies under it, read once its first text node is met (hidden-text.ts). */
  ink: Ink;
  /** Inside a label listed for a hidden checkbox or radio: a pointer cursor or a listener is that control's, not another one. */
  inPresenter: boolean;
}

/** The options the inspection needs from the walk. */
export interface InspectOptions {
  ignore: SafeSet<Element>;
  blacklist: SafeSet<Element>;
  whitelist: SafeSet<Element>;
  extraAttributes: readonly string[];
  registry: ElementRegistry;
  /** Where the top document's page starts, in viewport coordinates (minus the scroll offsets). */
  pageOrigin: { x: number; y: number };
}

/** Where an element's children come from. */
export type ChildSource =
  | { kind: 'parent'; parent: Element | ShadowRoot }
  | { kind: 'list'; nodes: ArrayLike<Node> }
  | { kind: 'frame'; root: Element; scope: Scope };

/** The outcome for one element that is not hidden. */
export interface Inspection {
  listed: boolean;
  /** The previous observation knew this element was in the page (walked, or left out as a gap). */
  known: boolean;
  /** Estimated characters the element adds to the page text. */
  cost: number;
  scope: Scope;
  children: ChildSource | null;
  /** The elements whose text makes the name shown on the element's line, or the group name (see `node.group`). */
  nameElements?: Element[] | undefined;

}

const SKIP = stringSet(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base', 'param', 'source', 'track', 'wbr']);
const LEAVES = stringSet(['input', 'textarea', 'select', 'img', 'svg', 'math', 'video', 'audio', 'canvas', 'object', 'embed', 'picture', 'option', 'hr']);
const NO_SCROLL = stringSet(['input', 'textarea', 'select', 'img', 'svg', 'video', 'audio', 'canvas', 'iframe', 'frame', 'object', 'embed']);
const REPLACEABLE_INPUTS = stringSet(['checkbox', 'radio', 'file', 'date', 'datetime-local', 'month', 'week', 'time', 'color', 'range']);
const SCROLLING = stringSet(['auto', 'scroll', 'overlay']);
const GROUP_ROLES = stringSet(['group', 'radiogroup']);
const LINE_OVERHEAD = 14;
/** Signals that inside a listed label only repeat that the label's control is clickable. */
const WEAK_REASONS = stringSet(['cursor', 'listener', 'framework', 'handler']);

function flowOf(display: string, tag: string): Flow {
  if (tag === 'br') return 'block';
  if (display === 'table-cell') return 'cell';
  if (display === 'table-row') return 'row';
  const c = stringCharCodeAt(display, 0);
  // inline, inline-block, inline-flex, inline-grid, inline-table, contents, ruby…
  if (c === 105 /* i */ || c === 99 /* c */ || c === 114 /* r */) return 'inline';
  return 'block';
}

/** Parked left of or above the top page ("left: -9999px"): no scrolling ever reaches it. */
export function isParked(rect: Rect, scope: Scope, pageOrigin: { x: number; y: number }): boolean {
  return scope.offsetX === 0 && scope.offsetY === 0 && (rect.right <= pageOrigin.x || rect.bottom <= pageOrigin.y);
}

/**
 * Inspects `element` (its box `rect` in top coordinates, null when it has none) and fills `node`;
 * returns null when the element and its subtree are hidden or ignored.
 */
export function inspectElement(element: Element, node: ElementNode, rect: Rect | null, scope: Scope, options: InspectOptions): Inspection | null {
  const tag = localName(element);
  node.tag = tag;
  if (SKIP[tag] || isIgnored(element, options.ignore)) return null;
  if (hasAttribute(element, 'inert') || getAttribute(element, 'aria-hidden') === 'true') return null;
  const style = styleOf(element);
  const display = getPropertyValue(style, 'display');
  if (display === 'none') return null;
  if (rect && scope.clip && !intersects(rect, scope.clip)) return null;
  if (rect && isParked(rect, scope, options.pageOrigin)) return null;
  const visible = getPropertyValue(style, 'visibility') === 'visible';
  let replaced = false;
  // Under a tenth of its opacity a box shows nothing a person can read.
  if (parseNumber(getPropertyValue(style, 'opacity')) < 0.1) {
    // Custom checkboxes, file pickers and selects hide the real control (opacity 0) over their own drawing.
    if (tag !== 'select' && (tag !== 'input' || !REPLACEABLE_INPUTS[inputType(element)])) return null;
    replaced = true;
  }
  const width = rect ? rect.right - rect.left : 0;
  const height = rect ? rect.bottom - rect.top : 0;
  // A box at most 1px wide or high that clips its content shows nothing ("sr-only", collapsed panels).
  if ((width <= 1 || height <= 1) && display !== 'contents' && getPropertyValue(style, 'overflow') !== 'visible') return null;
  const transform = getPropertyValue(style, 'transform');
  if (drawsNothing(element, style, transform)) return null;
  node.flow = flowOf(display, tag);

  const registry = options.registry;
  let known = scope.known;
  let selfKnown = known;
  if (registry.observationCount > 0) {
    const wasPresent = registry.wasPresent(element);
    known = known || registry.wasUnlisted(element) || (scope.cutKnown && !wasPresent);
    selfKnown = known || wasPresent;
  }
  if (visible) registry.notePresent(element);

  const cursor = getPropertyValue(style, 'cursor');
  const hasArea = width > 0 && height > 0;
  const mayList = visible && hasArea && !scope.editable && !options.blacklist.has(element) && !hasAttribute(element, 'data-page-agent-not-interactive');
  let listed = mayList && (options.whitelist.has(element) || replaced);
  if (mayList && !listed) {
    const reason = interactiveReason(element, tag, cursor, scope.parentCursor);
    listed = reason !== null && !(scope.inPresenter && WEAK_REASONS[reason]);
    // Loaded late (or in a frame the tracker is not in), listeners went unseen: a div or span drawn as a button stands for one.
    if (reason === null && !scope.inListed && (tag === 'div' || tag === 'span') && !isListenerTrackerInstalled(defaultView(ownerDocument(element)!)!)) listed = looksLikeButton(element, style, width, height);
  }
  // A visually hidden checkbox or radio is listed as its visible label (see hidden-control.ts).
  let presented: Element | null = null;
  if (listed && presentingLabel(element)) listed = false;
  else if (mayList && !listed && tag === 'label') {
    presented = presentedControl(element);
    listed = presented !== null;
  }

  let clip = scope.clip;
  let scrollport = scope.scrollport;
  // Only a box whose overflow is not visible can scroll or clip: one style read spares most elements four layout reads.
  if (hasArea && display !== 'inline' && display !== 'contents' && !NO_SCROLL[tag] && tag !== 'body' && tag !== 'html' && getPropertyValue(style, 'overflow') !== 'visible') {
    const sh = scrollHeight(element);
    const ch = clientHeight(element);
    const sw = scrollWidth(element);
    const cw = clientWidth(element);
    if (sh > ch + 1 || sw > cw + 1) {
      const overflowY = getPropertyValue(style, 'overflow-y');
      const overflowX = getPropertyValue(style, 'overflow-x');
      const scrollsY = sh > ch + 1 && SCROLLING[overflowY];
      const scrollsX = sw > cw + 1 && SCROLLING[overflowX];
      if (scrollsY || scrollsX) {
        const top = scrollsY ? math.round(scrollTop(element)) : 0;
        const leftAmount = scrollsX ? math.round(scrollLeft(element)) : 0;
        node.scroll = {
          top,
          bottom: scrollsY ? math.max(0, math.round(sh - ch - top)) : 0,
          left: leftAmount,
          right: scrollsX ? math.max(0, math.round(sw - cw - leftAmount)) : 0,
        };
        scrollport = rect;
        if (mayList) listed = true;
      } else if (overflowY !== 'visible' || overflowX !== 'visible') {
        clip = clip ? intersection(clip, rect!) : rect;
      }
    }
  }

  let cost = 0;
  let nameElements: Element[] | undefined;
  if (listed) {
    const info = listedInfo(presented ?? element, presented ? 'input' : tag, options.extraAttributes);
    nameElements = info.nameElements;
    node.attributes = info.attributes;
    if (info.label) node.label = info.label;
    cost += LINE_OVERHEAD + tag.length + math.min(info.label?.length ?? 0, 120);
    for (let i = 0; i < info.attributes.length; i++) {
      const value = info.attributes[i]![1];
      cost += info.attributes[i]![0].length + 2 + (value === true ? 0 : math.min(value.length, 40));
    }
  } else if (visible && (tag === 'fieldset' || GROUP_ROLES[getAttribute(element, 'role')!])) {
    // A group's name (legend, aria-label, aria-labelledby) heads its controls; kept only when it holds listed ones (observe.ts).
    const named = computeName(element);
    if (named.name && named.from !== 'title' && named.from !== 'content') {
      node.group = named.name;
      nameElements = named.elements;
      cost += math.min(named.name.length, 120);
    }
  } else if ((tag === 'img' || tag === 'svg') && scope.inListed && visible) {
    const alt = getAttribute(element, tag === 'img' ? 'alt' : 'aria-label') ?? getAttribute(element, 'title');
    if (alt) node.fallbackText = alt;
  }

  const childScope: Scope = {
    offsetX: scope.offsetX,
    offsetY: scope.offsetY,
    clip,
    scrollport,
    parentCursor: cursor,
    editable: scope.editable || (listed && isEditingHost(element)),
    inListed: scope.inListed || listed,
    known,
    cutKnown: registry.observationCount > 0 && registry.hadCutChildren(element),
    textVisible: visible,
    ink: { style, width, under: scope.ink, element, rect, node, transform },
    inPresenter: scope.inPresenter || presented !== null,
  };
  const inspection: Inspection = { listed, known: selfKnown, cost, scope: childScope, children: null, nameElements };
  if (LEAVES[tag]) return inspection;
  if (tag === 'iframe' || tag === 'frame') {
    inspection.children = frameChildren(element, node, rect, style, childScope);
    return inspection;
  }
  const shadow = shadowRootOf(element);
  const assigned = !shadow && tag === 'slot' ? assignedNodes(element as HTMLSlotElement) : [];
  inspection.children = assigned.length ? { kind: 'list', nodes: assigned } : { kind: 'parent', parent: shadow ?? element };
  return inspection;
}

function frameChildren(element: Element, node: ElementNode, rect: Rect | null, style: CSSStyleDeclaration, scope: Scope): ChildSource | null {
  const doc = frameDocument(element);
  if (!doc) {
    const src = clipText(collapseWhitespace(getAttribute(element, 'src') ?? ''), 100);
    append(node.children, { kind: 'note', text: `<${localName(element)}${src ? ' src=' + src : ''}> is from another origin: its content cannot be read` });
    return null;
  }
  const root = documentBody(doc) ?? documentElement(doc);
  const view = defaultView(doc);
  if (!root || !rect || !view) return null;
  const inset = frameInset(element, style);
  const offsetX = rect.left + inset.x;
  const offsetY = rect.top + inset.y;
  const box: Rect = { left: offsetX, top: offsetY, right: offsetX + innerWidth(view), bottom: offsetY + innerHeight(view) };
  return {
    kind: 'frame',
    root,
    scope: { ...scope, offsetX, offsetY, clip: scope.clip ? intersection(scope.clip, box) : box, scrollport: box, parentCursor: 'auto', editable: false },
  };
}
