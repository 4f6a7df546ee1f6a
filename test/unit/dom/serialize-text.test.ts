// Text helpers of the page text and the header/footer around it.
import { describe, expect, it } from 'vitest';
import { formatFooter, formatHeader, type PageFrame } from '../../../src/dom/serialize/header-footer.js';
import { clipText, collapseWhitespace, hasVisibleText } from '../../../src/dom/serialize/text.js';

describe('collapseWhitespace', () => {
  it('collapses every kind of whitespace run to one space and trims', () => {
    expect(collapseWhitespace('  a\n\t b\u00a0\u00a0c\u200b\u3000d  ')).toBe('a b c d');
    expect(collapseWhitespace('\n \t')).toBe('');
    expect(collapseWhitespace('single')).toBe('single');
  });
});

describe('clipText', () => {
  it('cuts with an ellipsis and never splits a surrogate pair', () => {
    expect(clipText('abcdef', 4)).toBe('abc…');
    expect(clipText('abc', 4)).toBe('abc');
    expect(clipText('ab😀cd', 4)).toBe('ab…');
  });
});

describe('hasVisibleText', () => {
  it('is false for whitespace only', () => {
    expect(hasVisibleText(' \n\u00a0')).toBe(false);
    expect(hasVisibleText(' x ')).toBe(true);
  });
});

const frame = (extra: Partial<PageFrame> = {}): PageFrame => ({
  url: 'https://shop.test/cart',
  title: 'Cart',
  viewport: { width: 1280, height: 800 },
  page: { width: 1280, height: 4000 },
  scroll: { x: 0, y: 800 },
  above: null,
  below: null,
  aside: 0,
  stoppedEarly: false,
  ...extra,
});

describe('formatHeader and formatFooter', () => {
  it('give the page, its size, the scroll position and both ends when everything is listed', () => {
    expect(formatHeader(frame())).toBe(
      'Current page: [Cart](https://shop.test/cart)\nPage info: 1280x800px viewport, 1280x4000px page, scrolled to 25% (1.0 pages above, 3.0 pages below)\n[Start of page]',
    );
    expect(formatFooter(frame())).toBe('[End of page]');
  });

  it('say how much lies above and below the listed part', () => {
    const f = frame({ above: { pixels: 400, elements: 12 }, below: { pixels: 1600, elements: 250 }, aside: 3, stoppedEarly: true });
    expect(formatHeader(f).split('\n')[2]).toBe('... 400px above the listed part (about 12 more elements, 0.5 pages): scroll up to see more ...');
    expect(formatFooter(f)).toBe(
      '... 1600px below the listed part (about 250 more elements, 2.0 pages): scroll down to see more ...\n' +
        '(3 more elements beside the viewport or inside scroll containers are not listed.)\n' +
        '(The page is too large to read at once: the listing stopped early. Scroll to read other parts.)\n' +
        '(scroll_to_text finds any text, listed or not.)',
    );
    expect(formatFooter(frame({ above: { pixels: 400, elements: 12 } }))).toBe('[End of page]\n(scroll_to_text finds any text, listed or not.)');
  });
});
