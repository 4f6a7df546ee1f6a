// scroll_to_text: what a person does with Ctrl+F. Finds visible text anywhere in the page (beyond the
// listed part, in scroll containers, open shadow roots, same-origin frames, inside collapsed <details>,
// which it opens), scrolls the chosen match into view so the next
// page text lists it, waits for what the scroll loads, and says how many matches there are.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { closest, innerHeight, isConnected, localName, rectOf, styleOf, textContent } from '../platform.js';
import { composedParent, frameDocument, shadowRootOf } from '../extract/composed-tree.js';
import { describeAny } from './change-watch.js';
import { hasBox, scrollIntoViewIfNeeded } from './geometry.js';
import { isAgentElement } from './hit-test.js';
import { fail, quote, sentence, succeed } from './resolve-target.js';
import { settledNote, watchSettle } from './settle.js';

const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Where a match is and what must be opened to show it. */
interface Match {
  element: Element;
  /** A collapsed <details> that hides the match. */
  closed: Element | null;
}

/** The closed <details> hiding `element` (outside its summary), if any. */
function closedAncestor(element: Element): Element | null {
  if (closest(element, 'summary')) return null;
  for (let n: Node | null = composedParent(element); n; n = composedParent(n)) {
    if ((n as Element).localName === 'details' && !(n as HTMLDetailsElement).open) return n as Element;
  }
  return null;
}

/** Whether the match can be seen, or be shown by opening what collapses it. */
function shownOrFoldable(element: Element): Match | null {
  // First: Chromium may lay out the content of a closed <details> (content-visibility) without showing it.
  const closed = closedAncestor(element);
  if (closed) return { element, closed };
  if (!hasBox(element)) return null;
  const style = styleOf(element);
  return style.visibility === 'hidden' || style.opacity === '0' ? null : { element, closed: null };
}

/**
 * Adds the deepest elements under `parent` (crossing open and tracked closed shadow roots and
 * same-origin frames) whose text contains `query`, in document order. Text split over inline children
 * (Item <b>95</b>) matches their common parent. `has`: the parent's own text contains the query (when
 * it does not, no light child's can, and only shadow roots and frames below are searched).
 */
function findIn(ctx: DomContext, parent: ParentNode, query: string, out: Element[], has = true): void {
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const el = children[i]!;
    const tag = localName(el);
    if (SKIPPED.has(tag) || isAgentElement(ctx, el)) continue;
    const before = out.length;
    const inner = tag === 'iframe' || tag === 'frame' ? frameDocument(el)?.body : shadowRootOf(el);
    if (inner) findIn(ctx, inner, query, out);
    // Light children: plain content, or slotted into the shadow root. Every element is visited:
    // textContent leaves out shadow roots and frames, which may sit anywhere below.
    const own = has && normalize(textContent(el) ?? '').includes(query);
    findIn(ctx, el, query, out, own);
    if (out.length === before && own) out.push(el);
  }
}

/** Scrolls the `nth` (1-based) visible match of `text` into view. */
export async function scrollToText(ctx: DomContext, text: string, nth = 1, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const query = normalize(typeof text === 'string' ? text : '');
  if (!query) return fail('scroll_to_text needs the text to find; it was empty.');
  if (!(nth >= 1)) return fail(`nth starts at 1; got ${nth}. Nothing was scrolled.`);
  const body = ctx.window.document.body;
  const found: Element[] = [];
  if (body) findIn(ctx, body, query, found);
  const matches = found.map(shownOrFoldable).filter((match) => match !== null);
  const quoted = quote(text.trim());
  const count = matches.length;
  if (nth > count) {
    return fail(count ? `Only ${count} match${count === 1 ? '' : 'es'} of ${quoted}; nothing was scrolled.` : `No visible text ${quoted} anywhere on the page; nothing was scrolled.`);
  }
  const match = matches[nth - 1]!;
  const notes: string[] = [];
  if (match.closed) {
    (match.closed as HTMLDetailsElement).open = true;
    notes.push(`Opened the collapsed ${describeAny(ctx, match.closed)} that held it.`);
  }
  const page = ctx.window.document.scrollingElement ?? ctx.window.document.documentElement;
  const finish = watchSettle(ctx, { element: page, isPage: true, size: () => page.scrollHeight }, true, signal);
  scrollIntoViewIfNeeded(match.element);
  notes.push(...settledNote(await finish(false), 'below'));
  if (!isConnected(match.element)) return fail(sentence(`The match of ${quoted} left the page.`, notes));
  const rect = rectOf(match.element);
  const where = rect.bottom > 0 && rect.top < innerHeight(ctx.window) ? 'now in view' : 'not fully in view';
  return succeed(sentence(`Scrolled to match ${nth} of ${count} for ${quoted}, ${where}: ${describeAny(ctx, match.element)}.`, notes));
}
