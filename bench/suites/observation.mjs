// Bench suite: reading the page. On generated admin pages of about 1k, 5k, 20k and 50k elements,
// ours (PageController.getBrowserState from src/, installed before the page's scripts like the IIFE)
// against page-agent 1.12.4's PageController loaded into the same Chromium: first/min/median
// observation time, page-text tokens (o200k), and whether what the bench looks for in the first
// viewport is listed with its label. page-agent is slow on big pages, so its runs are bounded.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { adminPage, FIRST_VIEWPORT_PROBES } from '../lib/pages.mjs';
import { bundle } from '../lib/bundles.mjs';
import { median } from '../lib/stats.mjs';

export const name = 'observation';

// page-agent's extractor takes seconds at 5k elements and minutes beyond: its runs are few, each one
// is stopped after `peerLimitMs` (its page is closed), and it is not run at all on the 200k page.
const SIZES = [
  { label: '1k', size: 1000, oursRuns: 25, peerRuns: 5, peerLimitMs: 60_000 },
  { label: '5k', size: 5000, oursRuns: 20, peerRuns: 2, peerLimitMs: 60_000 },
  { label: '20k', size: 20000, oursRuns: 15, peerRuns: 1, peerLimitMs: 150_000 },
  { label: '50k', size: 50000, oursRuns: 10, peerRuns: 1, peerLimitMs: 30_000 },
  { label: '200k', size: 200000, oursRuns: 5, peerRuns: 0, peerLimitMs: 0 },
];
const VIEWPORT = { width: 1280, height: 800 };

const OURS_ENTRY = {
  contents: `export { PageController } from './src/dom/page-controller.ts';
export { installListenerTracker } from './src/dom/extract/listener-tracker.ts';
export { DEFAULT_TOKEN_BUDGET, observePage } from './src/dom/extract/observe.ts';
export { ElementRegistry } from './src/dom/element-registry.ts';`,
};

const ms = (value) => (value === null ? 'n/a' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(1)} ms`);

function pageText(state) {
  return `${state.header}\n${state.content}\n${state.footer}`;
}

function probe(content) {
  const missing = FIRST_VIEWPORT_PROBES.filter((p) => !p.line.test(content)).map((p) => p.name);
  return { found: FIRST_VIEWPORT_PROBES.length - missing.length, of: FIRST_VIEWPORT_PROBES.length, missing };
}

async function settle(page) {
  // Let the page render so both extractors start from a laid-out page, as they would in use.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

async function measureOurs(browser, url, runs, code) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    // Like the IIFE in <head>: the bundle runs before the page's own scripts and installs the tracker.
    await context.addInitScript({ content: `${code}\n;window.DropInDom = DropInDom; DropInDom.installListenerTracker();` });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    return await page.evaluate(async (runs) => {
      const controller = new DropInDom.PageController({});
      // Two frames between observations: the page renders what the last one changed (highlights), as it
      // does during the seconds an agent step takes.
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
      const elements = document.getElementsByTagName('*').length;
      const times = [];
      let first = null;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const state = await controller.getBrowserState();
        times.push(performance.now() - t0);
        first ??= state;
        await frame();
      }
      // The same reading without the controller's highlight boxes (clearing and drawing them is overlay work).
      const ctx = { config: {}, registry: new DropInDom.ElementRegistry(), overlay: null, window };
      const bare = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        DropInDom.observePage(ctx);
        bare.push(performance.now() - t0);
        await frame();
      }
      return { elements, times, bare, state: first, budget: DropInDom.DEFAULT_TOKEN_BUDGET };
    }, runs);
  } finally {
    await context.close();
  }
}

async function measurePeer(browser, url, runs, limitMs, code, log) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const times = [];
  let state = null;
  let timedOut = false;
  if (runs === 0) return { times, state, timedOut, skipped: true };
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.addScriptTag({ content: code });
    await settle(page);
    await page.evaluate(() => {
      window.__peer = new PageAgentController.PageController({});
    });
    for (let i = 0; i < runs; i++) {
      const run = page.evaluate(async () => {
        const t0 = performance.now();
        const state = await window.__peer.getBrowserState();
        const time = performance.now() - t0;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
        return { time, state };
      });
      let timer;
      const limit = new Promise((done) => (timer = setTimeout(() => done(null), limitMs)));
      const result = await Promise.race([run, limit]);
      clearTimeout(timer);
      if (!result) {
        timedOut = true;
        run.catch(() => {});
        log(`page-agent run stopped after ${limitMs / 1000} s`);
        break;
      }
      times.push(result.time);
      state ??= result.state;
    }
  } finally {
    await context.close();
  }
  return { times, state, timedOut, skipped: false };
}

/** Runs the suite: one row per page size. */
export async function run({ browser, staticServer, root, log }) {
  const ours = await bundle(root, OURS_ENTRY, 'DropInDom');
  const peer = await bundle(root, '@page-agent/page-controller', 'PageAgentController');
  const rows = [];
  let budget = null;
  for (const { label, size, oursRuns, peerRuns, peerLimitMs } of SIZES) {
    const { html, rows: orderRows, cards } = adminPage(size);
    const url = staticServer.route(`/bench/observation-${label}.html`, html);
    log(`${label}: ours ×${oursRuns}`);
    const mine = await measureOurs(browser, url, oursRuns, ours);
    budget = mine.budget;
    log(`${label}: page-agent ×${peerRuns}`);
    const theirs = await measurePeer(browser, url, peerRuns, peerLimitMs, peer, log);
    const oursText = pageText(mine.state);
    const peerText = theirs.state ? pageText(theirs.state) : null;
    const row = {
      page: label,
      elements: mine.elements,
      orderRows,
      cards,
      ours: {
        firstMs: +mine.times[0].toFixed(2),
        minMs: +Math.min(...mine.times).toFixed(2),
        medianMs: +median(mine.times).toFixed(2),
        extractMedianMs: +median(mine.bare).toFixed(2),
        runs: mine.times.length,
        tokens: countTokens(oursText),
        chars: oursText.length,
        probes: probe(mine.state.content),
      },
      pageAgent: {
        minMs: theirs.times.length ? +Math.min(...theirs.times).toFixed(1) : null,
        medianMs: theirs.times.length ? +median(theirs.times).toFixed(1) : null,
        runs: theirs.times.length,
        timedOutAfterMs: theirs.timedOut ? peerLimitMs : null,
        skipped: theirs.skipped,
        tokens: peerText ? countTokens(peerText) : null,
        chars: peerText ? peerText.length : null,
        probes: theirs.state ? probe(theirs.state.content) : null,
      },
    };
    row.speedup = row.pageAgent.medianMs !== null ? +(row.pageAgent.medianMs / row.ours.medianMs).toFixed(0) : null;
    row.tokenRatio = row.pageAgent.tokens ? +(row.ours.tokens / row.pageAgent.tokens).toFixed(3) : null;
    rows.push(row);
    log(`${label}: ours median ${ms(row.ours.medianMs)}, ${row.ours.tokens} tokens; page-agent ${ms(row.pageAgent.medianMs)}, ${row.pageAgent.tokens} tokens`);
  }
  const table = [
    '| page | elements | ours first / min / median | ours without highlights (median) | page-agent min / median (runs) | speed-up | ours tokens | page-agent tokens | tokens ours/peer | first-viewport probes ours / page-agent |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const peerTime = r.pageAgent.skipped
        ? 'not run'
        : r.pageAgent.timedOutAfterMs
          ? `> ${ms(r.pageAgent.timedOutAfterMs)} (stopped)`
          : `${ms(r.pageAgent.minMs)} / ${ms(r.pageAgent.medianMs)} (${r.pageAgent.runs})`;
      const speed = r.speedup !== null ? `${r.speedup}×` : r.pageAgent.timedOutAfterMs ? `> ${Math.floor(r.pageAgent.timedOutAfterMs / r.ours.medianMs)}×` : 'n/a';
      const probes = `${r.ours.probes.found}/${r.ours.probes.of} / ${r.pageAgent.probes ? `${r.pageAgent.probes.found}/${r.pageAgent.probes.of}` : 'n/a'}`;
      return `| ${r.page} | ${r.elements.toLocaleString('en-US')} | ${ms(r.ours.firstMs)} / ${ms(r.ours.minMs)} / **${ms(r.ours.medianMs)}** | ${ms(r.ours.extractMedianMs)} | ${peerTime} | **${speed}** | ${r.ours.tokens.toLocaleString('en-US')} | ${r.pageAgent.tokens?.toLocaleString('en-US') ?? 'n/a'} | ${r.tokenRatio ?? 'n/a'} | ${probes} |`;
    }),
    '',
    `Observation = one \`getBrowserState()\` on a rendered admin page (ours: default config, ${budget.toLocaleString('en-US')}-token budget, listener tracker installed before the page scripts; page-agent 1.12.4: default config, whole page). Times measured in the page; tokens = header + content + footer with o200k. page-agent runs are few and stopped after a limit (its page is closed), because each takes seconds to minutes; it is not run on the 200k page. Probes: what the bench looks for in the first viewport (nav links, search field, account button, toolbar buttons, status filter, first order link and its Edit button), each listed with its label. "first" is the first observation of a fresh page, before the JIT has warmed up; "without highlights" is the perception alone (\`observePage\`), without the controller clearing and drawing its highlight boxes.`,
  ].join('\n');
  const missing = rows.flatMap((r) => r.ours.probes.missing.map((m) => `${r.page}: ${m}`));
  return {
    table: missing.length ? `${table}\n\nNot listed by ours: ${missing.join('; ')}` : table,
    json: { viewport: VIEWPORT, tokenBudget: budget, targets: { medianMs1k: 20, medianMs20k: 100 }, rows },
  };
}
