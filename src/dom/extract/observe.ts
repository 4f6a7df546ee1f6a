// One observation of the page for the PageController: resolve options, find an open modal, walk,
// hit-test what is on screen, number the listed elements in document order, render the text, and
// describe what lies beyond. Never throws: a page it cannot read yields a state that says so.
// Imports ordered for the gzip of the IIFE (esbuild emits modules in import order): find-covered and
// page-safe first.
import { coveredByPainter, coverOf, deepElementFromPoint, findCovered, type HitTarget } from './find-covered.js';
import { sanitizeTree } from '../page-safe.js';
import { messageOf } from '../../base/index.js';
import type { DomContext } from '../context.js';
import { append, math, now, SafeSet } from '../intrinsics.js';
import type { ElementNode, PageNode, ShownAttribute } from '../page-tree.js';
import { nameOf, serializePage } from '../serialize/page-text.js';
import { formatFooter, formatHeader, type PageFrame } from '../serialize/header-footer.js';
import type { BrowserState, PageControllerConfig } from '../types.js';
import { describeElement } from '../describe.js';
import { composedParent, resolveRefs } from './composed-tree.js';
import { findModal } from './modal.js';
import {
  collectionLength, documentBody, documentElement, documentTitle, getElementsByTagName, innerHeight, innerWidth, localName, nodeType, scrollHeight,
  scrollWidth, scrollX, scrollY,
} from '../platform.js';
import { AUTHORED_NAMES, computeName } from './accessible-name.js';
import { intersects, type Rect } from './rect.js';
import { walkPage, type Candidate, type WalkResult } from './walk.js';
import { overLayer, type Ink } from './hidden-text.js';
import { nameListedNode } from './naming.js';

/** What one observation gives the controller: the state, and the listed elements on screen to highlight. */
export interface Observation {
  state: BrowserState;
  highlights: Array<{ index: number; element: Element }>;
}

/** Default `tokenBudget` of the page text. */
export const DEFAULT_TOKEN_BUDGET = 2200;
/** Characters per token of page text, measured with o200k on the bench pages (conservative). */
const CHARS_PER_TOKEN = 3.0;
/**
 * The walk gives up and summarises after this long, so a huge page never freezes the tab. A read
 * of the whole page without a budget (extract, `viewportExpansion: -1`) gets ten times as long: it
 * is asked for all of the page, and a busy machine must not cut it at a few hundred rows.
 */
const WALK_TIME_LIMIT_MS = 400;
const MAX_HIT_TESTS = 600;
/** A name longer than a line's text limit is cut there, so its source text stays where it is. */
const CARRIED_NAME_CHARS = 120;

/** Ancestors of what a few viewport points hit: fixed elements inside far-away containers still get entered. */
function sampleOnScreen(doc: Document, width: number, height: number, ignore: SafeSet<Element>): SafeSet<Element> {
  const found = new SafeSet<Element>();
  const points = [
    [24, 24], [width - 24, 24], [24, height - 24], [width - 24, height - 24],
    [width / 6, height / 6], [width / 2, height / 6], [(width * 5) / 6, height / 6],
    [width / 6, height / 2], [width / 2, height / 2], [(width * 5) / 6, height / 2],
    [width / 6, (height * 5) / 6], [width / 2, (height * 5) / 6], [(width * 5) / 6, (height * 5) / 6],
  ];
  for (let i = 0; i < points.length; i++) {
    const hit = deepElementFromPoint(doc, points[i]![0]!, points[i]![1]!, ignore);
    for (let n: Node | null = hit; n; n = composedParent(n)) {
      if (nodeType(n) !== 1) continue;
      if (found.has(n as Element)) break;
      found.add(n as Element);
    }
  }
  return found;
}

function zoneOf(config: PageControllerConfig): { zoneLimit: number; budgetChars: number } {
  const expansion = config.viewportExpansion;
  const tokens = config.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const budgetChars = tokens > 0 ? tokens * CHARS_PER_TOKEN : Infinity;
  if (expansion === -1) return { zoneLimit: Infinity, budgetChars: Infinity };
  return { zoneLimit: expansion != null && expansion >= 0 ? expansion : Infinity, budgetChars };
}

/** Reads the page as indexed text. Registers listed elements in `ctx.registry`; never throws. */
export function observePage(ctx: DomContext): Observation {
  const registry = ctx.registry;
  registry.beginObservation();
  try {
    return observe(ctx);
  } catch (error) {
    return { state: unreadableState(ctx, error), highlights: [] };
  } finally {
    registry.endObservation();
  }
}

function observe(ctx: DomContext): Observation {
  const win = ctx.window;
  const doc = win.document;
  const config = ctx.config;
  const url = safeUrl(win);
  const title = documentTitle(doc);
  const width = innerWidth(win);
  const height = innerHeight(win);
  const viewport: Rect = { left: 0, top: 0, right: width, bottom: height };
  const html = documentElement(doc);
  const root = documentBody(doc) ?? html;
  if (!html || !root) {
    return { state: bareState(url, title, '(The page has no content yet.)'), highlights: [] };
  }
  const ignore = resolveRefs(config.ignoreElements);
  const modal = findModal(doc);
  const { zoneLimit, budgetChars } = zoneOf(config);
  const walk = walkPage([modal ?? root], {
    viewport,
    zoneLimit,
    budgetChars,
    deadline: now() + WALK_TIME_LIMIT_MS * (budgetChars < Infinity ? 1 : 10),
    ignore,
    blacklist: resolveRefs(config.interactiveBlacklist),
    whitelist: resolveRefs(config.interactiveWhitelist),
    extraAttributes: config.includeAttributes ?? [],
    onScreen: sampleOnScreen(doc, width, height, ignore),
    registry: ctx.registry,
    pageOrigin: { x: -scrollX(win), y: -scrollY(win) },
  });

  const targets: HitTarget[] = [];
  for (let i = 0; i < walk.candidates.length && targets.length < MAX_HIT_TESTS; i++) {
    const candidate = walk.candidates[i]!;
    if (candidate.rect && intersects(candidate.rect, viewport)) append(targets, { element: candidate.element, rect: candidate.rect });
  }
  const cover = findCovered(doc, targets, walk.painters, viewport, ignore);
  // Text a person cannot see because an opaque box lies over all of it, or because it is in its
  // background's colour with no layer between (#15): its lines are dropped. In the viewport a hit test
  // decides a cover; outside it no hit test reaches, so painting order does.
  for (let i = 0, tested = 0, judged = 0; i < walk.texts.length; i++) {
    const text = walk.texts[i] as HitTarget & Ink;
    const hidden =
      (text.pending && !overLayer(text, walk.layers)) ||
      (text.rect &&
        (intersects(text.rect, viewport)
          ? tested++ < MAX_HIT_TESTS && coverOf(doc, text, walk.painters, viewport, ignore, true)
          : judged++ < MAX_HIT_TESTS && coveredByPainter(text, walk.painters)));
    if (!hidden) continue;
    const node = text.node!;
    const kept: PageNode[] = [];
    for (let c = 0; c < node.children.length; c++) if (node.children[c]!.kind !== 'text') append(kept, node.children[c]!);
    node.children = kept;
  }
  const highlights: Observation['highlights'] = [];
  numberInDocumentOrder(walk.nodes, walk, cover.covered, ctx, viewport, highlights);
  markCarriedNames(walk);

  const notes: PageNode[] = [];
  if (modal) append(notes, { kind: 'note', text: `A modal dialog is open: only its content is listed; the page behind it is inert until it is closed` });
  for (let i = 0; i < cover.covers.length; i++) {
    const { cover: element, count } = cover.covers[i]!;
    append(notes, { kind: 'note', text: `${count} element${count === 1 ? ' is' : 's are'} covered by ${describeElement(element)} and not listed; deal with it first` });
  }
  let nodes = walk.nodes;
  if (notes.length) {
    for (let i = 0; i < nodes.length; i++) append(notes, nodes[i]!);
    nodes = notes;
  }
  sanitizeTree(nodes, config.redactSecrets !== false);
  const page = serializePage(nodes, {}, config.keepSemanticTags === true);
  for (let i = 0; i < page.descriptions.length; i++) ctx.registry.describeAs(page.descriptions[i]!.index, page.descriptions[i]!.line);

  const frame = pageFrame(url, title, width, height, doc, walk, win);
  return {
    state: { url, title, header: formatHeader(frame), content: page.content || '(No visible content.)', footer: formatFooter(frame) },
    highlights,
  };
}

function numberInDocumentOrder(
  nodes: readonly PageNode[],
  walk: WalkResult,
  covered: SafeSet<Element>,
  ctx: DomContext,
  viewport: Rect,
  highlights: Observation['highlights'],
): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.kind !== 'element') continue;
    const candidate = walk.candidateOf(node);
    if (candidate) listCandidate(node, candidate, covered, ctx, viewport, highlights);
    numberInDocumentOrder(node.children, walk, covered, ctx, viewport, highlights);
  }
}

function listCandidate(node: ElementNode, candidate: Candidate, covered: SafeSet<Element>, ctx: DomContext, viewport: Rect, highlights: Observation['highlights']): void {
  if (covered.has(candidate.element)) {
    // A covered control is left out; a covered container keeps its content, without an index.
    if (!hasDescendantWith(node, 'attributes')) node.children = [];
    node.attributes = undefined;
    node.label = undefined;
    node.scroll = undefined;
    return;
  }
  nameListedNode(node, candidate.element);
  const { index, isNew } = ctx.registry.register(candidate.element, undefined, candidate.known);
  node.index = index;
  if (isNew) node.isNew = true;
  if (candidate.rect && intersects(candidate.rect, viewport)) append(highlights, { index, element: candidate.element });
}

/**
 * Text that names a listed element or a group is shown on that line: its own place keeps only listed
 * descendants, so the words are not repeated as a loose line whose owner a model would have to guess.
 * A group without listed controls keeps its plain text and no group line.
 */
function markCarriedNames(walk: WalkResult): void {
  const adopted = new SafeSet<Element>();
  for (let i = 0; i < walk.candidates.length; i++) {
    const candidate = walk.candidates[i]!;
    const name = candidate.node.index === undefined ? '' : nameOf(candidate.node) || adoptInnerName(walk, candidate, adopted);
    if (name && name.length <= CARRIED_NAME_CHARS) carry(walk, candidate.nameElements);
  }
  for (let i = 0; i < walk.groups.length; i++) {
    const group = walk.groups[i]!;
    if (group.node.group!.length <= CARRIED_NAME_CHARS && hasDescendantWith(group.node, 'index')) carry(walk, group.nameElements);
    else group.node.group = undefined;
  }
}

/**
 * A custom widget (a select, a switch) often keeps its one native control hidden inside the box a
 * person clicks, and the page's <label for> names that control: the outermost listed box takes its name
 * (returned; '' when it takes none).
 */
function adoptInnerName(walk: WalkResult, candidate: Candidate, adopted: SafeSet<Element>): string {
  const node = candidate.node;
  const tag = localName(candidate.element);
  if (tag === 'input' || tag === 'select' || tag === 'textarea' || node.scroll) return '';
  const inputs = getElementsByTagName(candidate.element, 'input');
  const input = inputs[0]!;
  // Exactly one, and not listed itself (then it carries its own name).
  if (collectionLength(inputs) !== 1 || walk.nodeOf(input)?.index !== undefined || adopted.has(input)) return '';
  // The walk meets a box before the boxes inside it: the outermost one takes the name.
  adopted.add(input);
  const named = computeName(input, false);
  if (!AUTHORED_NAMES[named.from]) return '';
  // The list is the node's own (listedInfo made it for this node alone).
  append((node.attributes ??= []) as ShownAttribute[], ['label', named.name] as const);
  candidate.nameElements = named.elements;
  return named.name;
}

function carry(walk: WalkResult, elements: readonly Element[] | undefined): void {
  if (!elements) return;
  for (let i = 0; i < elements.length; i++) {
    const node = walk.nodeOf(elements[i]!);
    // Only a candidate gets an index.
    if (node && !walk.candidateOf(node)) node.carried = true;
  }
}

/** Whether an element below `node` has `key` set: an index (indexed) or attributes (listed). */
function hasDescendantWith(node: ElementNode, key: 'index' | 'attributes'): boolean {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]!;
    if (child.kind === 'element' && (child[key] !== undefined || hasDescendantWith(child, key))) return true;
  }
  return false;
}

function pageFrame(url: string, title: string, width: number, height: number, doc: Document, walk: WalkResult, win: Window): PageFrame {
  const html = documentElement(doc)!;
  const body = documentBody(doc);
  const pageHeight = math.max(scrollHeight(html), body ? scrollHeight(body) : 0, height);
  const pageWidth = math.max(scrollWidth(html), body ? scrollWidth(body) : 0, width);
  const x = math.round(scrollX(win));
  const y = math.round(scrollY(win));
  const { above, below, aside, stoppedBy } = walk.summary;
  // Edges are in viewport coordinates; the page spans from -y to pageHeight - y.
  const abovePixels = above.elements > 0 ? math.max(0, above.edge + y) : 0;
  const belowPixels = below.elements > 0 ? math.max(0, pageHeight - y - (below.edge === Infinity ? height : below.edge)) : 0;
  return {
    url,
    title,
    viewport: { width, height },
    page: { width: pageWidth, height: pageHeight },
    scroll: { x, y },
    above: above.elements > 0 ? { pixels: abovePixels, elements: above.elements } : null,
    below: below.elements > 0 ? { pixels: belowPixels, elements: below.elements } : null,
    aside,
    stoppedEarly: stoppedBy === 'time',
  };
}

function safeUrl(win: Window): string {
  try {
    return win.location.href;
  } catch {
    return 'about:blank';
  }
}

function unreadableState(ctx: DomContext, error: unknown): BrowserState {
  let title = '';
  try {
    title = documentTitle(ctx.window.document);
  } catch {
    title = '';
  }
  const url = safeUrl(ctx.window);
  return bareState(url, title, `(The page could not be read: ${messageOf(error)}. It may be navigating or replacing its document; wait and read it again.)`);
}

/** A state with only a title line and one remark: no page to list, nothing above or below. */
function bareState(url: string, title: string, content: string): BrowserState {
  return { url, title, header: `Current page: [${title}](${url})`, content, footer: '[End of page]' };
}
