// Visually hidden native checkboxes and radios whose visible part is a <label> (pill groups, radio
// cards, toggles and custom boxes drawn by the label or a sibling): the control is not listed, its
// label is, carrying the control's kind and state. Reads style and layout; knows nothing of the walk.
import { stringSet } from '../intrinsics.js';
import { paintsBox } from './button-look.js';
import {
  controlLabels, documentElement, getBoundingClientRect, getPropertyValue, inputType, labelControl, localName, nodeListLength, ownerDocument,
  rectBottom, rectLeft, rectRight, rectTop, scrollWidth, styleOf,
} from '../platform.js';

const TOGGLES = stringSet(['checkbox', 'radio']);

/** Whether `element` is a native checkbox or radio. */
function isToggleInput(element: Element): boolean {
  return localName(element) === 'input' && TOGGLES[inputType(element)] === true;
}

/** `appearance: none` with no border, background or shadow of its own: the control paints nothing. */
function paintsNothing(style: CSSStyleDeclaration): boolean {
  return getPropertyValue(style, 'appearance') === 'none' && !paintsBox(style);
}

/**
 * Whether a person cannot see `control` itself: not rendered, transparent, shrunk to a pixel,
 * clipped away (`clip`, `clip-path`), painting nothing (`appearance: none`), or moved off the page.
 * @see https://www.a11yproject.com/posts/how-to-hide-content/ (the usual visually-hidden techniques)
 */
export function isVisuallyHiddenControl(control: Element): boolean {
  const style = styleOf(control);
  if (getPropertyValue(style, 'display') === 'none' || getPropertyValue(style, 'visibility') !== 'visible') return true;
  if (getPropertyValue(style, 'opacity') === '0') return true;
  const box = getBoundingClientRect(control);
  const left = rectLeft(box);
  const top = rectTop(box);
  const right = rectRight(box);
  const bottom = rectBottom(box);
  if (right - left <= 1 || bottom - top <= 1) return true;
  if (getPropertyValue(style, 'clip') !== 'auto' || getPropertyValue(style, 'clip-path') !== 'none') return true;
  const doc = ownerDocument(control);
  const html = doc ? documentElement(doc) : null;
  if (html) {
    const page = getBoundingClientRect(html);
    const pageLeft = rectLeft(page);
    if (right <= pageLeft || bottom <= rectTop(page) || left >= pageLeft + scrollWidth(html)) return true;
  }
  return paintsNothing(style);
}

/** Whether a label is rendered with a box a person can click. */
function isShownLabel(label: Element): boolean {
  const box = getBoundingClientRect(label);
  if (rectRight(box) - rectLeft(box) <= 1 || rectBottom(box) - rectTop(box) <= 1) return false;
  const style = styleOf(label);
  return getPropertyValue(style, 'visibility') === 'visible' && getPropertyValue(style, 'opacity') !== '0';
}

/** The first shown `<label>` of a checkbox or radio, or null. */
function shownLabel(control: Element): Element | null {
  const labels = controlLabels(control, 'input');
  const count = labels ? nodeListLength(labels) : 0;
  for (let i = 0; i < count; i++) if (isShownLabel(labels![i]!)) return labels![i]!;
  return null;
}

/** The label that stands for `input` in the page text when it is a visually hidden checkbox or radio, or null. */
export function presentingLabel(input: Element): Element | null {
  if (!isToggleInput(input) || !isVisuallyHiddenControl(input)) return null;
  return shownLabel(input);
}

/** The visually hidden checkbox or radio that `label` stands for in the page text, or null. */
export function presentedControl(label: Element): Element | null {
  const control = labelControl(label);
  if (!control || !isToggleInput(control) || !isVisuallyHiddenControl(control)) return null;
  return shownLabel(control) === label ? control : null;
}
