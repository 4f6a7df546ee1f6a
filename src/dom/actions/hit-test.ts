// Hit-testing a click point the way the browser would route a real pointer, on top of perception's
// deep hit test (open and tracked closed shadow roots, same-origin frames). The agent's own overlay and
// panel (and anything marked data-page-agent-ignore) are looked through, so the mask never intercepts
// the agent's own hit tests.
import type { DomContext } from '../context.js';
import { closest } from '../platform.js';
import { composedContains, isAgentElement as isIgnored, resolveRefs } from '../extract/composed-tree.js';
import { coverRoot, deepElementFromPoint } from '../extract/find-covered.js';
import type { Point } from './geometry.js';

/** What a real pointer at the point would reach, relative to the intended target. */
export type HitResult =
  | { ok: true; hit: Element }
  | { ok: false; hit: Element | null; cover: Element | null };

/** Whether an element belongs to the agent (overlay, configured panel hosts) or is marked ignored. */
export function isAgentElement(ctx: DomContext, element: Element): boolean {
  return ctx.overlay.contains(element) || isIgnored(element, resolveRefs(ctx.config.ignoreElements));
}

/**
 * Hit-tests `topPoint` for `target`: fine when the pointer reaches the target, something inside it,
 * an ancestor (the target itself ignores the pointer), a label of it or the control of the target label; otherwise names the cover
 * (the outermost ancestor of the hit not containing the target: the cookie banner, not its paragraph).
 */
export function hitTest(ctx: DomContext, target: Element, topPoint: Point): HitResult {
  // The deepest page element a real pointer there would hit.
  const hit = deepElementFromPoint(ctx.window.document, topPoint.x, topPoint.y, resolveRefs(ctx.config.ignoreElements));
  if (!hit) return { ok: false, hit: null, cover: null };
  if (composedContains(target, hit) || composedContains(hit, target)) return { ok: true, hit };
  if ((closest(hit, 'label') as HTMLLabelElement | null)?.control === target) return { ok: true, hit };
  // A label listed for its hidden control: that control on top takes the click with the same effect.
  if (target.localName === 'label' && (target as HTMLLabelElement).control === hit) return { ok: true, hit };
  return { ok: false, hit, cover: coverRoot(hit, target) };
}
