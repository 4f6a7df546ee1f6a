// scroll / scroll_horizontally: scroll the page, or the scroll container that holds an index (the
// nearest one that can still move that way, as wheel scrolling chains), by exactly what was asked,
// wait for what the scroll loads, and report where it landed, what appeared and whether an end was
// reached. At an end, a wheel and a scroll event still fire the page's loaders. No hidden scaling.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { dispatchEvent, elementsFromPoint, queryAll, realmOf, rectOf, styleOf } from '../platform.js';
import { settledNote, watchSettle, type Watched } from './settle.js';
import { describeAny } from './change-watch.js';
import { composedParent } from '../extract/composed-tree.js';
import { hasBox } from './geometry.js';
import { isAgentElement } from './hit-test.js';
import { fail, isFailure, resolveTarget, sentence, succeed } from './resolve-target.js';

/** What differs between the axes: the properties to read and the words of the messages. */
interface Axis {
  position: 'scrollTop' | 'scrollLeft';
  client: 'clientHeight' | 'clientWidth';
  size: 'scrollHeight' | 'scrollWidth';
  inner: 'innerHeight' | 'innerWidth';
  overflow: 'overflowY' | 'overflowX';
  side: 'top' | 'left';
  /** Direction forward and back, the far and near end, what lies further forward and back, the adverb. */
  words: string[];
}

const VERTICAL: Axis = { position: 'scrollTop', client: 'clientHeight', size: 'scrollHeight', inner: 'innerHeight', overflow: 'overflowY', side: 'top', words: 'down,up,bottom,top,below,above,vertically'.split(',') };
const HORIZONTAL: Axis = { position: 'scrollLeft', client: 'clientWidth', size: 'scrollWidth', inner: 'innerWidth', overflow: 'overflowX', side: 'left', words: 'right,left,right end,left end,to the right,to the left,horizontally'.split(',') };

/** The page of a document (its viewport) or one scroll container element. */
interface Scroller {
  element: Element;
  isPage: boolean;
}

const SCROLLABLE_OVERFLOW = /^(auto|scroll|overlay)$/;

function position(s: Scroller, axis: Axis): number {
  return s.element[axis.position];
}
function visible(s: Scroller, axis: Axis): number {
  return (s.isPage ? s.element.ownerDocument.defaultView?.[axis.inner] : undefined) ?? s.element[axis.client];
}
function total(s: Scroller, axis: Axis): number {
  return s.element[axis.size];
}
function maxPosition(s: Scroller, axis: Axis): number {
  return Math.max(0, total(s, axis) - s.element[axis.client]);
}

/** The overflow that applies to the viewport: the root's, or body's when the root's is visible (CSS Overflow §3.3). */
function viewportOverflow(doc: Document, axis: Axis): string {
  const read = (el: Element) => styleOf(el)[axis.overflow];
  const root = read(doc.documentElement);
  if (root !== 'visible' || !doc.body) return root;
  return read(doc.body);
}

/** The page of `doc` when a person could scroll it along the axis, else null. */
function scrollablePage(doc: Document, axis: Axis): Scroller | null {
  // `overflow: hidden` on the viewport stops a person from scrolling the page, even though scripts could.
  if (/^(hidden|clip)$/.test(viewportOverflow(doc, axis))) return null;
  const element = doc.scrollingElement ?? doc.documentElement;
  const page = { element, isPage: true };
  return element && maxPosition(page, axis) > 1 ? page : null;
}

function canMove(s: Scroller, axis: Axis, forward: boolean): boolean {
  const at = position(s, axis);
  return forward ? at < maxPosition(s, axis) - 1 : at > 1;
}

function isScrollContainer(element: Element, axis: Axis): boolean {
  return element[axis.size] - element[axis.client] > 1 && SCROLLABLE_OVERFLOW.test(styleOf(element)[axis.overflow]);
}

/** Scroll containers from `start` outwards, crossing shadow roots and frames, ending with each page. */
function scrollChain(start: Element, axis: Axis): Scroller[] {
  const chain: Scroller[] = [];
  for (let n: Node | null = start; n; n = composedParent(n)) {
    if (n.nodeType === 9) {
      const page = scrollablePage(n as Document, axis);
      if (page) chain.push(page);
      continue;
    }
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el === el.ownerDocument.documentElement || el === el.ownerDocument.body || el === el.ownerDocument.scrollingElement) continue;
    if (isScrollContainer(el, axis)) chain.push({ element: el, isPage: false });
  }
  return chain;
}

function visibleArea(element: Element): number {
  const rect = rectOf(element);
  const view = element.ownerDocument.defaultView!;
  const width = Math.max(0, Math.min(rect.right, view.innerWidth) - Math.max(rect.left, 0));
  const height = Math.max(0, Math.min(rect.bottom, view.innerHeight) - Math.max(rect.top, 0));
  return width * height;
}

/** Without an index: the page if it can move; else what a wheel at the viewport centre would scroll; else the largest container. */
function defaultScroller(ctx: DomContext, axis: Axis, forward: boolean): { scroller: Scroller | null; blocked: Scroller | null } {
  const doc = ctx.window.document;
  const page = scrollablePage(doc, axis);
  if (page && canMove(page, axis, forward)) return { scroller: page, blocked: null };
  const center = elementsFromPoint(doc, ctx.window.innerWidth / 2, ctx.window.innerHeight / 2).find((el) => !isAgentElement(ctx, el));
  const fromCenter = center ? scrollChain(center, axis).filter((s) => !s.isPage) : [];
  const movable = fromCenter.find((s) => canMove(s, axis, forward));
  if (movable) return { scroller: movable, blocked: null };
  const containers = queryAll(doc, '*')
    .filter((el) => !isAgentElement(ctx, el) && isScrollContainer(el, axis) && hasBox(el))
    .map((element) => ({ element, isPage: false, area: visibleArea(element) }))
    .filter((c) => c.area > 0)
    .sort((a, b) => b.area - a.area);
  return { scroller: containers.find((s) => canMove(s, axis, forward)) ?? null, blocked: page ?? fromCenter[0] ?? containers[0] ?? null };
}

function nameOf(ctx: DomContext, s: Scroller): string {
  if (s.isPage) return s.element.ownerDocument === ctx.window.document ? 'the page' : `the frame page ${s.element.ownerDocument.location.href}`;
  return describeAny(ctx, s.element);
}

function whereNow(s: Scroller, axis: Axis, forward: boolean): string {
  const at = Math.round(position(s, axis));
  const view = Math.round(visible(s, axis));
  const size = Math.round(total(s, axis));
  const rest = Math.max(0, Math.round(maxPosition(s, axis) - position(s, axis)));
  const [, , end, start, moreWord, lessWord] = axis.words;
  const shows = `It now shows ${at}–${at + view} of ${size} px.`;
  if (forward) return rest <= 1 ? `${shows} Reached the ${end}.` : `${shows} ${rest} px more ${moreWord} (about ${(rest / Math.max(view, 1)).toFixed(1)} pages).`;
  return at <= 1 ? `${shows} Reached the ${start}.` : `${shows} ${at} px more ${lessWord}.`;
}

function watchedOf(s: Scroller, axis: Axis): Watched {
  return { ...s, size: () => total(s, axis) };
}

/** Whether the scroller is within one visible length of the end it moves to, where loaders fire. */
function nearEnd(s: Scroller, axis: Axis, forward: boolean): boolean {
  const rest = forward ? maxPosition(s, axis) - position(s, axis) : position(s, axis);
  return rest <= visible(s, axis);
}

/**
 * What a wheel does at an end: a wheel event on the scroller (the root element for a page) and a
 * scroll event (on the document for a page), with no movement, so infinite lists' listeners fire.
 */
function nudge(s: Scroller, axis: Axis, forward: boolean): void {
  const doc = s.element.ownerDocument;
  const realm = realmOf(s.element);
  const win = realm.window as Window & typeof globalThis;
  const Wheel = win.WheelEvent ?? realm.MouseEvent;
  dispatchEvent(s.element, new Wheel('wheel', { bubbles: true, cancelable: true, composed: true, view: win, [axis === VERTICAL ? 'deltaY' : 'deltaX']: forward ? 100 : -100 }));
  dispatchEvent(s.isPage ? doc : s.element, new realm.Event('scroll', { bubbles: s.isPage }));
}

async function scrollAlong(ctx: DomContext, axis: Axis, forward: boolean, amount: number | undefined, pages: number, index?: number, signal?: AbortSignal): Promise<ActionResult> {
  const words = axis.words[forward ? 0 : 1];
  let scroller: Scroller | null = null;
  let blocked: Scroller | null = null;
  let via = '';
  let around = 'on the page';
  const find = (): ActionResult | void => {
    if (index !== undefined) {
      const target = resolveTarget(ctx, index);
      if (isFailure(target)) return target;
      const chain = scrollChain(target.element, axis);
      scroller = chain.find((s) => canMove(s, axis, forward)) ?? null;
      blocked = chain[0] ?? null;
      via = scroller && (scroller.isPage || scroller.element !== target.element) ? ` (the scroll container of ${target.description})` : '';
      around = `around ${target.description}`;
    } else ({ scroller, blocked } = defaultScroller(ctx, axis, forward));
  };
  const failed = find();
  if (failed) return failed;
  if (!scroller && blocked) {
    // At the end: a wheel there still fires the page's loaders; wait for what they bring.
    const atEnd: Scroller = blocked;
    const finish = watchSettle(ctx, watchedOf(atEnd, axis), forward, signal);
    nudge(atEnd, axis, forward);
    const settled = await finish(true);
    find();
    const notes = settledNote(settled, axis.words[forward ? 4 : 5]!);
    const end = `${nameOf(ctx, atEnd)} is already at the ${axis.words[forward ? 2 : 3]}`;
    if (!notes.length) return fail(`Did not scroll ${words}: ${end}.`);
    if (!scroller) return succeed(sentence(`${end}; scrolling there loaded more.`, notes));
  }
  const chosen = scroller as Scroller | null;
  if (!chosen) return fail(`Did not scroll ${words}: nothing ${around} can scroll ${axis.words[6]}.`);
  const distance = Math.round(amount ?? pages * visible(chosen, axis));
  if (!(distance > 0)) return fail(`Did not scroll: the distance must be more than 0 px (got ${distance}).`);
  const before = position(chosen, axis);
  const delta = forward ? distance : -distance;
  const finish = watchSettle(ctx, watchedOf(chosen, axis), forward, signal);
  // 'instant' overrides `scroll-behavior: smooth`, so the position can be read back right away. The
  // page's scrolling element scrolls its viewport (CSSOM View, Element.scroll()).
  chosen.element.scrollBy({ [axis.side]: delta, behavior: 'instant' });
  const moved = Math.round(Math.abs(position(chosen, axis) - before));
  // Let scroll handlers run and wait for what they load: infinite lists, lazy images, virtual rows.
  const settled = await finish(nearEnd(chosen, axis, forward));
  const short = moved < distance - 1 ? ` (asked for ${distance} px)` : '';
  return succeed(sentence(`Scrolled ${nameOf(ctx, chosen)}${via} ${words} by ${moved} px${short}. ${whereNow(chosen, axis, forward)}`, settledNote(settled, axis.words[forward ? 4 : 5]!)));
}

/**
 * Scrolls vertically by `pixels`, or by `numPages` of the scrolled area's height (default 1): the page,
 * or the container that holds `index`.
 */
export async function scrollPage(ctx: DomContext, options: { down: boolean; numPages?: number; pixels?: number; index?: number; signal?: AbortSignal }): Promise<ActionResult> {
  return scrollAlong(ctx, VERTICAL, options.down !== false, options.pixels, options.numPages ?? 1, options.index, options.signal);
}

/** Scrolls horizontally by `pixels`: the page, or the container that holds `index`. */
export async function scrollHorizontally(ctx: DomContext, options: { right: boolean; pixels: number; index?: number; signal?: AbortSignal }): Promise<ActionResult> {
  return scrollAlong(ctx, HORIZONTAL, options.right !== false, options.pixels, 1, options.index, options.signal);
}
