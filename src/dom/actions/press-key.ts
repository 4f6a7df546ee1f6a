// press_key: one key or combination on the focused element (or on an index, focused first), with
// the events a real keyboard produces (modifier keydowns, keydown, keypress for keys that type,
// keyup) and the default actions synthetic events lack (key-defaults.ts). Reports what changed.
import type { DomContext } from '../context.js';
import type { ActionResult } from '../types.js';
import { isConnected } from '../platform.js';
import { describeAny, watchChanges } from './change-watch.js';
import { deepActiveElement, ensureFocus, isFocusable } from './focus.js';
import { keyDownDefault, keyUpDefault } from './key-defaults.js';
import { MODIFIER_KEYS, dispatchKey, namedKey, noModifiers, parseKeyCombo, typesText, type KeyDefinition, type ModifierState } from './keyboard.js';
import { fail, isFailure, resolveTarget, sentence, succeed } from './resolve-target.js';
import { isOffLimits, keepFocusOut, OFF_LIMITS } from './off-limits.js';

/** Presses `key` ("Enter", "Control+a", "Shift+Tab") on the focused element, or on `index` after focusing it. */
export async function pressKey(ctx: DomContext, key: string, index?: number): Promise<ActionResult> {
  const combo = parseKeyCombo(key);
  if ('error' in combo) return fail(`Did not press anything: ${combo.error}`);
  const doc = ctx.window.document;
  let element: Element;
  let description: string;
  if (index !== undefined) {
    const target = resolveTarget(ctx, index);
    if (isFailure(target)) return target;
    element = target.element;
    description = target.description;
    if (isOffLimits(ctx, element)) return fail(`Did not press ${combo.label}: [${index}] is ${OFF_LIMITS}.`);
    if (isFocusable(element)) ensureFocus(element);
  } else {
    const active = deepActiveElement(doc);
    if (active && isOffLimits(ctx, active)) return fail(`Did not press ${combo.label}: focus is on ${OFF_LIMITS}; give an index to press it on the page.`);
    element = active ?? doc.body ?? doc.documentElement;
    description = element === doc.body || element === doc.documentElement ? 'the page (nothing has focus)' : describeAny(ctx, element);
  }
  const finishWatch = watchChanges(ctx, element);
  const held: Array<[KeyDefinition, ModifierState]> = [];
  const state = noModifiers();
  for (const [flag, name] of MODIFIER_KEYS) {
    if (!combo.modifiers[flag] || combo.key.key === name) continue;
    state[flag] = true;
    const modifier = namedKey(name);
    dispatchKey(element, 'keydown', modifier, { ...state });
    // Its keyup reports the modifier itself released.
    held.push([modifier, { ...state, [flag]: false }]);
  }
  const downAllowed = dispatchKey(element, 'keydown', combo.key, combo.modifiers);
  // Keys that type (and Enter) get a keypress; Control/Alt/Meta combinations and navigation keys do not.
  const pressAllowed = downAllowed && typesText(combo) ? dispatchKey(element, 'keypress', combo.key, combo.modifiers) : false;
  const note = downAllowed && isConnected(element) ? keyDownDefault(element, combo, pressAllowed) : null;
  const kept = keepFocusOut(ctx, element.ownerDocument, combo.modifiers.shiftKey, combo.key.key === 'Tab');
  // keyup goes to whatever has focus now (after Tab, the next element).
  const upTarget = deepActiveElement(element.ownerDocument) ?? element;
  dispatchKey(upTarget, 'keyup', combo.key, combo.modifiers);
  if (upTarget === element && isConnected(element)) keyUpDefault(element, combo, downAllowed);
  for (const [modifier, modifierState] of held.reverse()) {
    dispatchKey(upTarget, 'keyup', modifier, modifierState);
  }
  const notes = await finishWatch({ reportFocus: true });
  const changes = [downAllowed ? '' : 'The page handled the key itself (it cancelled the keydown).', note, kept, ...notes].filter((text) => text) as string[];
  return succeed(sentence(`Pressed ${combo.label} on ${description}.`, changes.length ? changes : ['No change in the page was detected.']));
}
