// Highlight boxes with index labels, drawn in one batch after extraction: every rect is measured first
// (one layout), then the reused box elements are written, so drawing never interleaves reads and writes.
// Positions are set through CSSOM (`el.style.left = …`), which a strict style-src CSP allows.
import { isConnected, rectsOf } from '../platform.js';
import { frameOffset } from '../actions/geometry.js';
import { HIGHLIGHT_COLORS } from './overlay-styles.js';

/** One element to highlight with the index the model sees. */
export interface HighlightItem {
  index: number;
  element: Element;
}

/** The most boxes drawn at once; beyond this the picture is noise and drawing costs frames. */
export const MAX_HIGHLIGHTS = 1500;

interface Measured {
  index: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Measures the first visible box of each item in top-window coordinates, skipping those off-screen. */
export function measureHighlights(items: ReadonlyArray<HighlightItem>, viewport: { width: number; height: number }): Measured[] {
  const measured: Measured[] = [];
  const offsets = new Map<Document, { x: number; y: number }>();
  for (const { index, element } of items) {
    if (measured.length >= MAX_HIGHLIGHTS) break;
    if (!isConnected(element)) continue;
    const doc = element.ownerDocument;
    let offset = offsets.get(doc);
    if (!offset) {
      offset = frameOffset(doc);
      offsets.set(doc, offset);
    }
    for (const rect of Array.from(rectsOf(element))) {
      if (rect.width <= 0 || rect.height <= 0) continue;
      const left = rect.left + offset.x;
      const top = rect.top + offset.y;
      if (left > viewport.width || top > viewport.height || left + rect.width < 0 || top + rect.height < 0) continue;
      measured.push({ index, left, top, width: rect.width, height: rect.height });
      break;
    }
  }
  return measured;
}

/** Puts a box for each measured item into `container`, reusing the elements in `pool` (grown as needed). */
export function renderHighlights(doc: Document, container: Element, measured: ReadonlyArray<Measured>, pool: HTMLElement[]): void {
  const fragment = doc.createDocumentFragment();
  for (let i = 0; i < measured.length; i++) {
    const item = measured[i]!;
    let box = pool[i];
    if (!box) {
      box = doc.createElement('div');
      box.appendChild(doc.createElement('span')).className = 'label';
      pool[i] = box;
    }
    box.className = item.top < 16 ? 'box inside' : 'box';
    const style = box.style;
    style.setProperty('--c', HIGHLIGHT_COLORS[item.index % HIGHLIGHT_COLORS.length]!);
    for (const side of ['left', 'top', 'width', 'height'] as const) style[side] = `${item[side]}px`;
    box.firstChild!.textContent = String(item.index);
    fragment.appendChild(box);
  }
  container.appendChild(fragment);
}
