// Hidden-text carriers (#15): text a person cannot see never reaches the page text, and each one's
// visible twin (the same construction, made visible) still does. Every carrier holds a unique token;
// the page text must hold none of the hidden tokens and all of the visible ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { observe, openWith } from './harness.js';
import { CARRIERS } from '../../fixtures/security/hostile.mjs';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

const token = (index: number, side: 'h' | 'v') => `carrier${index}${side}zq`;

describe('hidden-text carriers', () => {
  /** The carriers (after `before`) in a `height`-px viewport: hidden tokens leaked and visible ones lost. */
  async function check(before: string, height: number, background = 'background:#fff;') {
    const html = CARRIERS.map(([, hidden, visible], i) => `<section>${hidden.replace('TOKEN', token(i, 'h'))}${visible.replace('TOKEN', token(i, 'v'))}</section>`).join('\n');
    const { context, page } = await openWith(web, `<!doctype html><body style="${background}color:#111;font:16px sans-serif">${before}${html}</body>`, { viewport: { width: 1000, height } });
    try {
      const { content } = await observe(page);
      const leaked = CARRIERS.filter((_, i) => content.includes(token(i, 'h'))).map(([name]) => name);
      const lost = CARRIERS.filter((_, i) => !content.includes(token(i, 'v'))).map(([name]) => name);
      return { leaked, lost };
    } finally {
      await context.close();
    }
  }

  it(`never reach the page text (${CARRIERS.length} carriers), while their visible twins do`, async () => {
    expect(await check('', 3000)).toEqual({ leaked: [], lost: [] });
  });

  it('never reach it below the viewport either, where no hit test reaches (painting order decides)', async () => {
    expect(await check('<div style="height:1200px">Intro</div>', 800)).toEqual({ leaked: [], lost: [] });
  });

  it('never reach it on a page without a background, whose canvas is white', async () => {
    expect(await check('', 3000, '')).toEqual({ leaked: [], lost: [] });
  });
});

describe('text in the colour of the background over a layer with a negative z-index', () => {
  /** The words of `words` missing from the page text of `body` (in a 1000×`height` viewport). */
  async function missing(body: string, words: string[], height = 2000, config = {}) {
    const { context, page, errors } = await openWith(web, `<!doctype html>${body}`, { viewport: { width: 1000, height }, config });
    try {
      const { content } = await observe(page);
      expect(errors).toEqual([]);
      return words.filter((word) => !content.includes(word));
    } finally {
      await context.close();
    }
  }
  const layer = (style: string) => `<div style="${style};z-index:-1;background:#000"></div>`;
  const hero = (words: string, box: string, media: string) => `<section style="${box};height:120px">${media}<h1 style="color:#fff;margin:0">${words}</h1></section>`;
  const image = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

  it('stays: a fixed layer before or after it on a white body, on a page without a background, and in a box that is a stacking context', async () => {
    // The layer paints above the stacking context's background (or the canvas) and below its text.
    expect(await missing(`<body style="background:#fff">${layer('position:fixed;inset:0')}<p style="color:#fff">keepOverFixed</p></body>`, ['keepOverFixed'])).toEqual([]);
    expect(await missing(`<body style="background:#fff"><p style="color:#fff">keepBeforeLayer</p>${layer('position:fixed;inset:0')}</body>`, ['keepBeforeLayer'])).toEqual([]);
    expect(await missing(`<body><p style="color:#fff">keepNoBackground</p>${layer('position:absolute;inset:0')}</body>`, ['keepNoBackground'])).toEqual([]);
    // A transparent layer whose words are drawn big and dark behind it.
    const bigWord = '<div style="position:fixed;inset:0;z-index:-1;font:900 300px/1 sans-serif;color:#000">BIG</div>';
    expect(await missing(`<body style="background:#fff">${bigWord}<p style="color:#fff;margin-top:80px">keepOverWords</p></body>`, ['keepOverWords'])).toEqual([]);
    const boxes = [
      hero('keepZeroBox', 'position:relative;z-index:0;background:#fff', layer('position:absolute;inset:0')),
      hero('keepIsolatedBox', 'position:relative;isolation:isolate;background:#fff', layer('position:absolute;inset:0')),
      // A transform, an opacity below 1 or a filter makes a stacking context too (an animated card, a fade).
      hero('keepTransformedBox', 'position:relative;transform:translateY(0);background:#fff', layer('position:absolute;inset:0')),
      hero('keepFadedBox', 'position:relative;opacity:.99;background:#fff', layer('position:absolute;inset:0')),
      hero('keepFilteredBox', 'position:relative;filter:brightness(1);background:#fff', layer('position:absolute;inset:0')),
      // Heroes that worked before: a positioned section (the background under it is unknown) over an image or a video, and a background image.
      hero('keepImageHero', 'position:relative', `<img alt="" style="position:absolute;inset:0;z-index:-1" src="${image}">`),
      hero('keepVideoHero', 'position:relative', '<video muted style="position:absolute;inset:0;z-index:-1"></video>'),
      // A video as the layer (it draws without children or a background), and a transparent layer that holds one.
      hero('keepVideoInBox', 'position:relative;z-index:0;background:#fff', '<video muted style="position:absolute;inset:0;z-index:-1"></video>'),
      hero('keepWrappedVideo', 'position:relative;z-index:0;background:#fff', '<div style="position:absolute;inset:0;z-index:-1"><video muted style="width:100%;height:100%"></video></div>'),
      hero('keepBackgroundImage', `background:url(${image})`, ''),
    ];
    const words = ['keepZeroBox', 'keepIsolatedBox', 'keepTransformedBox', 'keepFadedBox', 'keepFilteredBox', 'keepImageHero', 'keepVideoHero', 'keepVideoInBox', 'keepWrappedVideo', 'keepBackgroundImage'];
    expect(await missing(`<body style="background:#fff">${boxes.join('')}</body>`, words)).toEqual([]);
    // Below the viewport too (no hit test there).
    expect(await missing(`<body style="background:#fff"><div style="height:1200px">Intro</div>${boxes.join('')}</body>`, words, 800)).toEqual([]);
  });

  it('is dropped when no layer lies between: the layer elsewhere, the layer itself, a box that paints over it, or a layer that draws nothing', async () => {
    const pages = [
      `<body style="background:#fff"><div style="position:absolute;top:1500px;left:0;width:40px;height:40px;z-index:-1;background:#000"></div><p style="color:#fff">hiddenFarFromLayer</p>`,
      '<body style="background:#fff"><div style="position:relative;z-index:-1;background:#fff"><p style="color:#fff">hiddenInLayer</p></div>',
      `<body style="background:#fff"><div style="background:#fff">${layer('position:fixed;inset:0')}<p style="color:#fff">hiddenInStaticBox</p></div>`,
      `<body><div style="position:relative;z-index:0;background:#fff"><p style="color:#fff">hiddenBesideLayer</p></div>${layer('position:fixed;inset:0')}`,
      // Layers that draw nothing over the page's white: empty, or white themselves.
      '<body style="background:#fff"><div style="position:fixed;inset:0;z-index:-1"></div><p style="color:#fff">hiddenOverEmptyLayer</p>',
      '<body style="background:#fff"><div style="position:fixed;inset:0;z-index:-1;background:rgba(255,255,255,.5)"></div><p style="color:#fff">hiddenOverWhiteLayer</p>',
      // Blank text and comments in a layer draw nothing either.
      '<body style="background:#fff"><div style="position:fixed;inset:0;z-index:-1">\n  <!-- decoration -->\n</div><p style="color:#fff">hiddenOverBlankLayer</p>',
    ];
    for (const page of pages) {
      const word = /hidden\w+/.exec(page)![0];
      expect(await missing(`${page}<p>shownDark</p></body>`, [word, 'shownDark'])).toEqual([word]);
    }
  });

  it('does not count against the token budget while it waits for a layer', async () => {
    // 40 hidden paragraphs of 300 characters against a 200-token budget (600 characters): the visible text after them is still listed.
    const hidden = Array.from({ length: 40 }, (_, i) => `<p style="color:#fff">hidden${i} ${'x'.repeat(290)}</p>`).join('');
    expect(await missing(`<body style="background:#fff">${hidden}<p>shownAfterHidden</p></body>`, ['shownAfterHidden', 'hidden0 '], 2000, { tokenBudget: 200 })).toEqual(['hidden0 ']);
  });

  it('keeps at most one budget of it when a layer found after it makes it readable', async () => {
    // The same 40 paragraphs (12,000 characters), now over a fixed black layer that comes after them:
    // they are readable, and the listing keeps what fits one more budget of 600 characters.
    const readable = Array.from({ length: 40 }, (_, i) => `<p style="color:#fff">over${i} ${'x'.repeat(290)}</p>`).join('');
    const { context, page, errors } = await openWith(web, `<!doctype html><body style="background:#fff"><p>shownFirst</p>${readable}${layer('position:fixed;inset:0')}</body>`, {
      viewport: { width: 1000, height: 2000 },
      config: { tokenBudget: 200 },
    });
    try {
      const { content } = await observe(page);
      expect(errors).toEqual([]);
      expect(content).toContain('shownFirst');
      expect(content).toContain('over0 ');
      expect(content).not.toContain('over3 ');
      expect(content.length).toBeLessThan(2000);
    } finally {
      await context.close();
    }
  });
});

describe('visible text near the carriers', () => {
  it('stays: odd colour syntaxes, captions over images, a font-size:0 row of inline blocks, a dark page, summaries, text under transparent, faded or partial covers', async () => {
    const cases = [
      '<p style="color:oklch(40% 0.1 200)">keepOklch</p>',
      '<p style="color:color-mix(in srgb, #fff 10%, #000)">keepMix</p>',
      '<p style="--ink:#222;color:var(--ink)">keepVariable</p>',
      '<p style="color:#333"><span style="color:currentColor">keepCurrent</span></p>',
      // A white caption placed over an image sibling: the background under a positioned box is unknown.
      '<div style="position:relative;width:300px;height:80px"><img alt="" style="width:300px;height:80px;background:#123" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><h2 style="position:absolute;top:0;margin:0;color:#fff">keepCaption</h2></div>',
      '<div style="font-size:0"><span style="font-size:16px">keepInline1</span> <span style="font-size:16px">keepInline2</span></div>',
      '<details><summary>keepSummary</summary><p>gone</p></details>',
      '<div style="background:linear-gradient(#000,#111)"><p style="color:#050505">keepOverGradient</p></div>',
      // A card under a "stretched link" (a transparent ::after over the whole card): still read.
      '<style>.stretch::after{content:"";position:absolute;inset:0}</style><div style="position:relative;padding:8px"><p>keepUnderStretchedLink</p><a class="stretch" href="#a">Open card</a></div>',
      // Half covered by an opaque box: what shows is read.
      '<div style="position:relative;width:400px"><p style="margin:0">keepHalfCovered words words words</p><div style="position:absolute;top:0;left:0;width:200px;height:100%;background:#fff"></div></div>',
      // An opaque box that covers it but is itself faded: text shows through.
      '<div style="position:relative"><p>keepUnderFaded</p><div style="position:absolute;inset:0;background:#fff;opacity:.5"></div></div>',
      // A cover that ignores the pointer: not judged (shown).
      '<div style="position:relative"><p>keepUnderPointerNone</p><div style="position:absolute;inset:0;background:rgba(0,0,0,0);pointer-events:none"></div></div>',
      // Gradient text: transparent glyphs that show their box's background, clipped to the text (in a child too).
      '<h2 style="background:linear-gradient(90deg,#c00,#00c);background-clip:text;color:transparent">keepGradientText</h2>',
      '<h2 style="background:linear-gradient(90deg,#c00,#00c);-webkit-background-clip:text;-webkit-text-fill-color:transparent">Hello <span>keepGradientChild</span></h2>',
      '<h2 style="background:linear-gradient(90deg,#c00,#00c);background-clip:text;color:transparent">Hello <span style="position:relative">keepGradientPositioned</span></h2>',
      // A translated wrapper without a box of its own (its children are positioned): a translation keeps their area.
      '<div style="position:relative;height:40px"><div style="position:absolute;left:50%;transform:translateX(-50%)"><div style="position:absolute;white-space:nowrap">keepInTranslatedWrapper</div></div></div>',
    ].join('\n');
    const words = [
      'keepOklch', 'keepMix', 'keepVariable', 'keepCurrent', 'keepCaption', 'keepInline1', 'keepInline2', 'keepSummary', 'keepOverGradient', 'keepUnderStretchedLink', 'keepHalfCovered', 'keepUnderFaded',
      'keepUnderPointerNone', 'keepGradientText', 'keepGradientChild', 'keepGradientPositioned', 'keepInTranslatedWrapper',
    ];
    // Off-screen too (judged by painting order): a raised text over an opaque box drawn after it, and
    // text under a box that is opaque but not visible, stay.
    const offScreen = `${cases}
      <div style="position:relative"><p style="position:relative;z-index:1">keepRaised</p><div style="position:absolute;inset:0;background:#fff"></div></div>
      <div style="position:relative"><p>keepUnderInvisible</p><div style="position:absolute;inset:0;background:#fff;visibility:hidden"></div></div>`;
    for (const [body, viewport, expected] of [
      [cases, { width: 1000, height: 2000 }, words],
      [`<div style="height:1200px">Intro</div>${offScreen}`, { width: 1000, height: 800 }, [...words, 'keepRaised', 'keepUnderInvisible']],
    ] as const) {
      const { context, page } = await openWith(web, `<!doctype html><body style="background:#fff;color:#111">${body}</body>`, { viewport });
      try {
        const { content } = await observe(page);
        expect(expected.filter((word) => !content.includes(word))).toEqual([]);
        expect(content).not.toContain('gone');
      } finally {
        await context.close();
      }
    }
    // A dark colour scheme from a meta (which the computed style does not show) or from html's style: the canvas is not white.
    for (const page of ['<meta name=color-scheme content=dark><body><p style="color:#f0f0f0">keepOnDark</p></body>', '<html style="color-scheme:dark"><body><p style="color:#fff">keepOnDark</p></body>']) {
      const dark = await openWith(web, `<!doctype html>${page}`);
      try {
        expect((await observe(dark.page)).content).toContain('keepOnDark');
      } finally {
        await dark.context.close();
      }
    }
  });
});

describe('bad input', () => {
  it('reads a details element of another namespace, its summary included, without a throw (only an HTML details hides its body)', async () => {
    // HTMLDetailsElement's open getter throws on such an element: the whole page read as unreadable.
    const html = `<!doctype html><body style="background:#fff"><div id=host></div>
      <details><summary>htmlSummary</summary><p>htmlClosedBody</p></details>
      <script>
        const other = document.createElementNS('urn:example', 'details');
        const summary = document.createElement('summary');
        summary.textContent = 'otherSummary';
        const body = document.createElement('p');
        body.textContent = 'otherDetailsBody';
        other.append(summary, body);
        document.getElementById('host').append(other);
      </script></body>`;
    const { context, page, errors } = await openWith(web, html);
    try {
      const { content } = await observe(page);
      expect(content).not.toContain('could not be read');
      expect(content).toContain('otherSummary');
      expect(content).toContain('otherDetailsBody');
      expect(content).toMatch(/<summary[^\n]*collapsed[^\n]*>htmlSummary/);
      expect(content).not.toContain('htmlClosedBody');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('decides text under 1,000 nested ancestors without a throw', async () => {
    const html = `<!doctype html><body style="background:#fff">${'<div>'.repeat(1000)}<p style="color:#fefefe">deepHidden</p><p>deepShown</p>${'</div>'.repeat(1000)}</body>`;
    const { context, page, errors } = await openWith(web, html, { config: { tokenBudget: 200_000 } });
    try {
      const { content } = await observe(page);
      expect(content).toContain('deepShown');
      expect(content).not.toContain('deepHidden');
      expect(content).not.toContain('could not be read');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('hit-tests text under a transparent cover once, not at each of its points', async () => {
    // 30 positioned lines, each reaching over the middle of the one before it: a line's first point
    // hits its neighbour, which hides nothing, so its other points need no test. Hit tests are counted
    // through the page's elementFromPoint (the bundle loads after it), less those of the same page
    // whose lines do not overlap (the viewport sampling).
    const counter = '<script>window.hits = 0; const hit = Document.prototype.elementFromPoint; Document.prototype.elementFromPoint = function (...args) { window.hits++; return hit.apply(this, args); };</script>';
    async function hitsFor(rowHeight: number) {
      const rows = Array.from({ length: 30 }, (_, i) => `<div style="position:relative;height:${rowHeight}px"><span style="position:absolute;top:0;white-space:nowrap;font:30px/30px sans-serif">denseRow${i}</span></div>`).join('');
      const { context, page, errors } = await openWith(web, `<!doctype html>${counter}<body style="background:#fff;margin:40px 0">${rows}</body>`, { viewport: { width: 800, height: 1000 } });
      try {
        const { content } = await observe(page);
        expect(Array.from({ length: 30 }, (_, i) => `denseRow${i}`).filter((word) => !content.includes(word))).toEqual([]);
        expect(errors).toEqual([]);
        return await page.evaluate(() => (window as unknown as { hits: number }).hits);
      } finally {
        await context.close();
      }
    }
    const sampling = await hitsFor(30);
    expect(await hitsFor(12)).toBeLessThanOrEqual(sampling + 30);
  });
});
