// The accessible name of an element, computed as WAI-ARIA "Accessible Name and Description
// Computation 1.2" says (https://www.w3.org/TR/accname-1.2/#computation-steps), with HTML-AAM's
// native labels (https://www.w3.org/TR/html-aam-1.0/#accessible-name-computations-by-html-element).
// Bounded for hostile pages: DOM reads go through builtins captured at load, aria-labelledby is
// followed once (no cycles), and one computation visits a limited number of nodes.
// Knows nothing of the walk, the page text or indexes.
import { append, stringSet, stringSlice, stringToLowerCase } from '../intrinsics.js';
import { firstWords } from '../describe.js';
import { clipText, collapseWhitespace, hasVisibleText } from '../serialize/text.js';
import { isSensitiveField } from './sensitive.js';
import {
  assignedNodes, characterData, closest, collectionLength, elementShadowRoot, firstChild, getAttribute, getElementById, getPropertyValue, inputType,
  inputValue, labelsOf, localName, nextSibling, nodeListLength, nodeType, optionSelected, optionText, pseudoStyleOf, rectListLength, rectsOf, rootNode,
  selectOptions, shadowGetElementById, styleOf, textareaValue, textContent,
} from '../platform.js';

/** The name sources by which an author or a `<label>` gave the name (aria-labelledby, aria-label, labels), not content, title or placeholder. */
export const AUTHORED_NAMES = stringSet(['labelledby', 'aria-label', 'label']);

/** Where a name came from. */
export type NameSource = 'labelledby' | 'aria-label' | 'label' | 'native' | 'content' | 'title' | 'placeholder' | 'none';

/** An element's accessible name and where it came from. */
export interface AccessibleName {
  /** The name, whitespace collapsed, at most 1,000 characters. */
  name: string;
  from: NameSource;
  /** The `<label>`s or aria-labelledby targets whose text makes the name. */
  elements?: Element[];
}

// Traversal flags: following aria-labelledby (2B is not followed again); inside a hidden referenced
// node (its hidden descendants count); inside another node's content (2C applies, content counts);
// directly referenced; the element whose name is asked.
const LABELLEDBY = 1;
const HIDDEN = 2;
const NESTED = 4;
const REFERENCED = 8;
const ROOT = 16;
const MAX_VISITS = 3000;

// Roles whose name may come from their content (ARIA 1.2 "Name From: contents"), then the elements
// that have such a role without a role attribute, or whose content names something else.
const FROM_CONTENT = stringSet([
  'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row',
  'rowheader', 'switch', 'tab', 'tooltip', 'treeitem', 'a', 'summary', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr', 'label', 'legend', 'caption',
  'figcaption',
]);
/** Roles whose value is `aria-valuetext` or `aria-valuenow`. */
export const RANGE_ROLES = stringSet(['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']);
/** Input types that are buttons named by their value. */
export const BUTTON_INPUTS = stringSet(['button', 'submit', 'reset']);
const VALUELESS_INPUTS = stringSet(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden', 'color']);
const CAPTIONS: Readonly<Record<string, string | undefined>> = { __proto__: null, fieldset: 'legend', table: 'caption', figure: 'figcaption' } as never;

let target: Element | null = null;
let visits = 0;
let skipContent = false;
let from: NameSource = 'none';
let sources: Element[] | undefined;

/**
 * The accessible name of `element` and its source. With `content` false, an element named by its
 * own content gets `{ name: '', from: 'content' }` (the caller shows that text already). Never throws.
 */
export function computeName(element: Element, content = true): AccessibleName {
  skipContent = !content;
  from = 'none';
  sources = undefined;
  // Only the root's own steps record a source, and a non-empty name always has one ('none' when it throws).
  const name = boundedText(element, () => nameOf(element, ROOT));
  const result: AccessibleName = { name, from };
  if (sources && name) result.elements = sources;
  return result;
}

/** `read()` with `element` as the target, collapsed and clipped; '' when it throws (a detached frame or a broken receiver). */
function boundedText(element: Element, read: () => string): string {
  target = element;
  visits = 0;
  let text = '';
  try {
    text = clipText(collapseWhitespace(read()), 1000);
  } catch {
    // No name rather than a throw.
  }
  target = null;
  return text;
}

/** The text alternative of one node (steps 2A–2I). */
function nameOf(node: Node, flags: number): string {
  if (++visits > MAX_VISITS) return '';
  const type = nodeType(node);
  // 2G: text nodes.
  if (type === 3) return characterData(node);
  // Tree descent cannot loop (labelledby is followed once, labels only from the root), so no visited set.
  if (type !== 1 || (node === target && !(flags & (ROOT | REFERENCED)))) return '';
  const element = node as Element;
  // 2A: a hidden node met on the way counts only inside a hidden referenced node; under
  // visibility: hidden only the element's own text is hidden (a descendant may be visible again).
  let textHidden = false;
  if (!(flags & (HIDDEN | REFERENCED | ROOT))) {
    if (getAttribute(element, 'aria-hidden') === 'true') return '';
    const style = styleOf(element);
    if (getPropertyValue(style, 'display') === 'none') return '';
    textHidden = getPropertyValue(style, 'visibility') !== 'visible';
  }
  return textHidden ? contentText(element, flags, true) : elementName(element, flags);
}

function elementName(element: Element, flags: number): string {
  const tag = localName(element);
  const role = roleOf(element);
  let text: string | null;
  // 2B: aria-labelledby (browsers accept the misspelling aria-labeledby), once per traversal.
  if (!(flags & LABELLEDBY)) {
    const list = idRefs(element, getAttribute(element, 'aria-labelledby') ?? getAttribute(element, 'aria-labeledby'));
    text = referencedNames(list, false);
    if (hasVisibleText(text)) return found(flags, text, 'labelledby', list);
  }
  // 2C: a control embedded in the label of another widget gives its value.
  if (flags & (NESTED | LABELLEDBY)) {
    text = embeddedValue(element, tag, role);
    if (text !== null) return text;
  }
  const presentational = role === 'none' || role === 'presentation';
  // 2D: aria-label (a slot has no role: its label names nothing).
  text = presentational || tag === 'slot' ? null : getAttribute(element, 'aria-label');
  if (hasVisibleText(text)) return found(flags, text, 'aria-label');
  // 2E: the host language: <label>s (hidden ones too), then button values, alt texts, legends, captions.
  if (!presentational) {
    const labels = flags & NESTED ? null : labelsOf(element, tag);
    const count = labels ? nodeListLength(labels) : 0;
    const used: Element[] = [];
    text = '';
    for (let i = 0; i < count; i++) {
      const part = contentText(labels![i]!, (flags & LABELLEDBY) | (isHidden(labels![i]!) ? HIDDEN : 0), false);
      if (hasVisibleText(part)) (text += ' ' + part), append(used, labels![i]!);
    }
    if (hasVisibleText(text)) return found(flags, text, 'label', used);
    text = hostLanguageText(element, tag, flags);
    if (hasVisibleText(text)) return found(flags, text, 'native', sources);
  }
  // 2F: name from content, when the role allows it, inside other content, or from a reference.
  if (flags & (NESTED | REFERENCED) || FROM_CONTENT[role ?? tag]) {
    if (flags & ROOT && skipContent) return found(flags, '', 'content');
    text = contentText(element, flags, false);
    if (hasVisibleText(text)) return found(flags, text, 'content');
  }
  // 2I: the tooltip, then (HTML-AAM) the placeholder: last, it never hides a label.
  text = getAttribute(element, 'title');
  if (hasVisibleText(text)) return found(flags, text, 'title');
  text = flags & ROOT && (tag === 'input' || tag === 'textarea') ? getAttribute(element, 'placeholder') : null;
  return hasVisibleText(text) ? found(flags, text, 'placeholder') : '';
}

/** Records the source of the root's name. */
function found(flags: number, text: string, source: NameSource, elements?: Element[]): string {
  if (flags & ROOT) (from = source), (sources = elements);
  return text;
}

/** Step 2C: the value of an embedded textbox, combobox, listbox or range; null for other elements. */
function embeddedValue(element: Element, tag: string, role: string | null): string | null {
  if (tag === 'select') {
    const options = selectOptions(element);
    let text = '';
    for (let i = 0; i < collectionLength(options); i++) if (optionSelected(options[i]!)) text += ' ' + optionText(options[i]!);
    return text;
  }
  // The role tables have no prototype: a missing role (null) is in none of them.
  if (RANGE_ROLES[role!]) {

    const value = getAttribute(element, 'aria-valuetext') ?? getAttribute(element, 'aria-valuenow');
    if (value !== null) return value;
  }
  if (tag === 'textarea') return textareaValue(element);
  // A secret field embedded in a label gives no value: the name would carry it to the model.
  if (tag === 'input') return VALUELESS_INPUTS[inputType(element)] ? null : isSensitiveField(element, inputType(element)) ? '' : inputValue(element);
  return role === 'textbox' || role === 'searchbox' || role === 'combobox' ? (textContent(element) ?? '') : null;
}

/** Step 2E without `<label>`s: button-like inputs, alt texts, a fieldset's legend, a table's caption, a figure's figcaption. */
function hostLanguageText(element: Element, tag: string, flags: number): string | null {
  if (tag === 'input') {
    const type = inputType(element);
    if (BUTTON_INPUTS[type]) return getAttribute(element, 'value') ?? (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : null);
    return type === 'image' ? (getAttribute(element, 'alt') ?? getAttribute(element, 'value')) : null;
  }
  if (tag === 'img' || tag === 'area') return getAttribute(element, 'alt');
  const caption = CAPTIONS[tag];
  if (caption) {
    for (let child = firstChild(element); child; child = nextSibling(child)) {
      if (nodeType(child) === 1 && localName(child as Element) === caption) {
        if (flags & ROOT) sources = [child as Element];
        return contentText(child as Element, flags & (LABELLEDBY | HIDDEN), false);
      }
    }
  }
  return null;
}

/**
 * Step 2F: the text of an element's children in the composed tree (a shadow root's content, a slot's
 * assigned nodes) between its ::before and ::after content; block-level children set apart by spaces.
 */
function contentText(element: Element, flags: number, textHidden: boolean): string {
  const childFlags = (flags & (LABELLEDBY | HIDDEN)) | NESTED;
  let text = textHidden ? '' : pseudoText(element, '::before');
  let lastWasText = false;
  const add = (child: Node): void => {
    const isText = nodeType(child) === 3;
    if (isText && textHidden) return;
    const part = nodeType(child) === 8 ? '' : nameOf(child, childFlags);
    if (!part) return;
    // Text nodes split by a comment still read as words; inline elements join their neighbours.
    text += isText ? (lastWasText ? ' ' + part : part) : getPropertyValue(styleOf(child as Element), 'display') === 'inline' ? part : ' ' + part + ' ';
    lastWasText = isText;
  };
  const shadow = elementShadowRoot(element);
  const assigned = !shadow && localName(element) === 'slot' ? assignedNodes(element as HTMLSlotElement) : [];
  for (let i = 0; i < assigned.length; i++) add(assigned[i]!);
  if (!assigned.length) for (let child = firstChild(shadow ?? element); child && visits <= MAX_VISITS; child = nextSibling(child)) add(child);
  return textHidden ? text : text + pseudoText(element, '::after');
}

/** The strings of a ::before or ::after `content` value; after a "/", its alternative text instead. */
function pseudoText(element: Element, pseudo: string): string {
  const style = pseudoStyleOf(element, pseudo);
  const content = style ? getPropertyValue(style, 'content') : '';
  let out = '';
  let quote = '';
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else out += c === '\\' ? (content[++i] ?? '') : c;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '/') out = '';
  }
  // Browsers set generated content apart from the element's own text.
  return out ? ' ' + out + ' ' : '';
}

/**
 * The text of the elements the id list in `attribute` (aria-describedby, aria-errormessage) names, as
 * a referenced name (hidden ones count), and those elements. Never throws.
 */
export function referencedText(element: Element, attribute: string): { text: string; elements: Element[] } {
  const elements = idRefs(element, getAttribute(element, attribute));
  return { text: boundedText(element, () => referencedNames(elements, true)), elements };
}

/** The names of referenced elements, each after a space; hidden ones count when `hidden` or when hidden themselves. */
function referencedNames(elements: Element[], hidden: boolean): string {
  let text = '';
  for (let i = 0; i < elements.length; i++) text += ' ' + nameOf(elements[i]!, LABELLEDBY | REFERENCED | (hidden || isHidden(elements[i]!) ? HIDDEN : 0));
  return text;
}

/** The elements an id list names in the element's tree scope; missing ids are skipped. */
function idRefs(element: Element, list: string | null): Element[] {
  const ids = collapseWhitespace(list ?? '');
  const found: Element[] = [];
  const root = rootNode(element);
  const type = nodeType(root);
  let start = 0;
  // A page may list thousands of ids; a name needs a handful.
  for (let i = 0; i <= ids.length && found.length < 16 && (type === 9 || type === 11); i++) {
    if (i < ids.length && ids[i] !== ' ') continue;
    const id = stringSlice(ids, start, i);
    // An empty list gives one empty id, which names no element.
    const hit = type === 9 ? getElementById(root as Document, id) : shadowGetElementById(root as ShadowRoot, id);
    if (hit) append(found, hit);
    start = i + 1;
  }
  return found;
}

/** The first token of the role attribute, lower-cased; null without one. */
function roleOf(element: Element): string | null {
  return firstWords(stringToLowerCase(getAttribute(element, 'role') ?? ''), 1) || null;
}

/** Hidden anywhere up its ancestors: aria-hidden, visibility, or no box (display: none). */
function isHidden(element: Element): boolean {
  if (closest(element, '[aria-hidden=true]')) return true;
  const style = styleOf(element);
  return getPropertyValue(style, 'visibility') !== 'visible' || (getPropertyValue(style, 'display') !== 'contents' && rectListLength(rectsOf(element)) === 0);
}
