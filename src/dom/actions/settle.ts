// Waiting for what a scroll loads: after the scroll, watch the scrolled document (and the top one)
// for appended nodes, a grown scroll size and lazy image sources, until the page has been quiet for a
// moment or a bound is reached, and say what appeared and where. Infinite lists, lazy images and
// virtual rows render after the scroll event, a frame, an IntersectionObserver callback or a fetch.
import { sleep } from '../../base/index.js';
import { now } from '../intrinsics.js';
import { isConnected, newMutationObserver, nextFrame, rectOf } from '../platform.js';
import type { DomContext } from '../context.js';
import { hasBox } from './geometry.js';

/** The longest a scroll waits for the page to settle. */
export const SETTLE_LIMIT_MS = 1500;
/** Quiet time that ends the wait once something happened. */
export const QUIET_MS = 150;
/** Quiet time that ends the wait when nothing happened yet but a scroll reached near an end, where loaders fire. */
export const LOADER_GRACE_MS = 500;

/** The scrolled element (a container, or the scrolling element of a page) and how to measure it. */
export interface Watched {
  element: Element;
  isPage: boolean;
  /** The scroll size along the axis. */
  size(): number;
}

/** What appeared while the page settled. */
export interface Settled {
  /** Items added (the children of a single added wrapper count one each), still in the page and visible. */
  added: number;
  /** How many of them are not wholly visible, on the side the scroll moved to. */
  beyond: number;
  /** Growth of the scroll size, px. */
  grown: number;
  /** The page was still changing when the bound was reached. */
  busy: boolean;
}

/**
 * Watches from now until the page is quiet: `QUIET_MS` after the last change, `LOADER_GRACE_MS` when
 * nothing changed and `nearEnd`, at most `SETTLE_LIMIT_MS`. Mutations of the agent's own overlay and
 * attribute changes other than image sources (animations) do not count. The returned function must be
 * called (it disconnects the observer), also when the signal aborts, which it then rethrows.
 */
export function watchSettle(ctx: DomContext, watched: Watched, forward: boolean, signal?: AbortSignal): (nearEnd: boolean) => Promise<Settled> {
  const docs = new Set([ctx.window.document, watched.element.ownerDocument]);
  const sizeBefore = watched.size();
  const start = now();
  let last = start;
  let active = false;
  const added: Element[] = [];
  const observer = newMutationObserver((records) => {
    for (let r = 0; r < records.length; r++) {
      const record = records[r]!;
      if (ctx.overlay.contains(record.target)) continue;
      last = now();
      active = true;
      const nodes = record.addedNodes;
      for (let i = 0; i < nodes.length; i++) if (nodes[i]!.nodeType === 1 && !ctx.overlay.contains(nodes[i]!)) added[added.length] = nodes[i] as Element;
    }
  });
  // Lazy images swapping in their source count too; other attribute changes (animations) do not.
  for (const doc of docs) observer.observe(doc, { childList: true, subtree: true, attributes: true, characterData: true, attributeFilter: ['src', 'srcset'] });

  return async (nearEnd) => {
    let size = watched.size();
    let busy = false;
    try {
      for (;;) {
        await nextFrame();
        signal?.throwIfAborted();
        const current = watched.size();
        if (current !== size) {
          size = current;
          last = now();
          active = true;
        }
        const t = now();
        if (t - last >= (!active && nearEnd ? LOADER_GRACE_MS : QUIET_MS)) {
          // Timers that came due while the page could not run (a long task of its own, a loaded
          // machine) get their turn only after this frame: a loader's timer must not pass for quiet
          // time. A new 1 ms timer runs after every timer due before it (Chromium runs a 0 ms one
          // as an ordinary task, which may go first).
          await sleep(1, signal);
          if (last <= t && watched.size() === size) break;
          continue;
        }
        if (t - start >= SETTLE_LIMIT_MS) {
          busy = active;
          break;
        }
      }
    } finally {
      observer.disconnect();
    }
    const items = countItems(added);
    return { added: items.length, beyond: items.filter((el) => isBeyond(ctx, watched, el, forward)).length, grown: watched.size() - sizeBefore, busy };
  };
}

/** The visible added elements; one added wrapper of several elements counts as its children. */
function countItems(added: Element[]): Element[] {
  const alive = added.filter((el) => isConnected(el) && !added.some((other) => other !== el && other.contains(el)));
  const visible = alive.filter(hasBox);
  if (visible.length === 1 && visible[0]!.childElementCount > 1) return Array.from(visible[0]!.children).filter(hasBox);
  return visible;
}

function isBeyond(ctx: DomContext, watched: Watched, el: Element, forward: boolean): boolean {
  const rect = rectOf(el);
  const view = watched.isPage ? { top: 0, bottom: (watched.element.ownerDocument.defaultView ?? ctx.window).innerHeight } : rectOf(watched.element);
  // Not wholly in view on the far side: a person would scroll on to read it.
  return forward ? rect.bottom > view.bottom + 1 : rect.top < view.top - 1;
}

/** The sentences about what a scroll loaded, or none. */
export function settledNote(settled: Settled, beyondWord: string): string[] {
  const { added, beyond, grown } = settled;
  const grew = grown > 1 ? ` (the content grew by ${Math.round(grown)} px)` : '';
  const notes = added > 0 ? [`${added} new item${added === 1 ? '' : 's'} ${beyond === added ? `loaded ${beyondWord}` : beyond > 0 ? `loaded, ${beyond} of them ${beyondWord}` : 'appeared in view'}${grew}; read the page again (marked with *).`] : grew ? [`More was loaded${grew}; read the page again.`] : [];
  if (settled.busy) notes.push(`The page kept changing for ${SETTLE_LIMIT_MS / 1000} s.`);
  return notes;
}
