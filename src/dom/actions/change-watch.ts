// Watches what an action changed so the result can say it: URL, a navigation or form submission that
// started, dialogs that opened or closed, elements added, text that changed, the target leaving the
// page or changing state, focus moving. Starts before the events are dispatched and settles after.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import type { DomContext } from '../context.js';
import { deepActiveElement } from './focus.js';
import { describeElement } from '../describe.js';
import { schedule } from '../../base/index.js';
import { attr, isConnected, listen, newMutationObserver, nextFrame, queryAll } from '../platform.js';
import { shadowRootOf } from '../extract/composed-tree.js';
import { hasBox } from './geometry.js';
import { isAgentElement } from './hit-test.js';
import { isOffLimits, OFF_LIMITS } from './off-limits.js';

const DIALOGS = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true], [popover]:popover-open';
const STATE_ATTRIBUTES = ['aria-expanded', 'aria-pressed', 'aria-checked', 'aria-selected'] as const;

/** The target's state as words: checked or unchecked, open or closed, then the ARIA state attributes. */
type TargetState = Record<string, string | null>;

function targetState(target: Element): TargetState {
  // No prototype: stateNotes walks its keys, and a page may add enumerable ones to Object.prototype.
  const state: TargetState = Object.create(null);
  // A label listed for a hidden checkbox or radio reports that control's state.
  const input = (target.localName === 'label' ? (target as HTMLLabelElement).control ?? target : target) as HTMLInputElement;
  if (input.localName === 'input' && (input.type === 'checkbox' || input.type === 'radio')) state.checked = input.checked ? 'checked' : 'unchecked';
  if (target.localName === 'details') state.open = (target as HTMLDetailsElement).open ? 'open' : 'closed';
  for (const name of STATE_ATTRIBUTES) state[name] = attr(target, name);
  return state;
}

/** Whether `nodes` hold a text node with more than whitespace. */
function hasText(nodes: NodeList): boolean {
  for (let i = 0; i < nodes.length; i++) if (nodes[i]!.nodeType === 3 && nodes[i]!.nodeValue!.trim()) return true;
  return false;
}

function openDialogs(docs: Set<Document>): Set<Element> {
  const found = new Set<Element>();
  for (const doc of docs) for (const el of queryAll(doc, DIALOGS)) if (hasBox(el)) found.add(el);
  return found;
}

/** Most elements scanned for shadow roots inside an action's target. */
const SHADOW_SCAN_LIMIT = 2000;

/**
 * Shadow roots whose changes are an action's effect but that observing the document misses: those the
 * target lives in, and those inside it (a web component keeps its value in its own shadow tree). Open
 * ones, and closed ones the listener tracker saw.
 */
function shadowRootsOf(target: Element): Node[] {
  const roots: Node[] = [];
  for (let root = target.getRootNode() as Node & { host?: Element }; root.nodeType === 11 && root.host; root = root.host.getRootNode() as Node & { host?: Element }) roots.push(root);
  let scanned = 0;
  const inside = (el: Element): void => {
    const root = shadowRootOf(el);
    if (root && !roots.includes(root)) {
      roots.push(root);
      for (const child of queryAll(root, '*')) if (scanned++ < SHADOW_SCAN_LIMIT) inside(child);
    }
  };
  inside(target);
  for (const child of queryAll(target, '*')) if (scanned++ < SHADOW_SCAN_LIMIT) inside(child);
  return roots;
}

/** The index line of an element that has a live index. */
export function indexedDescription(ctx: DomContext, element: Element): string | undefined {
  const index = ctx.registry.indexOf(element);
  const resolved = index === undefined ? undefined : ctx.registry.resolve(index);
  return resolved?.ok ? resolved.description : undefined;
}

/** Describes an element by its index line when it has one, otherwise by its tag and text. */
export function describeAny(ctx: DomContext, element: Element): string {
  return indexedDescription(ctx, element) ?? describeElement(element);
}

/** A running watch: call it to wait for the page to settle and get sentences about what changed. */
export type ChangeWatch = (options?: { reportFocus?: boolean; settleFrames?: number }) => Promise<string[]>;

/**
 * Starts watching the top document and the target's document for the effects of an action on
 * `target`. A stopped action never calls the returned function: aborting `signal` lets go of the
 * observer and listeners instead.
 */
export function watchChanges(ctx: DomContext, target: Element, signal?: AbortSignal): ChangeWatch {
  const topDoc = ctx.window.document;
  const docs = new Set([topDoc, target.ownerDocument]);
  const urlBefore = ctx.window.location.href;
  const dialogsBefore = openDialogs(docs);
  const stateBefore = targetState(target);
  const focusBefore = deepActiveElement(topDoc);
  let added = 0;
  let mutated = false;
  // The first element whose own text changed (a status line, a counter), to name in the result.
  let textChanged: Element | null = null;
  let navigation: string | null = null;
  let submitted: Event | null = null;
  // history.back/forward/go called during the action, and whether the browser has answered it yet.
  let traversal = false;
  let moved = false;
  const observer = newMutationObserver((records) => {
    for (const record of records) {
      mutated = true;
      if (!textChanged) {
        const changed = record.type === 'characterData' ? record.target.parentNode : hasText(record.addedNodes) || hasText(record.removedNodes) ? record.target : null;
        if (changed?.nodeType === 1 && !isAgentElement(ctx, changed as Element)) textChanged = changed as Element;
      }
      for (const node of Array.from(record.addedNodes)) {
        if (node.nodeType !== 1 || ctx.overlay.contains(node)) continue;
        added += 1 + Math.min((node as Element).getElementsByTagName('*').length, 10_000);
      }
    }
  });
  const stops: Array<() => void> = [];
  const observed = { childList: true, subtree: true, attributes: true, characterData: true };
  for (const root of shadowRootsOf(target)) observer.observe(root, observed);
  for (const doc of docs) {
    observer.observe(doc, observed);
    const win = doc.defaultView;
    if (!win) continue;
    // Capture: pages may stop the event's propagation. Whether it was cancelled is read after dispatch.
    stops.push(listen(doc, 'submit', (event) => {
      submitted = event;
    }, { capture: true }));
    const nav = (win as Window & { navigation?: EventTarget }).navigation;
    if (nav) {
      stops.push(listen(nav, 'navigate', (event) => {
        const e = event as Event & { destination?: { url: string; sameDocument?: boolean }; hashChange?: boolean };
        moved = true;
        if (e.destination && !e.hashChange && e.destination.sameDocument === false) navigation = e.destination.url;
      }));
    }
    stops.push(listen(win, 'beforeunload', () => {
      navigation ??= '';
    }));
    stops.push(listen(win, 'popstate', () => {
      moved = true;
    }));
    // A traversal starts in the browser, not during the call: its navigate event can come after the
    // frames the watch waits. The call is noted so the watch waits for the browser's answer.
    const hist = win.history as History & Record<string, unknown>;
    for (const name of ['back', 'forward', 'go']) {
      const own = Object.getOwnPropertyDescriptor(hist, name);
      const call = hist[name] as (...args: unknown[]) => unknown;
      try {
        hist[name] = (...args: unknown[]) => ((traversal = true), call.apply(hist, args));
      } catch {
        continue; // a page that froze its history: its traversals are read as before
      }
      stops.push(() => (own ? Object.defineProperty(hist, name, own) : delete hist[name]));
    }
  }

  const release = () => {
    observer.disconnect();
    for (const stop of stops.splice(0)) stop();
  };
  // The signal is the agent's own, not the page's: its own methods are used, as elsewhere.
  if (signal) {
    signal.addEventListener('abort', release, { once: true });
    stops.push(() => signal.removeEventListener('abort', release));
  }

  return async (options = {}) => {
    // Let framework updates (microtasks, effects, transitions) land before reading the result.
    const frames = options.settleFrames ?? 2;
    for (let i = 0; i < frames; i++) await nextFrame();
    for (let i = 0; i < 8 && mutated && navigation === null; i++) {
      mutated = false;
      await nextFrame();
    }
    // A traversal the browser has not answered yet (a loaded machine): up to 2 s, so the next read
    // does not show the page being left. A traversal with nowhere to go is never answered.
    let late = false;
    const stopWaiting = schedule(() => (late = true), 2000);
    while (traversal && !moved && navigation === null && !late) await nextFrame();
    stopWaiting();
    release();
    const notes: string[] = [];
    if (navigation !== null) {
      notes.push(`A page navigation started${navigation ? ` to ${navigation}` : ''}; read the page again once it has loaded.`);
    } else if (submitted) {
      const event = submitted as Event;
      const handled = event.defaultPrevented ? ' (the page handled it without leaving)' : '';
      notes.push(`The form ${describeElement(event.target as Element)} was submitted${handled}.`);
    }
    const urlAfter = ctx.window.location.href;
    if (urlAfter !== urlBefore) notes.push(`The URL changed to ${urlAfter}.`);
    const dialogsAfter = openDialogs(docs);
    for (const dialog of dialogsAfter) if (!dialogsBefore.has(dialog)) notes.push(`A dialog opened: ${describeElement(dialog)}.`);
    for (const dialog of dialogsBefore) if (!dialogsAfter.has(dialog)) notes.push(`The dialog ${describeElement(dialog)} closed.`);
    notes.push(...stateNotes(target, stateBefore));
    if (options.reportFocus) {
      const focusAfter = deepActiveElement(topDoc);
      if (focusAfter && focusAfter !== focusBefore && focusAfter !== topDoc.body) notes.push(`Focus moved to ${isOffLimits(ctx, focusAfter) ? OFF_LIMITS : describeAny(ctx, focusAfter)}.`);
    }
    // Typing into an editable area changes its text by design: the typing result already says so.
    const typedInto = (target as HTMLElement).isContentEditable && target.contains(textChanged);
    if (textChanged && isConnected(textChanged) && !typedInto) notes.push(`Text changed in ${describeElement(textChanged)} (shown as it is now).`);
    if (added > 0) notes.push(`${added} element${added === 1 ? '' : 's'} appeared in the page; read it again to see them (marked with *).`);
    return notes;
  };
}

function stateNotes(target: Element, before: TargetState): string[] {
  if (!isConnected(target)) return ['The element is no longer in the page.'];
  const after = targetState(target);
  const notes: string[] = [];
  for (const name in before) {
    const now = after[name];
    if (now !== before[name]) {
      // Null: the attribute was removed (or the control stopped being a checkbox); nothing to state.
      if (now != null) notes.push(name.startsWith('aria') ? `${name} is now ${now}.` : `It is now ${now}.`);
    } else if (name === 'checked' && (target as HTMLInputElement).type === 'checkbox') notes.push(`It is still ${now}.`);
  }
  return notes;
}
