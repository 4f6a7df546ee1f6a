// Text a person cannot see (#15): boxes drawn as nothing (filter: opacity(0), a clip-path that keeps
// nothing, a transform that scales to nothing, content-visibility: hidden, the body of a closed
// <details>) and text drawn invisibly (font-size of a pixel or less, a transparent colour or one
// within a few steps of the background under it, text indented off its box). Cheap signals only:
// a few computed-style reads per element, and the background carried down the walk. Colours of any
// syntax are compared in sRGB (parseColor); backgrounds with images are not judged: shown. Text in
// the background's colour stays when a layer with a negative z-index may paint between them (overLayer).
import { math, objectCreate, parseNumber, regexExec, stringIndexOf, stringSlice } from '../intrinsics.js';
import {
  childElementCount, documentElement, documentQuerySelectorAll, getPropertyValue, hasAttribute, localName, namespaceURI, nodeListLength, nodeType, ownerDocument, parentNode, styleOf, textContent,
} from '../platform.js';
import type { ElementNode } from '../page-tree.js';
import { hasVisibleText } from '../serialize/text.js';
import { composedContains } from './composed-tree.js';
import { intersects, type Rect } from './rect.js';

/** An opaque background colour as [r, g, b] (an alpha may follow), or null when it is not known (an image, a gradient, an unparsed colour). */
export type Background = readonly number[] | null;

/**
 * How an element draws its text, for the decision at its first text node: its style and width, and
 * the element it sits in (for the background, read lazily up the chain and kept). The walk root's
 * `under` is the canvas (no style, background known), or html's ink over it under body.
 */
export interface Ink {
  /** Absent on the canvas, whose text is never judged. */
  style?: CSSStyleDeclaration;
  width?: number;
  /** The ink of the element it sits in; absent on the canvas, where every chain ends. */
  under?: Ink;
  /** The ink whose own background lies under this one's content (itself when it has one, or it is unknown); undefined until read. */
  base?: Ink;
  /** On a base: its opaque background. */
  background?: Background;
  /** On a layer (a painter with a negative z-index): what it draws, when known (paintOf). */
  paint?: Background;
  /**
   * Set when the element's readable text is met (undefined until then; text that cannot be read turns
   * Scope.textVisible off instead): true when it is in its base's colour, and no layer was seen between
   * them yet: observe.ts drops it unless overLayer holds after the walk.
   */
  pending?: boolean;
  /** The element, its box (top-window px) and its node in the page tree, for the covered-text test and the painters; absent on the canvas. */
  element?: Element;
  rect?: Rect | null;
  node?: ElementNode;
  /** Its computed `position`, once read (the walk reads it for every box it measures). */
  position?: string;
  /** Its computed `transform` (read once, by inspect.ts, for drawsNothing and the walk's painters). */
  transform?: string;
}

/**
 * The canvas under a walk root: white under a page's html or body unless the page asks for a dark
 * colour scheme (html's color-scheme, or a color-scheme meta, which the computed style does not
 * show), with html's background over it under body; unknown under any other root (a dialog walked alone).
 * @see https://html.spec.whatwg.org/multipage/semantics.html#meta-color-scheme
 */
export function canvasUnder(root: Element): Ink {
  const doc = ownerDocument(root)!;
  const style = styleOf(documentElement(doc)!);
  const tag = localName(root);
  const light =
    (tag === 'html' || tag === 'body') &&
    stringIndexOf(getPropertyValue(style, 'color-scheme'), 'dark') < 0 &&
    !nodeListLength(documentQuerySelectorAll(doc, 'meta[name=color-scheme i][content*=dark i]'));
  const canvas: Ink = { background: light ? [255, 255, 255] : null };
  canvas.base = canvas;
  return tag === 'body' ? { style, under: canvas } : canvas;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const RGB = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/;

/** One pixel to paint colours on, made at first need (null without OffscreenCanvas: a unit-test DOM). */
let pixel: OffscreenCanvasRenderingContext2D | null | undefined;
/** Colours of other syntaxes read so far, by their computed text. */
const painted: Record<string, number[]> = objectCreate(null);

/**
 * [r, g, b, alpha] of a computed colour. `rgb()`/`rgba()` is read from the text; any other syntax a
 * computed style keeps (oklch, lab, `color(srgb …)`, color-mix and relative colours, as Tailwind 4
 * writes them) is painted on one pixel and read back in sRGB, else (no canvas) null: not judged.
 */
export function parseColor(value: string): number[] | null {
  const match = regexExec(RGB, value);
  if (match) return [+match[1]!, +match[2]!, +match[3]!, +(match[4] ?? 1)];
  pixel ??= typeof OffscreenCanvas > 'u' ? null : new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  if (pixel && !painted[value]) {
    // Each colour replaces the pixel (drawn over the last one, a translucent colour would mix with it).
    pixel.clearRect(0, 0, 1, 1);
    pixel.fillStyle = value;
    pixel.fillRect(0, 0, 1, 1);
    const data = pixel.getImageData(0, 0, 1, 1).data;
    painted[value] = [data[0]!, data[1]!, data[2]!, data[3]! / 255];
  }
  return painted[value] ?? null;
}

/** Whether the box and everything in it is drawn as nothing (or as good as nothing: under a tenth of its opacity, or of its area). */
export function drawsNothing(element: Element, style: CSSStyleDeclaration, transform: string): boolean {
  if (getPropertyValue(style, 'content-visibility') === 'hidden') return true;
  if (regexExec(/opacity\(0(?:\.0\d*)?\)/, getPropertyValue(style, 'filter'))) return true;
  // inset(50%) (or more) from both sides, or a circle or ellipse of radius 0, keeps no pixel.
  if (regexExec(/^(?:inset\((?:[5-9]\d|\d{3,})[.%]|(?:circle|ellipse)\(0[p%) ])/, getPropertyValue(style, 'clip-path'))) return true;
  // A 2D transform that squeezes the box to (nearly) nothing: scale(0), scaleY(0.01) (|a·d − b·c| of
  // its matrix: the area it gives). A translation or rotation keeps the area; a 3D one is not judged.
  const matrix = regexExec(/^matrix\(([^,]+), ([^,]+), ([^,]+), ([^,]+)/, transform);
  if (matrix && math.abs(+matrix[1]! * +matrix[4]! - +matrix[2]! * +matrix[3]!) < 0.02) return true;
  // The body of a closed <details>: everything but its summary. Only an HTML one: an element of another
  // namespace named details draws its children (and HTMLDetailsElement's open getter throws on it).
  const parent = parentNode(element) as Element | null;
  return (
    parent !== null && nodeType(parent) === 1 && localName(parent) === 'details' && namespaceURI(parent) === HTML_NS && localName(element) !== 'summary' && !hasAttribute(parent, 'open')
  );
}

/**
 * The base under `ink`'s content, whose background is the one it is drawn on: itself with an opaque
 * colour, else (not positioned) the one under it. A positioned box may sit over other content (a hero
 * image, a ::before overlay): under it, the background is unknown. Read up the chain only to the
 * first box that decides, without recursion (pages nest thousands deep); the answer is kept on each
 * link read.
 */
function baseOf(ink: Ink): Ink {
  let at = ink;
  while (!at.base) {
    const style = at.style!;
    // An image, or a colour other than rgb()/rgba(), is not judged (null); a transparent colour lets what is under show.
    const rgb = getPropertyValue(style, 'background-image') === 'none' ? parseColor(getPropertyValue(style, 'background-color')) : null;
    if (rgb?.[3] === 0 && (at.position ??= getPropertyValue(style, 'position')) === 'static') at = at.under!;
    else (at.base = at).background = rgb?.[3] === 1 ? rgb : null;
  }
  for (let through = ink; through !== at; through = through.under!) through.base = at.base;
  return at.base;
}

/** Whether two colours are within about 10 steps per channel: one drawn on the other is (nearly) invisible. */
const near = (a: readonly number[], b: readonly number[]): boolean => (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2 < 300;

/**
 * Whether the element's own text is drawn so that a person cannot read it: true, or 'colour' when
 * only its colour hides it (its base's, read into `ink.base`, unless a layer lies between them: overLayer).
 */
export function textUnreadable(ink: Ink): boolean | 'colour' {
  const style = ink.style!;
  const width = ink.width!;
  // Glyphs are filled with -webkit-text-fill-color (its computed value is `color` unless a page sets it).
  const color = parseColor(getPropertyValue(style, '-webkit-text-fill-color'));
  const transparent = color?.[3]! < 0.1;
  // Transparent text shows a background clipped to the text (gradient text): its own box's or, through
  // the boxes it sits in (a positioned span in a gradient heading), one up to 6 levels above.
  let clipped = false;
  for (let at: Ink | undefined = ink, n = 0; transparent && at?.style && n++ < 7 && !clipped; at = at.under) {
    clipped = getPropertyValue(at.style, 'background-clip') === 'text';
  }
  // A computed font-size is in px; Chromium writes one below 0.0001px in exponent notation ("1e-05px").
  // Indented by the box's width or more, either way.
  if (
    parseNumber(getPropertyValue(style, 'font-size')) < 2 ||
    (transparent && !clipped) ||
    (width > 0 && math.abs(+stringSlice(getPropertyValue(style, 'text-indent'), 0, -2)) >= width)
  ) return true;
  const background = color?.[3] === 1 && baseOf(ink).background;
  return !!background && near(color!, background) && 'colour';
}

/**
 * What a box draws over what is under it, when known: its own background colour (a transparent one
 * draws nothing). Null when it may draw anything: child elements or words, a background image, an
 * unparsed colour (blank text and comments draw nothing).
 */
export function paintOf(ink: Ink): Background {
  const style = ink.style!;
  const element = ink.element!;
  return getPropertyValue(style, 'background-image') === 'none' && !childElementCount(element) && !hasVisibleText(textContent(element))
    ? parseColor(getPropertyValue(style, 'background-color'))
    : null;
}

/**
 * Whether a layer may paint between the text of `ink` and its base's background: a box with a
 * negative z-index (a video or a dark panel behind white hero text) that overlaps the text's box,
 * does not hold it, and draws something other than the text's colour. A stacking context paints such
 * children after its own background and before its in-flow content, and the canvas first of all: so
 * the base must be the canvas's (html, body, the canvas) or a stacking context that holds the layer
 * (its z-index, isolation, a transform, opacity or a filter says so; will-change, contain and the
 * rarer ways are not judged). Body's background is taken for the
 * canvas's even when html has one of its own (then a layer may be drawn under it: the text is kept).
 * @see https://www.w3.org/TR/CSS22/zindex.html
 */
export function overLayer(ink: Ink, layers: readonly Ink[]): boolean {
  const base = ink.base!;
  const context = base.element;
  const tag = context && localName(context);
  const canvas = !context || tag === 'html' || tag === 'body';
  const style = base.style!;
  if (
    !canvas &&
    getPropertyValue(style, 'z-index') === 'auto' &&
    getPropertyValue(style, 'isolation') !== 'isolate' &&
    base.transform === 'none' &&
    getPropertyValue(style, 'opacity') === '1' &&
    getPropertyValue(style, 'filter') === 'none'
  ) return false;
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i]!;
    const paint = layer.paint;
    // A layer that draws nothing, or only the text's own colour, does not make it readable.
    if (
      ink.rect && intersects(layer.rect!, ink.rect) && !(paint && (paint[3] === 0 || near(paint, base.background!))) && !composedContains(layer.element!, ink.element!) &&
      (canvas || composedContains(context!, layer.element!))
    ) return true;
  }
  return false;
}
