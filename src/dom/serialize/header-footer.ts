// The header and footer around the page text: where the page is, how it is scrolled, and what lies
// beyond the listed part (page-agent 1.x shape: "[Start of page]" / "[End of page]" or a scroll hint).
// Pure: takes measurements, returns text.
import { math, numberToFixed } from '../intrinsics.js';

/** Measurements of the page and of what the listing left out. */
export interface PageFrame {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  page: { width: number; height: number };
  scroll: { x: number; y: number };
  /** Unlisted content above the listed part: page px above its end, and about how many elements. */
  above: { pixels: number; elements: number } | null;
  /** Unlisted content below the listed part: page px below its start, and about how many elements. */
  below: { pixels: number; elements: number } | null;
  /** Elements left out beside the viewport or inside scroll containers. */
  aside: number;
  /** The listing stopped on time rather than budget: the page is too large to read at once. */
  stoppedEarly: boolean;
}

const fixed1 = (n: number): string => numberToFixed(n, 1);

function beyond(pixels: number, elements: number, viewportHeight: number, where: 'above' | 'below'): string {
  const pages = viewportHeight > 0 ? fixed1(pixels / viewportHeight) : '0.0';
  const count = elements > 0 ? `about ${elements} more elements, ` : '';
  return `... ${math.round(pixels)}px ${where} the listed part (${count}${pages} pages): scroll ${where === 'above' ? 'up' : 'down'} to see more ...`;
}

/** `Current page: [title](url)`, page and viewport size, scroll position, and whether the listing starts at the top. */
export function formatHeader(frame: PageFrame): string {
  const { viewport, page, scroll } = frame;
  const h = viewport.height;
  const below = math.max(0, page.height - h - scroll.y);
  const range = math.max(1, page.height - h);
  const percent = math.round((math.min(scroll.y, range) / range) * 100);
  const pagesAbove = h > 0 ? fixed1(scroll.y / h) : '0.0';
  const pagesBelow = h > 0 ? fixed1(below / h) : '0.0';
  const lines =
    `Current page: [${frame.title}](${frame.url})\n` +
    `Page info: ${viewport.width}x${h}px viewport, ${page.width}x${page.height}px page, scrolled to ${percent}% (${pagesAbove} pages above, ${pagesBelow} pages below)\n`;
  return lines + (frame.above ? beyond(frame.above.pixels, frame.above.elements, h, 'above') : '[Start of page]');
}

/** What lies below the listed part, or `[End of page]`. */
export function formatFooter(frame: PageFrame): string {
  let text = frame.below ? beyond(frame.below.pixels, frame.below.elements, frame.viewport.height, 'below') : '[End of page]';
  if (frame.aside > 0) text += `\n(${frame.aside} more elements beside the viewport or inside scroll containers are not listed.)`;
  if (frame.stoppedEarly) text += '\n(The page is too large to read at once: the listing stopped early. Scroll to read other parts.)';
  if (frame.above || frame.below || frame.aside > 0 || frame.stoppedEarly) text += '\n(scroll_to_text finds any text, listed or not.)';
  return text;
}
