// Last-resort names for listed elements that show no text and no naming attribute (icon buttons,
// image links): the link target, or the element's id or first classes, so the model can still tell
// `[5]<button class=btn-close />` from its neighbours. Reads attributes only.
import { append, stringSet } from '../intrinsics.js';
import { firstWords } from '../describe.js';
import type { ElementNode, ShownAttribute } from '../page-tree.js';
import { hasVisibleText } from '../serialize/text.js';
import { getAttribute } from '../platform.js';

const NAMING = stringSet(['aria-label', 'title', 'placeholder', 'value', 'label', 'alt']);

function hasText(node: ElementNode): boolean {
  if (hasVisibleText(node.label) || hasVisibleText(node.fallbackText)) return true;
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]!;
    if (child.kind === 'text' || (child.kind === 'element' && hasText(child))) return true;
  }
  return false;
}

function isNamed(node: ElementNode): boolean {
  const attributes = node.attributes;
  for (let i = 0; attributes && i < attributes.length; i++) if (NAMING[attributes[i]![0]]) return true;
  return false;
}

/** Adds `href`, `id` or `class` to a listed node that would otherwise show nothing to tell it by. */
export function nameListedNode(node: ElementNode, element: Element): void {
  if (hasText(node) || isNamed(node) || node.scroll) return;
  // The list is the node's own (listedInfo made it for this node alone).
  const attributes = (node.attributes ??= []) as ShownAttribute[];
  const href = node.tag === 'a' ? getAttribute(element, 'href') : null;
  const id = getAttribute(element, 'id');
  const classes = getAttribute(element, 'class');
  if (href) append(attributes, ['href', href] as const);
  else if (id) append(attributes, ['id', id] as const);
  else if (hasVisibleText(classes)) append(attributes, ['class', firstWords(classes, 2)] as const);
}
