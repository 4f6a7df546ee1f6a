// click_element_by_index: reach the element like a person (scroll, stable box, hit-test, refuse when
// covered), then the full pointer sequence with real coordinates, and report what changed.
import type { DomContext } from '../context.js';
import { describeElement } from '../describe.js';
import type { ActionResult } from '../types.js';
import { attr, closest, nextFrame } from './builtins.js';
import { watchChanges } from './change-watch.js';
import { movePointer, pressAndRelease } from './pointer.js';
import { isUnreached, reachElement } from './reach.js';
import { isDisabled, isFailure, resolveTarget, sentence, type Target } from './resolve-target.js';

/** Frames to wait for a disabled target to become enabled (validation that runs after typing). */
const ENABLE_WAIT_FRAMES = 20;

/** Waits briefly for a disabled element to become enabled; returns whether it is enabled. */
export async function waitUntilEnabled(element: Element, signal?: AbortSignal): Promise<boolean> {
  for (let i = 0; i < ENABLE_WAIT_FRAMES && isDisabled(element); i++) {
    signal?.throwIfAborted();
    await nextFrame();
  }
  return !isDisabled(element);
}

/** The failure for a disabled target. */
export function disabledResult(target: Target, verb: string): ActionResult {
  return {
    success: false,
    message: `Did not ${verb} ${target.description}: it is disabled. It may become enabled once required fields are filled or another step is done.`,
  };
}

function linkNote(element: Element): string[] {
  const link = closest(element, 'a[href]');
  if (!link) return [];
  const targetAttr = attr(link, 'target');
  if (targetAttr === '_blank') return ['The link opens in a new tab or window, which the agent cannot see; this page stays as it was.'];
  if (link.hasAttribute('download')) return ['The link downloads a file.'];
  return [];
}

/**
 * Clicks the element with this index the way a person would, refusing when something covers it.
 * @see https://w3c.github.io/pointerevents/#the-pointerdown-event (event order)
 */
export async function clickElement(ctx: DomContext, index: number, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const target = resolveTarget(ctx, index);
  if (isFailure(target)) return target;
  if (!(await waitUntilEnabled(target.element, signal))) return disabledResult(target, 'click');
  const reached = await reachElement(ctx, target, 'click', signal);
  if (isUnreached(reached)) return reached;
  signal?.throwIfAborted();
  const watch = watchChanges(ctx, target.element);
  movePointer(ctx, reached.element, reached.top);
  const outcome = pressAndRelease(reached.element, reached.top);
  ctx.overlay.pressCursor();
  const notes = await watch.finish();
  if (!outcome.clicked) {
    return {
      success: false,
      message: sentence(`Pressed the mouse on ${target.description}, but it left the page before the button was released, so no click happened.`, notes),
    };
  }
  const via = reached.viaLabel ? ` through its label ${describeElement(reached.viaLabel)}` : '';
  const changes = notes.length > 0 ? notes : ['No change in the page was detected yet.'];
  return { success: true, message: sentence(`Clicked ${target.description}${via}.`, [...linkNote(target.element), ...changes]) };
}
