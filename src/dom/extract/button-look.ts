// Whether a box paints anything of its own, and the late-load fallback built on it: loaded after the
// page's scripts (a bookmarklet, a script at the end of <body>), the listener tracker saw none of the
// page's addEventListener calls, so a <div> or <span> drawn as a button (its own background, border
// or shadow, a small box, a short text, no control inside) is offered when nothing else says so.
// Reads one element's style and children; knows nothing of the walk.
import { stringSet } from '../intrinsics.js';
import { childElementCount, elementChildrenOf, getPropertyValue, localName, textContent } from '../platform.js';
import { collapseWhitespace } from '../serialize/text.js';

const BORDERS = ['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width'];
const CONTROLS = stringSet(['a', 'button', 'input', 'select', 'textarea', 'label']);

/** Whether a box paints a border, a background or a shadow of its own. */
export function paintsBox(style: CSSStyleDeclaration): boolean {
  for (let i = 0; i < BORDERS.length; i++) if (getPropertyValue(style, BORDERS[i]!) !== '0px') return true;
  return getPropertyValue(style, 'background-color') !== 'rgba(0, 0, 0, 0)' || getPropertyValue(style, 'background-image') !== 'none' || getPropertyValue(style, 'box-shadow') !== 'none';
}

/**
 * Whether `element` (a div or span of `width`×`height` px) looks like a button: a painted box of
 * button size holding at most two elements, none of them a control, and one to 30 characters of text.
 */
export function looksLikeButton(element: Element, style: CSSStyleDeclaration, width: number, height: number): boolean {
  if (height < 16 || height > 64 || width > 320 || width < 16 || childElementCount(element) > 2 || !paintsBox(style)) return false;
  const children = elementChildrenOf(element);
  for (let i = 0; i < children.length; i++) if (CONTROLS[localName(children[i]!)]) return false;
  const length = collapseWhitespace(textContent(element) ?? '').length;
  return length > 0 && length <= 30;
}
