// Text a person cannot see (#15): boxes drawn as nothing (filter: opacity(0), a clip-path that keeps
// nothing, a transform that scales to nothing, content-visibility: hidden, the body of a closed
// <details>) and text drawn invisibly (font-size of a pixel or less, a transparent colour or one
// within a few steps of the background under it, text indented off its box). Cheap signals only:
// a few computed-style reads per element, and the background carried down the walk. Colours other
// than rgb()/rgba() (oklch, color-mix, …) and backgrounds with images are not judged: shown.
import { math, parseNumber, regexExec, stringIndexOf, stringSlice } from '../intrinsics.js';
import { getPropertyValue, hasAttribute, localName, namespaceURI, nodeType, parentNode, styleOf } from '../platform.js';
import type { ElementNode } from '../page-tree.js';
import type { Rect } from './rect.js';

/** An opaque background colour as [r, g, b] (an alpha may follow), or null when it is not known (an image, a gradient, an unparsed colour). */
export type Background = readonly number[] | null;

/**
 * How an element draws its text, for the decision at its first text node: its style and width, and
 * the element it sits in (for the background, read lazily up the chain and kept). The walk root's
 * `under` is the canvas: no style, background known.
 */
export interface Ink {
  /** Absent on the canvas, whose text is never judged. */
  style?: CSSStyleDeclaration;
  width?: number;
  /** The ink of the element it sits in; absent on the canvas, where every chain ends (its background is known). */
  under?: Ink;
  /** The opaque background under the content; undefined until read. */
  background?: Background;
  /** The element's text was judged already (Scope.textVisible holds the answer). */
  decided?: boolean;
  /** The element, its box (top-window px) and its node in the page tree, for the covered-text test and the painters; absent on the canvas. */
  element?: Element;
  rect?: Rect | null;
  node?: ElementNode;
  /** Its computed `position`, once read (the walk reads it for every box it measures). */
  position?: string;
}

/**
 * The canvas under a walk root: white under a page's root element unless the page asks for a dark
 * colour scheme; unknown under any other root (a dialog walked alone).
 */
export function canvasUnder(root: Element): Ink {
  const light = localName(root) === 'html' && stringIndexOf(getPropertyValue(styleOf(root), 'color-scheme'), 'dark') < 0;
  return { background: light ? [255, 255, 255] : null };
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const RGB = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/;

/** [r, g, b, alpha] of a computed `rgb()`/`rgba()` colour; null for any other syntax. */
export function parseColor(value: string): number[] | null {
  const match = regexExec(RGB, value);
  return match ? [+match[1]!, +match[2]!, +match[3]!, +(match[4] ?? 1)] : null;
}

/** Whether the box and everything in it is drawn as nothing. */
export function drawsNothing(element: Element, style: CSSStyleDeclaration, width: number, height: number): boolean {
  if (getPropertyValue(style, 'content-visibility') === 'hidden') return true;
  if (stringIndexOf(getPropertyValue(style, 'filter'), 'opacity(0)') >= 0) return true;
  // inset(50%) (or more) from both sides, or a circle or ellipse of radius 0, keeps no pixel.
  if (regexExec(/^(?:inset\((?:[5-9]\d|\d{3,})[.%]|(?:circle|ellipse)\(0[p%) ])/, getPropertyValue(style, 'clip-path'))) return true;
  // A transform that scales to nothing leaves a box without area (its rect includes the transform).
  if (!(width && height) && getPropertyValue(style, 'transform') !== 'none') return true;
  // The body of a closed <details>: everything but its summary. Only an HTML one: an element of another
  // namespace named details draws its children (and HTMLDetailsElement's open getter throws on it).
  const parent = parentNode(element) as Element | null;
  return (
    parent !== null && nodeType(parent) === 1 && localName(parent) === 'details' && namespaceURI(parent) === HTML_NS && localName(element) !== 'summary' && !hasAttribute(parent, 'open')
  );
}

/**
 * The background under `ink`'s content: its own opaque colour, else (not positioned) the one under it.
 * A positioned box may sit over other content (a hero image, a ::before overlay): under it, the
 * background is unknown. Read up the chain only to the first box that decides, without recursion
 * (pages nest thousands deep); the answer is kept on each link read.
 */
function backgroundAt(ink: Ink): Background {
  let at = ink;
  let background: Background | undefined;
  while ((background = at.background) === undefined) {
    const style = at.style!;
    // An image, or a colour other than rgb()/rgba(), is not judged (null); a transparent colour lets what is under show.
    const rgb = getPropertyValue(style, 'background-image') === 'none' ? parseColor(getPropertyValue(style, 'background-color')) : null;
    if (rgb?.[3] === 0 && (at.position ??= getPropertyValue(style, 'position')) === 'static') at = at.under!;
    else at.background = rgb?.[3] === 1 ? rgb : null;
  }
  for (let through = ink; through !== at; through = through.under!) through.background = background;
  return background;
}

/** Whether the element's own text is drawn so that a person cannot read it. */
export function textUnreadable(ink: Ink): boolean {
  const style = ink.style!;
  // A computed font-size is in px; Chromium writes one below 0.0001px in exponent notation ("1e-05px").
  if (parseNumber(getPropertyValue(style, 'font-size')) < 2) return true;
  const color = parseColor(getPropertyValue(style, 'color'));
  if (color) {
    if (color[3]! < 0.1) return true;
    const background = color[3] === 1 ? backgroundAt(ink) : null;
    // Within about 10 steps per channel of the background: drawn in (nearly) the background's colour.
    if (background && (color[0]! - background[0]!) ** 2 + (color[1]! - background[1]!) ** 2 + (color[2]! - background[2]!) ** 2 < 300) return true;
  }
  // Indented by the box's width or more, either way.
  const width = ink.width!;
  return width > 0 && math.abs(+stringSlice(getPropertyValue(style, 'text-indent'), 0, -2)) >= width;
}
