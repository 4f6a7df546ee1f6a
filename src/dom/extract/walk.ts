// The perception walk: one pass over the composed tree (open and tracked closed shadow roots, slots,
// same-origin frames), nearest to the viewport first, within a budget. Containers outside the zone
// are never entered: they stay as gaps the serializer summarises. Builds the page tree and the list
// of interactive candidates; registers nothing and draws nothing.
import { append, math, now, SafeMap, type SafeSet } from '../intrinsics.js';
import type { ElementRegistry } from '../element-registry.js';
import type { ElementNode, Flow, GapPlace, PageNode } from '../page-tree.js';
import { Frontier, type FrontierEntry } from './frontier.js';
import { inspectElement, isParked, type Scope } from './inspect.js';
import { canvasUnder, overLayer, paintOf, textUnreadable, type Ink } from './hidden-text.js';
import {
  characterData, childElementCount, collectionLength, elementChildrenOf, firstChild, getBoundingClientRect, getElementsByTagName, getPropertyValue, hasAttribute, localName,
  nextSibling, nodeType, rectBottom, rectLeft, rectRight, rectTop,
} from '../platform.js';
import { distanceTo, intersects, sideOf, type Rect } from './rect.js';
import { hasVisibleText } from '../serialize/text.js';

/** Limits and inputs of one walk. */
export interface WalkOptions {
  /** The top window's viewport, in its own coordinates. */
  viewport: Rect;
  /** Elements farther than this from the viewport (px) are not entered; Infinity for the whole page. */
  zoneLimit: number;
  /** Approximate size of the listing in characters; Infinity for no budget. */
  budgetChars: number;
  /** `now()` time after which the walk stops and summarises the rest. */
  deadline: number;
  /** Elements never read (the agent's UI); `data-page-agent-ignore` is checked too. */
  ignore: SafeSet<Element>;
  /** Elements never indexed, and elements always indexed when visible. */
  blacklist: SafeSet<Element>;
  whitelist: SafeSet<Element>;
  /** page-agent `includeAttributes`. */
  extraAttributes: readonly string[];
  /** Ancestors of what sampled viewport points hit: always entered, whatever their box says. */
  onScreen: SafeSet<Element>;
  registry: ElementRegistry;
  /** Where the top document's page starts, in viewport coordinates (minus the scroll offsets). */
  pageOrigin: { x: number; y: number };
}

/** An element the walk decided to list with an index. */
export interface Candidate {
  element: Element;
  node: ElementNode;
  rect: Rect | null;
  /** The previous observation knew it was in the page (so it is not marked new). */
  known: boolean;
  /** The elements whose text makes the name on its line (`<label>`s, aria-labelledby targets). */
  nameElements?: Element[] | undefined;
}

/** A group
 of controls with a name (see `ElementNode.group`) and the elements its name comes from. */
export interface NamedGroup {
  node: ElementNode;
  nameElements: Element[] | undefined;
}

/** How much of the page the listing left out, for the header and footer. */
export interface WalkSummary {
  /** Elements left out above the listed part, and the lowest bottom edge among them (top viewport px; -Infinity when none). */
  above: { elements: number; edge: number };
  /** Elements left out below the listed part, and the highest top edge among them (top viewport px; Infinity when none). */
  below: { elements: number; edge: number };
  /** Elements left out elsewhere (beside the viewport, inside scroll containers). */
  aside: number;
  stoppedBy: 'budget' | 'time' | 'zone' | null;
}

/** The walk's result: the page tree in document order and the interactive candidates. */
export interface WalkResult {
  nodes: PageNode[];
  /** Listed elements in the order the walk met them (not document order). */
  candidates: Candidate[];
  /** The candidate a listed node stands for. */
  candidateOf: (node: ElementNode) => Candidate | undefined;
  /** The tree node the walk made for an element, when it reached it. */
  nodeOf: (element: Element) => ElementNode | undefined;
  groups: NamedGroup[];
  /** The inks of elements whose own text was listed (each with its element, box and node), for the covered-text test. */
  texts: Ink[];
  /**
   * Boxes that can paint over other content (positioned or transformed; their inks): only what one of them
   * overlaps can be covered, so only that is hit-tested, or judged by painting order outside the
   * viewport (find-covered.ts).
   */
  painters: Array<{ element: Element; rect: Rect }>;
  /** The painters with a negative z-index: only these may paint between text and its background (hidden-text.ts overLayer). */
  layers: Ink[];
  summary: WalkSummary;
}

interface ElementEntry extends FrontierEntry {
  kind: 'element';
  element: Element;
  node: ElementNode;
  siblings: PageNode[];
  slot: number;
  rect: Rect | null;
  scope: Scope;
}

interface CursorEntry extends FrontierEntry {
  kind: 'cursor';
  list: LazyChildren;
  step: 1 | -1;
  position: number;
  rect: Rect | null;
}

/** A long child list entered from the viewport outwards, one child at a time, in both directions. */
interface LazyChildren {
  owner: Element;
  node: ElementNode;
  scope: Scope;
  items: HTMLCollection;
  count: number;
  /** Next positions to take going up and going down. */
  up: number;
  down: number;
  before: PageNode[];
  after: PageNode[];
  distance: number;
}

type Entry = ElementEntry | CursorEntry;

/** Children lists longer than this are entered lazily from the viewport outwards. */
const LAZY_CHILDREN = 300;
const TEXT_LINE_CHARS = 300;
const CHECK_TIME_EVERY = 32;
/** How far past the budget the walk may go to finish the content of listed elements. */
const BUDGET_OVERSHOOT = 1.1;

/** Walks from `roots` (body, or an open modal) and builds the page tree within the options' zone and budget. */
export function walkPage(roots: readonly Element[], options: WalkOptions): WalkResult {
  return new Walk(options).run(roots);
}

class Walk {
  #options: WalkOptions;
  #frontier = new Frontier<Entry>();
  #candidates: Candidate[] = [];
  #byNode = new SafeMap<ElementNode, Candidate>();
  #byElement = new SafeMap<Element, ElementNode>();
  #groups: NamedGroup[] = [];
  #lazies: LazyChildren[] = [];
  #texts: WalkResult['texts'] = [];
  #painters: WalkResult['painters'] = [];
  #layers: Ink[] = [];
  #spent = 0;
  /** Characters of text waiting for a layer (pending): at most one budget's worth is kept. */
  #pending = 0;

  constructor(options: WalkOptions) {
    this.#options = options;
  }

  run(roots: readonly Element[]): WalkResult {
    const nodes: PageNode[] = [];
    const viewport = this.#options.viewport;
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i]!;
      const node: ElementNode = { kind: 'element', tag: '', flow: 'block', children: [] };
      append(nodes, node);
      const scope: Scope = {
        offsetX: 0, offsetY: 0, clip: null, scrollport: null, parentCursor: 'auto', editable: false, inListed: false, known: false, cutKnown: false, textVisible: true, inPresenter: false,
        ink: canvasUnder(root),
      };
      this.#frontier.push({ kind: 'element', element: root, node, siblings: nodes, slot: nodes.length - 1, rect: this.#rect(root, scope), scope, distance: 0, seq: 0 });
    }
    let stoppedBy: WalkSummary['stoppedBy'] = null;
    let sinceCheck = 0;
    const leftover: Entry[] = [];
    for (let entry = this.#frontier.peek(); entry; entry = this.#frontier.peek()) {
      if (entry.distance > this.#options.zoneLimit) {
        stoppedBy = 'zone';
        break;
      }
      if (++sinceCheck >= CHECK_TIME_EVERY) {
        sinceCheck = 0;
        if (now() > this.#options.deadline) {
          stoppedBy = 'time';
          break;
        }
      }
      this.#frontier.pop();
      if (this.#spent >= this.#options.budgetChars) {
        stoppedBy = 'budget';
        // Past the budget, only finish what listed elements already started (a card's title and
        // price belong on its line), within a small overshoot; everything else becomes a gap.
        const finishing = entry.kind === 'element' && entry.scope.inListed && this.#spent < this.#options.budgetChars * BUDGET_OVERSHOOT;
        if (!finishing) {
          append(leftover, entry);
          continue;
        }
      }
      if (entry.kind === 'element') this.#expand(entry);
      else this.#advance(entry);
    }
    const summary = this.#summarise(viewport, stoppedBy, leftover);
    return {
      nodes, candidates: this.#candidates, candidateOf: (node) => this.#byNode.get(node), nodeOf: (element) => this.#byElement.get(element), groups: this.#groups, texts: this.#texts, painters: this.#painters,
      layers: this.#layers, summary,
    };
  }

  #rect(element: Element, scope: Scope): Rect | null {
    const box = getBoundingClientRect(element);
    const left = rectLeft(box);
    const top = rectTop(box);
    const right = rectRight(box);
    const bottom = rectBottom(box);
    if (right - left <= 0 && bottom - top <= 0) return null;
    return { left: left + scope.offsetX, top: top + scope.offsetY, right: right + scope.offsetX, bottom: bottom + scope.offsetY };
  }

  #distance(element: Element, rect: Rect | null, scope: Scope, inherited: number): number {
    if (this.#options.onScreen.has(element)) return 0;
    if (!rect) return inherited;
    const toViewport = distanceTo(rect, this.#options.viewport);
    return scope.scrollport ? math.max(toViewport, distanceTo(rect, scope.scrollport)) : toViewport;
  }

  #expand(entry: ElementEntry): void {
    const inspection = inspectElement(entry.element, entry.node, entry.rect, entry.scope, this.#options);
    if (!inspection) return;
    const { element, node } = entry;
    this.#spent += inspection.cost;
    this.#byElement.set(element, node);
    if (node.group !== undefined) append(this.#groups, { node, nameElements: inspection.nameElements });
    const ink = inspection.scope.ink!;
    if (entry.rect && ((ink.position = getPropertyValue(ink.style!, 'position')) !== 'static' || ink.transform !== 'none')) {
      append(this.#painters, ink as WalkResult['painters'][number]);
      if (getPropertyValue(ink.style!, 'z-index')[0] === '-') {
        // A replaced element (one without a children source: an image, a video) may draw anything.
        ink.paint = inspection.children && paintOf(ink);
        append(this.#layers, ink);
      }
    }
    if (inspection.listed) {
      const candidate: Candidate = { element, node, rect: entry.rect, known: inspection.known, nameElements: inspection.nameElements };
      append(this.#candidates, candidate);
      this.#byNode.set(node, candidate);
    }
    // A site's data-page-agent-mask: its controls stay listed; sanitizeTree shows its text as [masked].
    if (hasAttribute(element, 'data-page-agent-mask')) node.masked = true;
    const childScope = inspection.scope;
    const source = inspection.children;
    if (!source) return;
    if (source.kind === 'list') {
      for (let i = 0; i < source.nodes.length; i++) this.#child(source.nodes[i]!, node, childScope, entry.distance);
      return;
    }
    if (source.kind === 'frame') {
      this.#enter(source.root, this.#rect(source.root, source.scope), 'block', node, source.scope, entry.distance);
      return;
    }
    if (childElementCount(source.parent) > LAZY_CHILDREN) {
      this.#lazy(element, source.parent, node, childScope, entry.distance);
      return;
    }
    for (let c = firstChild(source.parent); c; c = nextSibling(c)) this.#child(c, node, childScope, entry.distance);
  }

  #child(child: Node, parent: ElementNode, scope: Scope, distance: number): void {
    const type = nodeType(child);
    if (type === 3) {
      if (!scope.textVisible) return;
      const text = characterData(child);
      if (!hasVisibleText(text)) return;
      // Whether a person can read the element's text is decided once, at its first text. Text in the
      // colour of its background waits for the layers found after it (observe.ts), outside the budget
      // but within one budget of its own: past that, such text is dropped at once, so a page of it
      // can neither push visible text out of the listing nor, over a late layer, swell it.
      const ink = scope.ink;
      if (ink.pending === undefined) {
        const unreadable = textUnreadable(ink);
        if (!(scope.textVisible = unreadable !== true)) return;
        ink.pending = unreadable && !overLayer(ink, this.#layers);
        append(this.#texts, ink);
      }
      const cost = math.min(text.length, TEXT_LINE_CHARS) + 1;
      if (!ink.pending) this.#spent += cost;
      else if ((this.#pending += cost) > this.#options.budgetChars) return;
      append(parent.children, { kind: 'text', text });
      return;
    }
    if (type !== 1) return;
    const rect = this.#rect(child as Element, scope);
    if (rect && isParked(rect, scope, this.#options.pageOrigin)) return;
    this.#enter(child as Element, rect, 'inline', parent, scope, distance);
  }

  /** Adds `element` under `parent` in the tree and to the frontier. */
  #enter(element: Element, rect: Rect | null, flow: Flow, parent: ElementNode, scope: Scope, distance: number): void {
    const node: ElementNode = { kind: 'element', tag: '', flow, children: [] };
    append(parent.children, node);
    this.#frontier.push({
      kind: 'element', element, node, siblings: parent.children, slot: parent.children.length - 1, rect, scope,
      distance: this.#distance(element, rect, scope, distance), seq: 0,
    });
  }

  #lazy(owner: Element, parent: Element | ShadowRoot, node: ElementNode, scope: Scope, distance: number): void {
    const items = elementChildrenOf(parent);
    const count = collectionLength(items);
    // Flow content is laid out in document order: find the first child that reaches the zone.
    const zoneTop = scope.scrollport && scope.scrollport.top > this.#options.viewport.top ? scope.scrollport.top : this.#options.viewport.top;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const rect = this.#rect(items[mid]!, scope);
      if (rect && rect.bottom < zoneTop) lo = mid + 1;
      else hi = mid;
    }
    const list: LazyChildren = { owner, node, scope, items, count, up: lo - 1, down: lo, before: [], after: [], distance };
    append(this.#lazies, list);
    if (list.down < count) this.#pushCursor(list, 1, list.down);
    if (list.up >= 0) this.#pushCursor(list, -1, list.up);
  }

  #pushCursor(list: LazyChildren, step: 1 | -1, position: number): void {
    const element = list.items[position]!;
    const rect = this.#rect(element, list.scope);
    this.#frontier.push({ kind: 'cursor', list, step, position, rect, distance: this.#distance(element, rect, list.scope, list.distance), seq: 0 });
  }

  #advance(entry: CursorEntry): void {
    const list = entry.list;
    const element = list.items[entry.position];
    // The list changed under us (it is live): stop this direction.
    if (!element) return;
    const siblings = entry.step === 1 ? list.after : list.before;
    const node: ElementNode = { kind: 'element', tag: '', flow: 'inline', children: [] };
    append(siblings, node);
    if (entry.step === 1) list.down = entry.position + 1;
    else list.up = entry.position - 1;
    this.#expand({ kind: 'element', element, node, siblings, slot: siblings.length - 1, rect: entry.rect, scope: list.scope, distance: entry.distance, seq: 0 });
    const next = entry.position + entry.step;
    if (next >= 0 && next < list.count) this.#pushCursor(list, entry.step, next);
  }

  #summarise(viewport: Rect, stoppedBy: WalkSummary['stoppedBy'], leftover: Entry[]): WalkSummary {
    const summary: WalkSummary = { above: { elements: 0, edge: -Infinity }, below: { elements: 0, edge: Infinity }, aside: 0, stoppedBy };
    const registry = this.#options.registry;
    const left = this.#frontier.drain();
    for (let i = 0; i < leftover.length; i++) append(left, leftover[i]!);
    for (let i = 0; i < left.length; i++) {
      const entry = left[i]!;
      if (entry.kind !== 'element') continue;
      const gapPlace = placeOf(entry.rect, entry.scope, viewport);
      entry.siblings[entry.slot] = { kind: 'gap', count: 1, tag: localName(entry.element), place: gapPlace };
      registry.noteUnlisted(entry.element);
      this.#count(summary, entry.rect, gapPlace, 1 + collectionLength(getElementsByTagName(entry.element, '*')));
    }
    for (let i = 0; i < this.#lazies.length; i++) this.#finishLazy(this.#lazies[i]!, summary, viewport);
    return summary;
  }

  #finishLazy(list: LazyChildren, summary: WalkSummary, viewport: Rect): void {
    const children: PageNode[] = [];
    const upLeft = list.up + 1;
    const downLeft = list.count - list.down;
    if (upLeft > 0 || downLeft > 0) this.#options.registry.noteCutChildren(list.owner);
    // Rough size of what is left: a few children that were taken stand for the rest.
    let sampled = 0;
    let samples = 0;
    for (let p = list.up + 1; p < list.down && samples < 8; p++, samples++) sampled += 1 + collectionLength(getElementsByTagName(list.items[p]!, '*'));
    const perChild = samples > 0 ? sampled / samples : 1;
    if (upLeft > 0) {
      const edge = list.items[list.up]!;
      const rect = this.#rect(edge, list.scope);
      const place = placeOf(rect, list.scope, viewport) === 'inside' ? 'inside' : 'above';
      append(children, { kind: 'gap', count: upLeft, tag: localName(edge), place });
      this.#count(summary, rect, place, math.round(upLeft * perChild));
    }
    for (let i = list.before.length - 1; i >= 0; i--) append(children, list.before[i]!);
    for (let i = 0; i < list.after.length; i++) append(children, list.after[i]!);
    if (downLeft > 0) {
      const edge = list.items[list.down]!;
      const rect = this.#rect(edge, list.scope);
      const place = placeOf(rect, list.scope, viewport) === 'inside' ? 'inside' : 'below';
      append(children, { kind: 'gap', count: downLeft, tag: localName(edge), place });
      this.#count(summary, rect, place, math.round(downLeft * perChild));
    }
    list.node.children = children;
  }

  #count(summary: WalkSummary, rect: Rect | null, place: string, elements: number): void {
    if (place === 'above') {
      summary.above.elements += elements;
      if (rect && rect.bottom > summary.above.edge) summary.above.edge = rect.bottom;
    } else if (place === 'below') {
      summary.below.elements += elements;
      if (rect && rect.top < summary.below.edge) summary.below.edge = rect.top;
    } else {
      summary.aside += elements;
    }
  }
}

/** Where left-out content lies: inside its scroll container (scroll that), or around the viewport. */
function placeOf(rect: Rect | null, scope: Scope, viewport: Rect): GapPlace {
  if (!rect) return 'below';
  if (scope.scrollport && !intersects(rect, scope.scrollport)) return 'inside';
  const side = sideOf(rect, viewport);
  return side === 'inside' ? 'below' : side;
}
