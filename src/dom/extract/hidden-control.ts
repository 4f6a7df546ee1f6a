// Visually hidden native checkboxes and radios whose visible part is a <label> (pill groups, radio
// cards, toggles and custom boxes drawn by the label or a sibling): the control is not listed, its
// label is, carrying the control's kind and state. Reads style and layout; knows nothing of the walk.
import { paintsBox } from './button-look.js';
import { CHECKABLE_ROLES } from './element-info.js';
import {
  documentElement, getBoundingClientRect, getPropertyValue, inputType, labelControl, labelsOf, localName, nodeListLength, ownerDocument,
  rectBottom, rectHeight, rectLeft, rectRight, rectTop, rectWidth, scrollWidth, styleOf,
} from '../platform.js';

/** Whether `element` is a native checkbox or radio that a person cannot see (of the checkable roles, an input's type is only ever those two). */
function isHiddenToggle(element: Element): boolean {
  return localName(element) === 'input' && CHECKABLE_ROLES[inputType(element)] && isVisuallyHiddenControl(element);

}

/** Rendered, not transparent and larger than a pixel each way. */
function isShown(style: CSSStyleDeclaration, box: DOMRect): boolean {
  return getPropertyValue(style, 'visibility') === 'visible' && getPropertyValue(style, 'opacity') !== '0' && rectWidth(box) > 1 && rectHeight(box) > 1;
}

/**
 * Whether a person cannot see `control` itself: not rendered (no box), transparent, shrunk to a pixel,
 * clipped away (`clip`, `clip-path`), moved off the page, or painting nothing (`appearance: none`
 * with no border, background or shadow of its own).
 * @see https://www.a11yproject.com/posts/how-to-hide-content/ (the usual visually-hidden techniques)
 */
export function isVisuallyHiddenControl(control: Element): boolean {
  const style = styleOf(control);
  const box = getBoundingClientRect(control);
  if (!isShown(style, box) || getPropertyValue(style, 'clip') !== 'auto' || getPropertyValue(style, 'clip-path') !== 'none') return true;
  // An element always has an owner document; a detached one's may have no root element.
  const html = documentElement(ownerDocument(control)!);
  const page = html && getBoundingClientRect(html);
  const left = rectLeft(box);
  return (
    (page && (rectRight(box) <= rectLeft(page) || rectBottom(box) <= rectTop(page) || left >= rectLeft(page) + scrollWidth(html!))) ||
    (getPropertyValue(style, 'appearance') === 'none' && !paintsBox(style))
  );
}

/** The first shown `<label>` of a checkbox or radio, or null. */
function shownLabel(control: Element): Element | null {
  // A checkbox or radio always has its labels list.
  const labels = labelsOf(control, 'input')!;
  for (let i = 0; i < nodeListLength(labels); i++) if (isShown(styleOf(labels[i]!), getBoundingClientRect(labels[i]!))) return labels[i]!;
  return null;
}

/** The label that stands for `input` in the page text when it is a visually hidden checkbox or radio, or null or false. */
export function presentingLabel(input: Element): Element | null | false {
  return isHiddenToggle(input) && shownLabel(input);
}

/** The visually hidden checkbox or radio that `label` stands for in the page text, or null. */
export function presentedControl(label: Element): Element | null {
  const control = labelControl(label);
  return control && isHiddenToggle(control) && shownLabel(control) === label ? control : null;
}
