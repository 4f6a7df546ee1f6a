// Turns an index from the model into a live element, or into the failure message the model needs:
// read the page again, here are valid indexes nearby. Also the checks every action shares (connected,
// disabled, a short wait for enabling) and the wording of results.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { attr, closest, isConnected, matches, nextFrame } from '../platform.js';

/** A resolved target: the element and the one-line description the model saw for it. */
export interface Target {
  index: number;
  element: Element;
  description: string;
}

function nearbyText(ctx: DomContext, index: number): string {
  const nearby = ctx.registry.nearbyValid(index);
  if (!nearby.length) return 'No indexed element is available right now.';
  return `Valid indexes near it: ${nearby.map((i) => `[${i}]`).join(', ')}.`;
}

/** Resolves `index`, or returns a failure that says why and names nearby valid indexes. */
export function resolveTarget(ctx: DomContext, index: number): Target | ActionResult {
  if (!Number.isInteger(index) || index < 0) {
    return fail(`${JSON.stringify(index)} is not an element index; use a number shown in brackets like [12]. ${nearbyText(ctx, 0)}`);
  }
  const resolved = ctx.registry.resolve(index);
  if (resolved.ok) return { index, element: resolved.element, description: resolved.description };
  if (resolved.reason === 'stale') {
    const was = resolved.description ? ` (it was ${resolved.description})` : '';
    return fail(`Element [${index}]${was} is no longer in the page; the page changed. Read the page again. ${nearbyText(ctx, index)}`);
  }
  return fail(`There is no element with index [${index}]; read the page again. ${nearbyText(ctx, index)}`);
}

/** Whether `resolveTarget` (or `reachElement`) failed. */
export function isFailure<T extends ActionResult>(value: object | T): value is T {
  return 'success' in value;
}

/** The failure for an element that left the page while the action ran. */
export function detachedResult(target: Target, doing: string): ActionResult {
  return fail(`${target.description} left the page while ${doing}; nothing was completed. Read the page again.`);
}

/** Whether the element is disabled natively (including through a disabled fieldset) or by ARIA. */
export function isDisabled(element: Element): boolean {
  if (matches(element, ':disabled')) return true;
  const aria = closest(element, '[aria-disabled]');
  return aria !== null && attr(aria, 'aria-disabled') === 'true';
}

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
  return fail(`Did not ${verb} ${target.description}: it is disabled. It may become enabled once required fields are filled or another step is done.`);
}

/** Joins the first sentence of a result with notes about what changed. */
export function sentence(first: string, notes: string[]): string {
  return [first, ...notes].join(' ');
}

/** Quotes text for a message, shortened to 80 characters. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 79)}…` : flat);
}

/** A failed result with this message. */
export function fail(message: string): ActionResult {
  return { success: false, message };
}

/** A successful result with this message. */
export function succeed(message: string): ActionResult {
  return { success: true, message };
}
