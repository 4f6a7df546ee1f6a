// Renders the page tree as the page text the model reads (page-agent 1.x convention): one line per
// indexed element `[i]<tag attr=value>text />`, `*[i]` for new ones, tab indentation for nesting
// under indexed elements, plain lines for other visible text. Pure: no DOM, no registry.
import { append, math, regexExec, SafeMap, stringSet, stringToLowerCase } from '../intrinsics.js';
import type { ElementNode, GapNode, PageNode } from '../page-tree.js';
import { clipText, collapseWhitespace, hasVisibleText } from './text.js';

/** Length limits of the page text. */
export interface SerializeLimits {
  /** Text on an element line. @default 120 */
  label: number;
  /** A plain text line. @default 300 */
  line: number;
  /** An attribute value. @default 40 */
  attribute: number;
}

/** The page text and the one-line description of every listed index. */
export interface SerializedPage {
  content: string;
  /** `[7]<button>Submit />` for each index, without indentation or `*`. */
  descriptions: Array<{ index: number; line: string }>;
}

const DEFAULT_LIMITS: SerializeLimits = { label: 120, line: 300, attribute: 40 };
const TABS: string[] = [''];
for (let i = 1; i < 40; i++) TABS[i] = TABS[i - 1] + '\t';
/** Outer gap lines shown on each side when they name what continues. */
const OUTER_GAPS_KEPT = 2;
const indent = (depth: number): string => TABS[math.min(depth, 39)]!;
// Attributes that only repeat the element's text are dropped.
const NAME_LIKE = stringSet(['label', 'title', 'placeholder']);
const SIDES = ['left', 'top', 'right', 'bottom'] as const;

interface Line {
  text: string;
  /** An outer gap shown anyway (see render). */
  keep?: boolean;
  /** Set on gap lines, which merge with an adjacent gap of the same place and depth. */
  gap?: { place: GapNode['place']; count: number; tag: string | undefined; depth: number; owner: number | undefined };
}

/** Landmarks kept as `<tag>` lines above their indented content with `keepSemanticTags` (as page-agent). */
const SEMANTIC_TAGS = stringSet(['nav', 'menu', 'header', 'footer', 'aside', 'dialog']);

/**
 * Renders the tree; `limits` overrides the default clipping lengths, and `keepSemanticTags` keeps
 * landmark elements (nav, menu, header, footer, aside, dialog) as lines that nest their content.
 */
export function serializePage(nodes: readonly PageNode[], limits: Partial<SerializeLimits> = {}, keepSemanticTags = false): SerializedPage {
  return new Renderer({ ...DEFAULT_LIMITS, ...limits }, keepSemanticTags).render(nodes);
}

class Renderer {
  #limits: SerializeLimits;
  #lines: Line[] = [];
  #descriptions: Array<{ index: number; line: string }> = [];
  #buffer = '';
  /** A table cell started after text: the next text joins with " | ". */
  #pipe = false;
  /** How many table rows enclose the current node. */
  #rows = 0;
  #hasIndexed = new SafeMap<ElementNode, boolean>();
  #scrollOwner: number[] = [];

  #semantic: boolean;

  constructor(limits: SerializeLimits, keepSemanticTags: boolean) {
    this.#limits = limits;
    this.#semantic = keepSemanticTags;
  }

  render(nodes: readonly PageNode[]): SerializedPage {
    for (let i = 0; i < nodes.length; i++) this.#visit(nodes[i]!, 0);
    this.#flush(0);
    const lines = this.#lines;
    let first = 0;
    while (first < lines.length && isOuterGap(lines[first]!)) first++;
    let last = lines.length - 1;
    while (last >= first && isOuterGap(lines[last]!)) last--;
    // Gaps before the first or after the last real line are told by the header and footer, except
    // the few nearest ones that name what continues ("… 760 more <tr> below").
    let content = '';
    let kept = 0;
    for (let i = first - 1; i >= 0 && kept < OUTER_GAPS_KEPT; i--) if (isNamedGap(lines[i]!)) (lines[i]!.keep = true), kept++;
    kept = 0;
    for (let i = last + 1; i < lines.length && kept < OUTER_GAPS_KEPT; i++) if (isNamedGap(lines[i]!)) (lines[i]!.keep = true), kept++;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if ((i < first || i > last) && !line.keep) continue;
      const text = line.gap ? gapText(line.gap) : line.text;
      content += content ? '\n' + text : text;
    }
    return { content, descriptions: this.#descriptions };
  }

  #visit(node: PageNode, depth: number): void {
    switch (node.kind) {
      case 'text':
        this.#appendText(node.text);
        return;
      case 'note':
        this.#flush(depth);
        append(this.#lines, { text: TABS[depth] + '(' + node.text + ')' });
        return;
      case 'gap':
        this.#flush(depth);
        this.#gap(node, depth);
        return;
      case 'element':
        if (node.index !== undefined) this.#indexed(node, depth);
        else this.#container(node, depth);
    }
  }

  #container(node: ElementNode, depth: number): void {
    // Its text is already on the line of the element it names.
    if (node.carried) return this.#listedOnly(node, depth);
    // A named group of controls (its name), or a landmark kept by keepSemanticTags (`<nav>`): a line
    // above its content, indented under it.
    const heading =
      node.group !== undefined
        ? clipText(collapseWhitespace(node.group), this.#limits.label)
        : this.#semantic && SEMANTIC_TAGS[node.tag] && node.children.length
          ? '<' + node.tag + '>'
          : '';
    if (heading) {
      this.#flush(depth);
      append(this.#lines, { text: indent(depth) + heading });
      for (let i = 0; i < node.children.length; i++) this.#visit(node.children[i]!, depth + 1);
      this.#flush(depth + 1);
      return;
    }
    // Inside a table row, blocks within cells join the row's line instead of breaking it.
    const flow = node.flow === 'block' && this.#rows > 0 ? 'inline' : node.flow;
    if (flow === 'row') this.#rows++;
    if (flow === 'block' || flow === 'row') this.#flush(depth);
    else if (flow === 'cell' && this.#buffer) this.#pipe = true;
    if (node.label) this.#appendText(node.label);
    const children = node.children;
    for (let i = 0; i < children.length; i++) this.#visit(children[i]!, depth);
    if (flow === 'row') this.#rows--;
    if (flow === 'block' || flow === 'row') this.#flush(depth);
  }

  #indexed(node: ElementNode, depth: number): void {
    this.#flush(depth);
    const nested = node.scroll !== undefined || this.#containsIndexed(node);
    // A listed element with listed descendants keeps a short text of its own on its line (a card's
    // title and price); a long one (a whole section) stays as nested lines so nothing is cut.
    let text = nested ? '' : this.#ownText(node, false);
    let absorbed = false;
    if (nested && !node.scroll) {
      text = this.#ownText(node, true);
      absorbed = text.length <= this.#limits.label;
      if (!absorbed) text = collapseWhitespace(node.label ?? '');
    } else if (nested) {
      text = collapseWhitespace(node.label ?? '');
    }
    // An element that shows no text of its own reads by its accessible name (`label=`), shorter as text.
    if (!text) text = collapseWhitespace(nameOf(node));
    const label = clipText(text, this.#limits.label);
    const description = '[' + node.index + ']<' + node.tag + this.#attributes(node, label) + (label ? '>' + label + ' />' : ' />');
    append(this.#descriptions, { index: node.index!, line: description });
    append(this.#lines, { text: indent(depth) + (node.isNew ? '*' : '') + description });
    if (!nested) return;
    if (node.scroll) append(this.#scrollOwner, node.index!);
    const children = node.children;
    if (absorbed) {
      for (let i = 0; i < children.length; i++) this.#listedOnly(children[i]!, depth + 1);
    } else {
      for (let i = 0; i < children.length; i++) this.#visit(children[i]!, depth + 1);
      this.#flush(depth + 1);
    }
    if (node.scroll) this.#scrollOwner.length--;
  }

  /** Renders only listed elements, gaps and notes under `node` (its text is already on its ancestor's line). */
  #listedOnly(node: PageNode, depth: number): void {
    if (node.kind === 'text') return;
    if (node.kind !== 'element') return this.#visit(node, depth);
    if (node.index !== undefined) return this.#indexed(node, depth);
    for (let i = 0; i < node.children.length; i++) this.#listedOnly(node.children[i]!, depth);
  }

  #attributes(node: ElementNode, label: string): string {
    let out = '';
    const attributes = node.attributes;
    if (attributes) {
      const lowerLabel = label ? stringToLowerCase(label) : '';
      for (let i = 0; i < attributes.length; i++) {
        const name = attributes[i]![0];
        const value = attributes[i]![1];
        if (value === true) {
          out += ' ' + name;
          continue;
        }
        // The accessible name and an error message are kept as long as a line's text; other values are short hints.
        const shown = clipText(collapseWhitespace(value), name === 'label' || name === 'invalid' ? this.#limits.label : this.#limits.attribute);
        if (!shown) continue;
        if (lowerLabel && NAME_LIKE[name] && stringToLowerCase(shown) === lowerLabel) continue;
        out += ' ' + name + '=' + shown;
      }
    }
    const scroll = node.scroll;
    if (scroll) {
      let parts = '';
      for (let i = 0; i < SIDES.length; i++) if (scroll[SIDES[i]!] > 0) parts += (parts ? ', ' : '') + SIDES[i] + '=' + scroll[SIDES[i]!];
      out += ' data-scrollable="' + parts + '"';
    }
    return out;
  }

  /** The text of an element: its label, then its descendants' text (skipping listed descendants when `skipListed`). */
  #ownText(node: ElementNode, skipListed: boolean): string {
    const text = joinedText(node, skipListed, false);
    return text || joinedText(node, skipListed, true);
  }

  #containsIndexed(node: ElementNode): boolean {
    const known = this.#hasIndexed.get(node);
    if (known !== undefined) return known;
    let found = false;
    const children = node.children;
    for (let i = 0; i < children.length && !found; i++) {
      const child = children[i]!;
      if (child.kind === 'element') found = child.index !== undefined || this.#containsIndexed(child);
    }
    this.#hasIndexed.set(node, found);
    return found;
  }

  #gap(node: GapNode, depth: number): void {
    const previous = this.#lines[this.#lines.length - 1]?.gap;
    const owner = node.place === 'inside' ? this.#scrollOwner[this.#scrollOwner.length - 1] : undefined;
    if (previous && previous.place === node.place && previous.depth === depth && previous.owner === owner && previous.tag === node.tag) {
      previous.count += node.count;
      return;
    }
    append(this.#lines, { text: '', gap: { place: node.place, count: node.count, tag: node.tag, depth, owner } });
  }

  #appendText(text: string): void {
    if (!hasVisibleText(text)) return;
    if (!this.#buffer) this.#buffer = text;
    else this.#buffer += (this.#pipe ? ' | ' : ' ') + text;
    this.#pipe = false;
  }

  #flush(depth: number): void {
    this.#pipe = false;
    if (!this.#buffer) return;
    const text = collapseWhitespace(this.#buffer);
    this.#buffer = '';
    if (isSeparatorLine(text)) return;
    append(this.#lines, { text: indent(depth) + clipText(text, this.#limits.line) });
  }
}

/** The `label=` attribute of a listed node (its accessible name from a label or an author), or ''. */
export function nameOf(node: ElementNode): string {
  const attributes = node.attributes;
  // Its value is always text (listedInfo and adoptInnerName set it, includeAttributes never adds a second one).
  if (attributes) for (let i = 0; i < attributes.length; i++) if (attributes[i]![0] === 'label') return attributes[i]![1] as string;
  return '';
}

/** The parts `collectText` finds, joined with spaces and whitespace collapsed. */
function joinedText(node: ElementNode, skipListed: boolean, fallbacks: boolean): string {
  const parts: string[] = [];
  collectText(node, parts, skipListed, fallbacks);
  let joined = '';
  for (let i = 0; i < parts.length; i++) joined += i === 0 ? parts[i] : ' ' + parts[i];
  return collapseWhitespace(joined);
}

/** Collects label and text parts under `node`; `fallbacks` collects alt texts instead. */
function collectText(node: ElementNode, parts: string[], skipListed: boolean, fallbacks: boolean): void {
  if (fallbacks) {
    if (node.fallbackText) append(parts, node.fallbackText);
  } else if (node.label) {
    append(parts, node.label);
  }
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.kind === 'text') {
      if (!fallbacks) append(parts, child.text);
    } else if (child.kind === 'element' && !(skipListed && child.index !== undefined)) {
      collectText(child, parts, skipListed, fallbacks);
    }
  }
}

/** Whether a line holds only separators (`·`, `•`, `/`, `|`, `\\`, dashes, commas), which carry nothing for the model. */
function isSeparatorLine(text: string): boolean {
  return regexExec(SEPARATORS, text) !== null;
}
const SEPARATORS = /^[ ·•/|\\\-–—,;]*$/;

/** Gaps before the first or after the last real line are told by the header and footer instead. */
function isOuterGap(line: Line): boolean {
  return line.gap !== undefined && line.gap.place !== 'inside';
}

function isNamedGap(line: Line): boolean {
  return line.gap !== undefined && line.gap.tag !== undefined && line.gap.count > 1;
}

function gapText(gap: NonNullable<Line['gap']>): string {
  const what = gap.tag ? '<' + gap.tag + '>' : gap.count === 1 ? 'element' : 'elements';
  let where: string;
  if (gap.place === 'inside') {
    where = gap.owner === undefined ? 'out of view in this container (scroll it to see them)' : 'out of view (scroll [' + gap.owner + '] to see them)';
  } else {
    const direction = gap.place === 'above' ? 'up' : gap.place === 'below' ? 'down' : gap.place;
    where = (gap.place === 'left' || gap.place === 'right' ? 'to the ' + gap.place : gap.place) + ' (scroll ' + direction + ' to see them)';
  }
  return indent(gap.depth) + '… ' + gap.count + ' more ' + what + ' ' + where;
}
