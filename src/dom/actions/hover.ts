// hover_element: move the pointer onto an element (over/enter events on the path, CSS :hover
// emulated) for menus and tooltips that open on hover, then say what became visible.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { matches, queryAll, sleep } from '../platform.js';
import { describeAny, watchChanges } from './change-watch.js';
import { hasBox } from './geometry.js';
import { applyHoverStyles } from './hover-styles.js';
import { movePointer } from './pointer.js';
import { reachElement, unreachedResult } from './reach.js';
import { isFailure, resolveTarget, sentence, succeed } from './resolve-target.js';
import { isOffLimits } from './off-limits.js';

/** How long menus get to open after the pointer arrives (hover-intent delays are usually 100–300 ms). */
const HOVER_SETTLE_MS = 250;
const SCOPE_LIMIT = 3000;
const INTERACTIVE = 'a[href], button, [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=link], [role=button], input, select, textarea, [tabindex]';

/** Elements near the target that a hover typically reveals: its parent's subtree (li:hover > ul, siblings). */
function revealScope(target: Element): Element[] {
  const scope = target.parentElement ?? target;
  return queryAll(scope, '*').slice(0, SCOPE_LIMIT);
}

/** Moves the pointer over the element with this index and reports what appeared. */
export async function hoverElement(ctx: DomContext, index: number, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const target = resolveTarget(ctx, index);
  if (isFailure(target)) return target;
  const reached = await reachElement(ctx, target, 'hover over', signal);
  if (isFailure(reached)) return unreachedResult(reached);
  const scope = revealScope(target.element);
  const hiddenBefore = new Set(scope.filter((el) => !hasBox(el)));
  const finishWatch = watchChanges(ctx, target.element, signal);
  movePointer(ctx, reached.element, reached.top);
  applyHoverStyles(ctx, reached.element);
  await sleep(HOVER_SETTLE_MS);
  const notes = await finishWatch();
  const revealed = scope.filter((el) => hiddenBefore.has(el) && hasBox(el) && !isOffLimits(ctx, el));
  if (revealed.length) {
    const examples = revealed.filter((el) => matches(el, INTERACTIVE)).slice(0, 3).map((el) => describeAny(ctx, el));
    const sample = examples.length ? `, e.g. ${examples.join(', ')}` : '';
    notes.unshift(`${revealed.length} element${revealed.length === 1 ? '' : 's'} became visible${sample}; read the page again to act on them.`);
  }
  const changes = notes.length ? notes : ['Nothing new appeared; if a menu should open, it may need a click instead.'];
  return succeed(sentence(`Hovered over ${target.description}.`, changes));
}
