// Bench suite: the panel's final-answer renderer on the markdown fuzz set (bench/lib/markdown-fuzz.mjs),
// 1 MB per input, parsed and rendered into a page in Chromium (layout included), the way the panel
// shows a model's answer. Target: the worst input ≤ 200 ms. Answers over MAX_ANSWER_CHARS are cut
// with a note before parsing, and the parser is linear, so no input blocks the page for long.
import { bundle } from '../lib/bundles.mjs';
import { markdownFuzzSet } from '../lib/markdown-fuzz.mjs';

export const name = 'markdown';

const SIZE = 1_000_000;
const RUNS = 3;
const ENTRY = {
  contents: `export { render } from 'lit';
export { renderFinalAnswer } from './src/panel/step-list.ts';
export { createTranslator } from './src/panel/i18n.ts';`,
};

export async function run({ browser, root, log }) {
  const code = await bundle(root, ENTRY, 'MarkdownBench');
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><body></body>');
    await page.addScriptTag({ content: code });
    const rows = [];
    for (const [label, source] of markdownFuzzSet(SIZE)) {
      const times = await page.evaluate(
        ({ source, runs }) => {
          const { render, renderFinalAnswer, createTranslator } = window.MarkdownBench;
          const t = createTranslator('en-US');
          const out = [];
          for (let i = 0; i < runs; i++) {
            const host = document.createElement('ul');
            document.body.append(host);
            const start = performance.now();
            render(renderFinalAnswer(t, { text: source, success: true }, location.href, false, () => {}), host);
            void host.offsetHeight;
            out.push(performance.now() - start);
            host.remove();
          }
          return out;
        },
        { source, runs: RUNS },
      );
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
      rows.push({ label, ms: Math.round(median * 10) / 10 });
      log(`${label}: ${median.toFixed(1)} ms`);
    }
    const worst = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
    const table = [
      `Final answer rendered in the panel, ${SIZE.toLocaleString('en-US')} characters per input, median of ${RUNS}; target: worst ≤ 200 ms.`,
      '',
      '| input | ms |',
      '|---|---:|',
      ...rows.map((row) => `| ${row.label} | ${row.ms} |`),
      `| **worst (${worst.label})** | **${worst.ms}** |`,
    ].join('\n');
    return { table, json: { size: SIZE, rows, worstMs: worst.ms } };
  } finally {
    await page.close();
  }
}
