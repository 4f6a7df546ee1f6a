// Brings a target to where a person could act on it: scrolled into view (through nested scroll
// containers and frames), its box stable, the cursor moved there, and the point hit-tested. Visually
// hidden checkboxes and radios are reached through their visible label, as a person would.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { closest, isConnected, queryAll, rectOf, styleOf } from '../platform.js';
import { describeAny, indexedDescription } from './change-watch.js';
import { composedContains } from '../extract/composed-tree.js';
import { clickPoint, hasBox, scrollIntoViewIfNeeded, toTopPoint, waitForStableBox, type Point } from './geometry.js';
import { hitTest } from './hit-test.js';
import { movePointer, pressAndRelease } from './pointer.js';
import { detachedResult, fail, isFailure, type Target } from './resolve-target.js';

/** Where to dispatch: the element itself or its label, and the point in top-window coordinates. */
export interface Reached {
  element: Element;
  top: Point;
  /** The label used instead of a visually hidden control. */
  viaLabel: HTMLLabelElement | null;
}

function visibleLabel(element: Element): HTMLLabelElement | null {
  return Array.from((element as HTMLInputElement).labels ?? []).find(hasBox) ?? null;
}

/** A control shrunk to a pixel or clipped away (the "sr-only" pattern), which people operate through its label. */
function isVisuallyHidden(element: Element): boolean {
  const rect = rectOf(element);
  if (rect.width <= 2 || rect.height <= 2) return true;
  const style = styleOf(element);
  return style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)' || style.clipPath === 'inset(100%)';
}

function indexedInside(ctx: DomContext, cover: Element): string[] {
  const found: string[] = [];
  for (const el of [cover, ...queryAll(cover, '*').slice(0, 3000)]) {
    const description = indexedDescription(ctx, el);
    if (description !== undefined && found.push(description) === 3) break;
  }
  return found;
}

function locate(ctx: DomContext, element: Element): { top: Point; hit: ReturnType<typeof hitTest> } | null {
  const point = clickPoint(element);
  if (!point) return null;
  const top = toTopPoint(element.ownerDocument, point);
  return { top, hit: hitTest(ctx, element, top) };
}

/** A failure to reach the target; `cover` is set when another element would take the pointer. */
export interface Unreached extends ActionResult {
  cover?: Element;
}

/** The failure for a target that another element covers (or with nothing at its point); names the cover and what inside it can dismiss it. */
function covered(ctx: DomContext, verb: string, target: Target, cover: Element | null): Unreached {
  if (!cover) return fail(`Did not ${verb} ${target.description}: nothing of the page is at its position (it may be off-screen or clipped). Scroll or read the page again.`);
  const inside = indexedInside(ctx, cover);
  const hint = inside.length ? ` Deal with that first, e.g. through ${inside.join(', ')}.` : ' Close or dismiss it first.';
  return { ...fail(`Did not ${verb} ${target.description}: it is covered by ${describeAny(ctx, cover)}, which would receive the pointer instead.${hint}`), cover };
}

/**
 * A real pointer's events go to the deepest element under it (the icon inside the button, the text of
 * a label); when the target itself ignores the pointer, to the target as the model asked.
 */
function dispatchTarget(candidate: Element, element: Element, hit: Element): Element {
  if (composedContains(candidate, hit)) return hit;
  const label = closest(hit, 'label') as HTMLLabelElement | null;
  if (label && label.control === element) return hit;
  return candidate;
}

/**
 * Scrolls, waits for a stable box, moves the cursor and hit-tests; returns where to dispatch, or a
 * failure saying why a person could not reach the target (hidden, off-screen, covered, detached).
 */
export async function reachElement(ctx: DomContext, target: Target, verb: string, signal?: AbortSignal): Promise<Reached | Unreached> {
  const element = target.element;
  if (!isConnected(element)) return detachedResult(target, `trying to ${verb} it`);
  const label = visibleLabel(element);
  const boxed = hasBox(element);
  if (!boxed && !label) return fail(`Did not ${verb} ${target.description}: it is not visible (it has no box on the page). Read the page again, or reveal it first.`);
  let viaLabel = !boxed || isVisuallyHidden(element) ? label : null;
  let candidate: Element = viaLabel ?? element;
  scrollIntoViewIfNeeded(candidate);
  if (!(await waitForStableBox(candidate))) return detachedResult(target, `scrolling to it`);
  signal?.throwIfAborted();
  let located = locate(ctx, candidate);
  if (!located?.hit.ok && label && !viaLabel) {
    // A visually hidden control (1px, clipped, transparent under a styled box) is reached through its label.
    scrollIntoViewIfNeeded(label);
    const viaLabelLocated = locate(ctx, label);
    if (viaLabelLocated?.hit.ok) {
      candidate = viaLabel = label;
      located = viaLabelLocated;
    }
  }
  if (!located) return fail(`Did not ${verb} ${target.description}: it is outside the visible area and could not be scrolled into view.`);
  if (!located.hit.ok) return covered(ctx, verb, target, located.hit.cover);
  // By default only the element being acted on is outlined and numbered (config `highlight`).
  const mode = ctx.config.highlight;
  if (mode === undefined || mode === 'action') ctx.overlay.drawHighlights([{ index: target.index, element: candidate }]);
  await ctx.overlay.moveCursor(located.top.x, located.top.y);
  signal?.throwIfAborted();
  if (!isConnected(candidate) || !isConnected(element)) return detachedResult(target, `moving the pointer to it`);
  // Measure and hit-test again right before dispatching: the page may have moved during the animation.
  const final = locate(ctx, candidate);
  if (!final) return fail(`Did not ${verb} ${target.description}: it moved out of view while the pointer moved to it. Read the page again.`);
  if (!final.hit.ok) return covered(ctx, verb, target, final.hit.cover);
  if (final.top.x !== located.top.x || final.top.y !== located.top.y) await ctx.overlay.moveCursor(final.top.x, final.top.y);
  return { element: dispatchTarget(candidate, element, final.hit.hit), top: final.top, viaLabel };
}

/** Reaches the target and clicks it as a person would; the failure (naming any cover) when it cannot be reached. */
export async function reachAndClick(ctx: DomContext, target: Target, verb: string, signal?: AbortSignal): Promise<Unreached | null> {
  const reached = await reachElement(ctx, target, verb, signal);
  if (isFailure(reached)) return reached;
  signal?.throwIfAborted();
  movePointer(ctx, reached.element, reached.top);
  pressAndRelease(reached.element, reached.top);
  return null;
}

/** The result to return to the model for a failure (without internal details). */
export function unreachedResult(value: Unreached): ActionResult {
  return fail(value.message);
}
