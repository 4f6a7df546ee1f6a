// Focus as a person's pointer and keyboard move it: which element a mousedown focuses (or blurs
// everything), the deep active element across shadow roots and frames, and sequential Tab order.
// Calls focus()/blur() only where a real click or Tab would move focus.
import { attr, blurElement, closest, focusElement, matches, queryAll, styleOf } from '../platform.js';
import { composedParent } from '../extract/composed-tree.js';

const NATIVELY_FOCUSABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, audio[controls], video[controls]';

/** Whether the element can take focus from a click or from `focus()` (not necessarily from Tab). */
export function isFocusable(element: Element): boolean {
  if (matches(element, ':disabled')) return false;
  if (closest(element, '[inert]')) return false;
  if (!Number.isNaN(tabIndexAttribute(element))) return true;
  if (matches(element, NATIVELY_FOCUSABLE)) return true;
  if (element.localName === 'summary') {
    const details = element.parentElement;
    return details?.localName === 'details' && details.querySelector(':scope > summary') === element;
  }
  const html = element as HTMLElement;
  // An editing host is focusable; its editable descendants are not (they focus the host).
  if (html.isContentEditable) return !(element.parentElement as HTMLElement | null)?.isContentEditable;
  return false;
}

/** The focused element, looking into open shadow roots and same-origin frames. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let depth = 0; active && depth < 32; depth++) {
    const shadowActive: Element | null | undefined = active.shadowRoot?.activeElement;
    if (shadowActive) {
      active = shadowActive;
      continue;
    }
    if (active.localName === 'iframe' || active.localName === 'frame') {
      let inner: Document | null = null;
      try {
        inner = (active as HTMLIFrameElement).contentDocument;
      } catch {}
      if (inner?.activeElement && inner.activeElement !== inner.body) {
        active = inner.activeElement;
        continue;
      }
    }
    break;
  }
  return active;
}

/**
 * Applies the focus change of a mousedown on `target`: focus its nearest focusable ancestor (in its
 * document), or, when there is none, blur what has focus, as browsers do on clicks on plain content.
 */
export function focusForPointerDown(target: Element): void {
  const doc = target.ownerDocument;
  for (let n: Node | null = target; n && n.nodeType === 1; n = composedParent(n)) {
    const el = n as Element;
    if (el.ownerDocument !== doc) break;
    if (isFocusable(el)) return ensureFocus(el);
  }
  const active = doc.activeElement;
  if (active && active !== doc.body && active !== doc.documentElement) blurElement(active);
}

/** Focuses the element for typing unless it already has focus. */
export function ensureFocus(element: Element): void {
  if (deepActiveElement(element.ownerDocument) !== element) focusElement(element);
}

/** The tabindex attribute as a number; NaN when absent or not a number. */
function tabIndexAttribute(element: Element): number {
  return parseInt(attr(element, 'tabindex')!, 10);
}

function tabIndexOf(element: Element): number {
  return tabIndexAttribute(element) || 0;
}

function isRendered(element: Element): boolean {
  const check = (element as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (check) return check.call(element, { visibilityProperty: true });
  return styleOf(element).display !== 'none';
}

/** Only the checked radio of a group (or the first when none is checked) is in the Tab order. */
function isSkippedRadio(root: Document | ShadowRoot, el: Element): boolean {
  const radio = el as HTMLInputElement;
  if (el.localName !== 'input' || radio.type !== 'radio' || !radio.name) return false;
  const group = queryAll(root as Document, `input[type=radio][name="${CSS.escape(radio.name)}"]`) as HTMLInputElement[];
  const checked = group.find((r) => r.checked);
  return checked ? checked !== radio : group[0] !== radio;
}

function tabbablesIn(root: Document | ShadowRoot, into: Element[]): void {
  for (const el of queryAll(root as Document, '*')) {
    if (isFocusable(el) && tabIndexOf(el) >= 0 && isRendered(el) && !isSkippedRadio(root, el)) into.push(el);
    // A shadow host comes before its shadow tree.
    if (el.shadowRoot) tabbablesIn(el.shadowRoot, into);
  }
}

/** The elements of a document in sequential focus order: positive tabindex ascending, then tree order. */
export function tabOrder(doc: Document): Element[] {
  const all: Element[] = [];
  tabbablesIn(doc, all);
  // A stable sort: tabindex 0 counts as last, ties keep tree order (Infinity - Infinity is NaN, taken as 0).
  return all.sort((a, b) => (tabIndexOf(a) || Infinity) - (tabIndexOf(b) || Infinity));
}

/** Moves focus as Tab (or Shift+Tab) would from `from`; returns the newly focused element, if any. */
export function moveFocusSequentially(from: Element | null, doc: Document, backwards: boolean): Element | null {
  const order = tabOrder(doc);
  if (!order.length) return null;
  let position = from ? order.indexOf(from) : -1;
  if (position === -1 && from) {
    // The focused element is not itself tabbable (e.g. tabindex=-1): continue from its place in the tree.
    position = order.findIndex((el) => from.compareDocumentPosition(el) & 4 /* FOLLOWING */);
    position = position === -1 ? order.length : position;
    position = backwards ? position : position - 1;
  }
  const next = backwards ? (position <= 0 ? order.length - 1 : position - 1) : (position + 1) % order.length;
  const target = order[next]!;
  focusElement(target);
  return target;
}
