// Bench suite: the remote action round trip of `drop-in-page-agent mcp` (#17): an MCP tool call from
// the SDK's own Client over stdio, through the server and the page's agent (the action as a step of
// its remote task), to the result. Measured on the built package with its own headless Chromium,
// against the same action called directly on the bundle's page controller in the bench's Chromium
// (the action itself). The overhead is the difference of the medians. Calls are spaced as a client's
// model spaces them (it thinks between calls); back-to-back calls are shown too (each then also waits
// for the page to settle and be read after the previous action, as a step of a local task does).
// Target: overhead ≤ 50 ms median.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CHROMIUM_PATH } from '../launch.mjs';
import { median, round1 } from '../lib/stats.mjs';

export const name = 'mcp';

const RUNS = 25;
const SPACING_MS = 400;
const TARGET_MS = 50;
const PAGE = '/test/fixtures/mcp/form.html';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The index of the listed element whose line contains `words`. */
function indexIn(listing, words) {
  for (const line of listing.split('\n')) {
    const match = /\*?\[(\d+)\]</.exec(line);
    if (match && line.includes(words)) return Number(match[1]);
  }
  throw new Error(`no indexed line mentions "${words}"`);
}

/** Times `hover` on the button through MCP: spaced calls and back-to-back calls. */
async function remoteTimes(root, url) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'bin/drop-in-page-agent.mjs'), 'mcp', '--headless', '--approval', 'off', '--url', url],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp', CHROMIUM_PATH },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  try {
    const listing = (await client.callTool({ name: 'page_read', arguments: {} })).content[0].text;
    const index = indexIn(listing, 'Save profile');
    const call = async () => {
      const t0 = performance.now();
      const result = await client.callTool({ name: 'hover', arguments: { index } });
      if (result.isError) throw new Error(`hover failed: ${result.content[0].text}`);
      return performance.now() - t0;
    };
    await call();
    const spaced = [];
    for (let i = 0; i < RUNS; i++) {
      await sleep(SPACING_MS);
      spaced.push(await call());
    }
    const burst = [];
    for (let i = 0; i < RUNS; i++) burst.push(await call());
    return { spaced, burst };
  } finally {
    await client.close();
  }
}

/** Times the same hover called directly on the bundle's controller in a page (the action itself). */
async function directTimes(browser, url, root) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/page-agent.iife.js'), 'utf8') });
    return await page.evaluate(async (runs) => {
      const agent = new window.PageAgent({ baseURL: 'http://x.invalid', model: 'm', enableMask: false });
      const controller = agent.pageController;
      const state = await controller.getBrowserState();
      const line = state.content.split('\n').find((text) => text.includes('Save profile'));
      const index = Number(/\[(\d+)\]/.exec(line)[1]);
      const times = [];
      for (let i = 0; i <= runs; i++) {
        const t0 = performance.now();
        const result = await controller.hoverElement(index);
        if (!result.success) throw new Error(result.message);
        if (i > 0) times.push(performance.now() - t0);
      }
      return times;
    }, RUNS);
  } finally {
    await context.close();
  }
}

export async function run({ browser, staticServer, root, log }) {
  const url = staticServer.url(PAGE);
  log(`hover ${RUNS}× directly, then ${RUNS}× spaced ${SPACING_MS} ms and ${RUNS}× back to back over MCP stdio`);
  const direct = await directTimes(browser, url, root);
  const { spaced, burst } = await remoteTimes(root, url);
  const action = median(direct);
  const overhead = median(spaced) - action;
  const table = [
    '| Measure (hover, median of ' + RUNS + ') | ms |',
    '|---|---:|',
    `| The action itself (bundle controller, in page) | ${round1(action)} |`,
    `| MCP round trip, calls spaced ${SPACING_MS} ms | ${round1(median(spaced))} |`,
    `| **Overhead beyond the action** (target ≤ ${TARGET_MS}) | **${round1(overhead)}** ${overhead <= TARGET_MS ? '✓' : '✗'} |`,
    `| MCP round trip, back to back (waits for the page to settle after the previous action) | ${round1(median(burst))} |`,
  ].join('\n');
  return { table, json: { runs: RUNS, spacingMs: SPACING_MS, actionMs: round1(action), spacedMs: round1(median(spaced)), overheadMs: round1(overhead), backToBackMs: round1(median(burst)), targetMs: TARGET_MS } };
}
