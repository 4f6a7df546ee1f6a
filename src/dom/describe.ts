// A short one-line description of any element, for messages to the model ("covered by <div
// class=cookie-banner>We use cookies…"). Reads attributes and text content through builtins captured
// at load, so it works on pages that patch Element.prototype; not for hot paths.
import { clipText, collapseWhitespace } from './serialize/text.js';
import { stringSlice } from './intrinsics.js';
import { pageSafe } from './page-safe.js';
import { getAttribute, innerText, localName, namespaceURI, textContent } from './platform.js';

const MAX_TEXT = 40;
const ATTRIBUTES = ['id', 'role', 'type', 'name', 'aria-label', 'placeholder', 'title', 'href', 'class'] as const;

/** Collapses whitespace and cuts text to `max` characters with an ellipsis. */
export function clip(text: string, max = MAX_TEXT): string {
  return clipText(collapseWhitespace(text), max);
}

/** The first `count` words of `value`, whitespace collapsed. */
export function firstWords(value: string, count: number): string {
  const flat = collapseWhitespace(value);
  let spaces = 0;
  for (let i = 0; i < flat.length; i++) if (flat[i] === ' ' && ++spaces === count) return stringSlice(flat, 0, i);
  return flat;
}

/** Describes an element as `<tag attr=value …>text`, with at most three attributes and clipped text. */
export function describeElement(element: Element): string {
  let out = '<' + localName(element);
  let shown = 0;
  for (let i = 0; i < ATTRIBUTES.length && shown < 3; i++) {
    const name = ATTRIBUTES[i]!;
    const value = getAttribute(element, name);
    if (!value) continue;
    out += ' ' + name + '=' + clip(pageSafe(name === 'class' ? firstWords(value, 2) : stringSlice(value, 0, 400)), 30);
    shown++;
  }
  // Rendered text where there is one (it leaves out hidden parts); text content for SVG and others.
  const text = namespaceURI(element) === 'http://www.w3.org/1999/xhtml' ? innerText(element) : textContent(element);
  // Page text in the agent's messages: no markup characters, no secrets (see page-safe.ts).
  return out + '>' + clip(pageSafe(stringSlice(text ?? '', 0, 400)));
}
