// Off-limits for every action: the agent's own UI (overlay, panel, ignoreElements, anything inside
// data-page-agent-ignore) and elements the page marks not interactive (data-page-agent-not-interactive,
// interactiveBlacklist). Key presses never act on them, focus never stays on them, and results never
// name them.
import type { DomContext } from '../context.js';
import { resolveRefs } from '../extract/composed-tree.js';
import { hasAttribute } from '../platform.js';
import { deepActiveElement, moveFocusSequentially, tabOrder } from './focus.js';
import { isAgentElement } from './hit-test.js';

/** How results refer to an off-limits element, without naming it. */
export const OFF_LIMITS = 'an element the agent may not use';

export function isOffLimits(ctx: DomContext, element: Element): boolean {
  return isAgentElement(ctx, element) || hasAttribute(element, 'data-page-agent-not-interactive') || resolveRefs(ctx.config.interactiveBlacklist).has(element);
}

/**
 * After a key press: when focus landed on an off-limits element, Tab goes on past it (and past any
 * that follow) and anything else takes focus off it. Returns a note for the result, if it acted.
 */
export function keepFocusOut(ctx: DomContext, doc: Document, backwards: boolean, tab: boolean): string | undefined {
  let landed = deepActiveElement(doc);
  if (!landed || !isOffLimits(ctx, landed)) return undefined;
  for (let left = tab ? tabOrder(doc).length : 0; landed && isOffLimits(ctx, landed) && left > 0; left--) landed = moveFocusSequentially(landed, doc, backwards);
  if (landed && isOffLimits(ctx, landed)) (landed as HTMLElement).blur();
  return `Focus would have moved to ${OFF_LIMITS}, so it ${tab ? 'went on past it' : 'was taken off it'}.`;
}
