// The page as plain data: what extraction (extract/) builds and the serializer (serialize/page-text.ts) renders
// as text. No DOM references, so the serializer stays a pure function that unit tests can feed.

/** How an element breaks text into lines: inline joins, block and row break, cell joins with " | ". */
export type Flow = 'inline' | 'block' | 'cell' | 'row';

/** A run of visible text, as in the DOM (whitespace not yet collapsed). */
export interface TextNode {
  kind: 'text';
  text: string;
}

/** An attribute to show on an element line; `true` shows the bare name (`checked`). */
export type ShownAttribute = readonly [name: string, value: string | true];

/** An element: a container for text and nesting, and a listed line when it has an index. */
export interface ElementNode {
  kind: 'element';
  /** Lower-case tag name. */
  tag: string;
  flow: Flow;
  /** The stable index when the element is listed as interactive. */
  index?: number;
  /** Marked with `*`: it appeared since the previous observation of the task. */
  isNew?: boolean;
  /** Attributes to show, in order, already chosen and masked by extraction. */
  attributes?: readonly ShownAttribute[];
  /** Text the element shows that is not in child text nodes: a field's value, an image's alt text, a select's options. */
  label?: string;
  /** Text used only when the listed element around it shows no other text: an icon's alt text or title. */
  fallbackText?: string;
  /** Its text names a listed element and is shown on that element's line: only its listed descendants are rendered. */
  carried?: boolean;
  /** The name of a group of controls (fieldset legend, `role=group`/`radiogroup` label): a line above its indented content. */
  group?: string;
  /** Inside `data-page-agent-mask`: its text and values are shown as `[masked]`. */
  masked?: boolean;
  /** How many pixels a scroll container can still scroll in each direction. */
  scroll?: { left: number; top: number; right: number; bottom: number };
  children: PageNode[];
}

/** Where unlisted content lies relative to the listed part. */
export type GapPlace = 'above' | 'below' | 'left' | 'right' | 'inside';

/** Sibling elements left out by the budget or the zone, summarised on one line. */
export interface GapNode {
  kind: 'gap';
  /** Number of sibling elements left out. */
  count: number;
  /** Their tag, when they all share one. */
  tag?: string;
  place: GapPlace;
}

/** A remark for the model on its own line (a cross-origin frame, a cover, an open modal). */
export interface NoteNode {
  kind: 'note';
  text: string;
}

/** Anything in the page tree. */
export type PageNode = ElementNode | TextNode | GapNode | NoteNode;
