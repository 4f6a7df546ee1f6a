// Finds an open modal dialog: while one is open, the rest of the page is inert for the user, so
// perception lists only the dialog. A native `<dialog>` opened with showModal() wins over an
// element marked `aria-modal="true"`; among several, the last in document order is on top.
import { getPropertyValue, documentQuerySelectorAll, getBoundingClientRect, matches, nodeListLength, rectBottom, rectLeft, rectRight, rectTop, styleOf } from '../platform.js';

function isShown(element: Element): boolean {
  const box = getBoundingClientRect(element);
  if (rectRight(box) - rectLeft(box) <= 0 || rectBottom(box) - rectTop(box) <= 0) return false;
  const style = styleOf(element);
  return getPropertyValue(style, 'visibility') === 'visible' && getPropertyValue(style, 'display') !== 'none';
}

function isModalDialog(element: Element): boolean {
  try {
    return matches(element, ':modal');
  } catch {
    // Browsers without :modal: an open dialog in the top layer is the best sign left.
    return false;
  }
}

/** The open modal dialog of `doc` (only its content is interactive), or null. */
export function findModal(doc: Document): Element | null {
  const dialogs = documentQuerySelectorAll(doc, 'dialog[open]');
  for (let i = nodeListLength(dialogs) - 1; i >= 0; i--) if (isModalDialog(dialogs[i]!)) return dialogs[i]!;
  const marked = documentQuerySelectorAll(doc, '[aria-modal="true"]');
  for (let i = nodeListLength(marked) - 1; i >= 0; i--) if (isShown(marked[i]!)) return marked[i]!;
  return null;
}
