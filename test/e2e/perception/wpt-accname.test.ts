// Conformance with the Web Platform Tests' accname name tests (test/conformance/wpt-accname/, copied
// unchanged): each file is served from a local server (the wpt harness scripts it loads answer as empty
// scripts), our accessible-name function names every test element, and the name is compared with its
// data-expectedlabel. Playwright's own accessible names (through ariaSnapshot) are measured the same
// way for comparison. Per-file rates are printed; `.tentative` files are reported apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

const SUITE = resolve(import.meta.dirname, '../../conformance/wpt-accname');
/** Test elements: class "ex" everywhere, "ex-label" and "labelled" in two files. */
const SELECTOR = '.ex, .ex-label, .labelled';
/** The figure the issue asks for, over the non-tentative files. */
const REQUIRED_RATE = 0.9;

interface Case {
  expected: string;
  ours: string;
  playwright: string | null;
  name: string;
}

interface FileResult {
  file: string;
  tentative: boolean;
  cases: Case[];
}

declare global {
  interface Window {
    AccName: typeof import('../../../src/dom/extract/accessible-name.js');
  }
}

function suiteFiles(): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(SUITE, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) files.push(join(entry.parentPath, entry.name).slice(SUITE.length + 1));
  }
  return files.sort();
}

/** Scripts the wpt pages load from the wpt server (testharness.js and friends): every absolute src. */
function harnessScripts(files: readonly string[]): Set<string> {
  const paths = new Set<string>();
  for (const file of files) for (const match of readFileSync(join(SUITE, file), 'utf8').matchAll(/<script[^>]*\ssrc="(\/[^"]+)"/g)) paths.add(match[1]!);
  return paths;
}

/** Playwright's accessible name of one element, from the first line of its aria snapshot. */
async function playwrightName(page: Page, index: number): Promise<string | null> {
  const snapshot = await page.locator(`[data-wpt-case="${index}"]`).ariaSnapshot({ timeout: 2_000 }).catch(() => null);
  if (snapshot === null) return null;
  const first = snapshot.split('\n')[0] ?? '';
  const match = /^- [\w-]+ ("(?:[^"\\]|\\.)*")/.exec(first);
  return match ? (JSON.parse(match[1]!) as string) : '';
}

/** One file's cases in `page` (one page for every file: each file is a fresh document). */
async function runFile(page: Page, web: StaticServer, file: string, code: string): Promise<FileResult> {
  await page.goto(web.url(`/test/conformance/wpt-accname/${file}`), { waitUntil: 'load' });
  await page.addScriptTag({ content: `${code}\n;window.AccName = AccName;` });
  const found = await page.evaluate((selector) => {
    const elements = Array.from(document.querySelectorAll(selector));
    return elements.map((element, i) => {
      element.setAttribute('data-wpt-case', String(i));
      return {
        expected: element.getAttribute('data-expectedlabel') ?? '',
        ours: window.AccName.computeName(element).name,
        name: element.getAttribute('data-testname') ?? element.id,
      };
    });
  }, SELECTOR);
  const cases: Case[] = [];
  for (let i = 0; i < found.length; i++) cases.push({ ...found[i]!, playwright: await playwrightName(page, i) });
  return { file, tentative: file.includes('.tentative.'), cases };
}

const matches = (name: string | null, expected: string): boolean => name !== null && name.replace(/\s+/g, ' ').trim() === expected.replace(/\s+/g, ' ').trim();
const percent = (passed: number, total: number): string => (total === 0 ? '—' : `${((100 * passed) / total).toFixed(1)}%`);

describe('WPT accname conformance', () => {
  let web: StaticServer;
  const results: FileResult[] = [];

  beforeAll(async () => {
    web = await startStaticServer();
    for (const path of harnessScripts(suiteFiles())) web.route(path, { body: '', type: 'text/javascript' });
  });
  afterAll(async () => {
    await web.close();
  });

  // About 70 pages in one browser context (a context each took 17 of the file's 23 s of CPU), with an
  // aria snapshot per element: about 4 s alone.
  it('names at least 90% of the non-tentative test elements as expected', { timeout: 360_000 }, async () => {
    const code = await bundleForBrowser('src/dom/extract/accessible-name.ts', 'AccName');
    const { context, page } = await openPage();
    // No network: the pages' few external images fail at once instead of holding the load.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    for (const file of suiteFiles()) results.push(await runFile(page, web, file, code));
    await context.close();

    const lines: string[] = ['file | elements | ours | playwright'];
    const totals = { normal: { n: 0, ours: 0, pw: 0 }, tentative: { n: 0, ours: 0, pw: 0 } };
    const failures: string[] = [];
    for (const result of results) {
      const ours = result.cases.filter((c) => matches(c.ours, c.expected)).length;
      const pw = result.cases.filter((c) => matches(c.playwright, c.expected)).length;
      const bucket = result.tentative ? totals.tentative : totals.normal;
      bucket.n += result.cases.length;
      bucket.ours += ours;
      bucket.pw += pw;
      lines.push(`${result.file} | ${result.cases.length} | ${percent(ours, result.cases.length)} | ${percent(pw, result.cases.length)}`);
      for (const c of result.cases) if (!matches(c.ours, c.expected)) failures.push(`${result.file}: ${c.name}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.ours)}`);
    }
    lines.push(`non-tentative | ${totals.normal.n} | ${percent(totals.normal.ours, totals.normal.n)} | ${percent(totals.normal.pw, totals.normal.n)}`);
    lines.push(`tentative | ${totals.tentative.n} | ${percent(totals.tentative.ours, totals.tentative.n)} | ${percent(totals.tentative.pw, totals.tentative.n)}`);
    console.log(`WPT accname pass rates\n${lines.join('\n')}\nOur failures:\n${failures.join('\n')}`);

    expect(totals.normal.n).toBeGreaterThan(300);
    expect(totals.normal.ours / totals.normal.n).toBeGreaterThanOrEqual(REQUIRED_RATE);
  });
});
