// `drop-in-page-agent test` through the real bin: Markdown tests against static pages with the mock
// model, the live summary on stderr, JUnit/TAP/JSON reports, exit codes, retries and workers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, runBin, stopBins, type Spawned } from './runner-helpers.js';
import { isVerdictCall, uiTestModel, type VerdictRule } from './ui-test-model.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/drop-in-page-agent.mjs');
const work = mkdtempSync(join(tmpdir(), 'test-cli-'));

let llm: MockLLMServer;
let site: StaticServer;
let model: ReturnType<typeof uiTestModel> | undefined;
const base = () => site.url('/test/fixtures/node-runner/');
/** A test file's path as the command shows it (relative to its working folder). */
const shown = (file: string) => relative(work, file);

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  llm.reset();
  model = undefined;
});
afterEach(() => expect(model?.errors ?? []).toEqual([]));

function use(next: ReturnType<typeof uiTestModel>) {
  model = next;
  llm.setHandler(next);
}

/** Writes a test file into a fresh folder; returns its path. */
function testFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(work, 'case-')), name);
  writeFileSync(path, text);
  return path;
}

afterEach(stopBins);

function cli(args: string[], cwd = work): Promise<Spawned> {
  return runBin(BIN, ['test', ...args], cwd, { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'mock-model' });
}

const CART: VerdictRule = { about: 'holds 1 item', evidence: /The cart holds \d+ items?\./, pass: /holds 1 item\./ };
const CART_TWO: VerdictRule = { about: 'two items', evidence: /The cart holds \d+ items?\./, pass: /holds 2 items\./ };
const VISITS: VerdictRule = { about: 'first visit', evidence: /Visits in this browser profile: \d+\./, pass: /: 1\./ };
const addBlue = [(r: Parameters<typeof indexOf>[0]) => ({ click_element_by_index: { index: indexOf(r, 'Add blue mug') } }), () => ({ done: { text: 'Added.', success: true } })];

const SHOP_TESTS = `# Mug shop

url: shop.html

## Adds a mug to the cart

Shoppers add mugs from the shop page.

1. Click "Add blue mug to cart".
- expect: the cart holds 1 item

## Counts two mugs
- Add the blue mug to the cart.
- expect: the cart holds two items
`;

// Each test starts the bin and its own Chromium, and runs one to four Markdown tests: tens of seconds
// on a loaded two-core machine, past the e2e default of 30 s.
describe('drop-in-page-agent test', { timeout: 120_000 }, () => {
  it('runs a passing test: live summary on stderr, exit 0, the verdict read from the page', async () => {
    use(uiTestModel({ 'Adds a mug to the cart': [addBlue] }, [CART]));
    const file = testFile('shop.test.md', SHOP_TESTS.split('## Counts')[0]!);
    const result = await cli(['--url', base(), file]);
    expect(result.stderr).toContain('Running 1 test from 1 file');
    expect(result.stderr).toContain('  Mug shop › Adds a mug to the cart');
    expect(result.stderr).toContain('    step 1: click_element_by_index');
    expect(result.stderr).toMatch(/✓ passed \(\d+\.\d s\)/);
    expect(result.stderr).toContain('1 test: 1 passed');
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
    expect(model!.verdicts).toEqual([{ expectation: 'the cart holds 1 item', passed: true, evidence: 'The cart holds 1 item.' }]);
    // The agent was given the steps and the test's description, not the expectation.
    const task = JSON.stringify(llm.requests.find((request) => !isVerdictCall(request))!.body.messages);
    expect(task).toContain('1. Click \\"Add blue mug to cart\\".');
    expect(task).toContain('Shoppers add mugs from the shop page.');
    expect(task).not.toContain('the cart holds 1 item');
  });

  it('reports a failing expectation as a JUnit failure with the file, the line and what the page showed, and exits 1', async () => {
    use(uiTestModel({ 'Adds a mug to the cart': [addBlue], 'Counts two mugs': [addBlue] }, [CART, CART_TWO]));
    const file = testFile('shop.test.md', SHOP_TESTS);
    const report = join(work, 'reports', 'junit.xml');
    const result = await cli(['--url', base(), '--reporter', 'junit', '--output', report, file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 tests: 1 passed, 1 failed');
    expect(result.stderr).toContain(`${shown(file)}:14: Expected: the cart holds two items. The page shows: "The cart holds 1 item." The page shows something else.`);
    expect(result.stderr).toContain(`junit report: ${report}`);
    const xml = readFileSync(report, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="drop-in-page-agent" tests="2" failures="1" errors="0" skipped="0"/);
    expect(xml).toContain(`<testsuite name="Mug shop" file="${shown(file)}" tests="2" failures="1" errors="0" skipped="0"`);
    expect(xml).toMatch(/<testcase name="Adds a mug to the cart" classname="Mug shop" file="[^"]+" line="5" time="[\d.]+">/);
    expect(xml).toContain('<failure message="Expected: the cart holds two items. The page shows: &quot;The cart holds 1 item.&quot; The page shows something else." type="ExpectationFailed">');
    expect(xml).toContain(`at ${shown(file)}:14`);
    expect(xml).toContain('FAILED: the cart holds two items (page: &quot;The cart holds 1 item.&quot;)');
  });

  it('prints TAP and JSON reports on stdout', async () => {
    use(uiTestModel({ 'Adds a mug to the cart': [addBlue, addBlue], 'Counts two mugs': [addBlue, addBlue] }, [CART, CART_TWO]));
    const file = testFile('shop.test.md', SHOP_TESTS);
    const tap = await cli(['--url', base(), '--reporter', 'tap', file]);
    expect(tap.code).toBe(1);
    expect(tap.stdout).toMatch(/^TAP version 13\n1\.\.2\nok 1 - Mug shop › Adds a mug to the cart\nnot ok 2 - Mug shop › Counts two mugs\n {2}---\n {2}message: "Expected: the cart holds two items\./);
    expect(tap.stdout).toContain(`  at: "${shown(file)}:14"`);
    const json = await cli(['--url', base(), '--reporter', 'json', file]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ total: 2, passed: 1, failed: 1, errors: 0 });
    expect(parsed.tests[1]).toMatchObject({ name: 'Counts two mugs', line: 12, status: 'failed', failureLine: 14, attempts: 1 });
    expect(parsed.tests[1].checks).toEqual([{ expectation: 'the cart holds two items', line: 14, passed: false, evidence: 'The cart holds 1 item.', reason: 'The page shows something else.' }]);
  });

  it('exits 2 on a test-file syntax error, naming the file, the line and what was expected, before any model call', async () => {
    const good = testFile('good.test.md', SHOP_TESTS);
    const bad = testFile('bad.test.md', '# Broken\n\nurl: http://localhost/\n\n## No checks\n- Click the button\n\n## Second\nmax-steps: lots\n- expect: something\n');
    const result = await cli(['--url', base(), good, bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${shown(bad)}:9: expected a whole number from 1 to 1000 after \`max-steps:\`, got "lots"`);
    expect(result.stderr).toContain('1 test file has a syntax error; nothing was run.');
    expect(llm.requests).toHaveLength(0);
    const orphan = testFile('orphan.test.md', 'url: http://localhost/\n- Click the button\n');
    const second = await cli([orphan]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`${shown(orphan)}:2: expected a \`## test name\` heading before the first step`);
  });

  it('retries a failed test with --retries and reports it flaky when it then passes', async () => {
    const giveUp = [() => ({ done: { text: 'The add button did not respond.', success: false } })];
    use(uiTestModel({ 'Adds a mug to the cart': [giveUp, addBlue] }, [CART]));
    const file = testFile('shop.test.md', SHOP_TESTS.split('## Counts')[0]!);
    const result = await cli(['--url', base(), '--retries', '2', '--reporter', 'json', file]);
    expect(result.stderr).toContain('✗ failed');
    expect(result.stderr).toContain('retrying: attempt 2 of 3');
    expect(result.stderr).toContain(`${shown(file)}:9: The steps from line 9 could not be done: The add button did not respond.`);
    expect(result.stderr).toContain('1 test: 1 passed, 1 flaky');
    expect(JSON.parse(result.stdout).tests[0]).toMatchObject({ status: 'passed', attempts: 2 });
    expect(result.code).toBe(0);
    expect(model!.attempts['Adds a mug to the cart']).toBe(2);
  });

  it('runs tests at once in separate browser contexts with --workers', async () => {
    const file = testFile(
      'visits.test.md',
      `url: visits.html\n\n## First profile\n- expect: this is the first visit\n\n## Second profile\n- Click "Count again" once.\n- expect: this is the first visit\n`,
    );
    // The second test counts again in its own context: a shared context (or a reused one) would show 2 or 3.
    const again = [(r: Parameters<typeof indexOf>[0]) => ({ click_element_by_index: { index: indexOf(r, 'Count again') } }), () => ({ done: { text: 'Clicked.', success: true } })];
    const model = uiTestModel({ 'Second profile': [again] }, [VISITS]);
    // The first test's check waits for the second test's agent: with one test at a time it never comes.
    let agentCalled!: () => void;
    const secondStarted = new Promise<void>((done) => (agentCalled = done));
    let held = false;
    const gated = Object.assign(async (request: Parameters<typeof model>[0]) => {
      if (!isVerdictCall(request)) agentCalled();
      else if (!held) {
        held = true;
        const fallback = new Promise<void>((done) => setTimeout(() => done(model.errors.push('the two tests did not run at once') as unknown as void), 20_000));
        await Promise.race([secondStarted, fallback]);
      }
      return model(request);
    }, model);
    use(gated);
    const result = await cli(['--url', base(), '--workers', '2', '--reporter', 'json', file]);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.tests.map((test: { status: string }) => test.status)).toEqual(['passed', 'failed']);
    // The failed one saw its own click only: 2 visits in its context, never 3.
    expect(parsed.tests[1].checks[0].evidence).toBe('Visits in this browser profile: 2.');
    expect(result.stderr).toContain('Running 2 tests from 1 file with 2 workers');
    expect(result.stderr).toMatch(/✓ visits\.test\.md › First profile passed/);
    expect(result.code).toBe(1);
  });

  it('exits 3 when a start page does not load, with the test as an error', async () => {
    use(uiTestModel({}, []));
    const file = testFile('down.test.md', '## Down\nurl: http://no-such-host.invalid/\n- expect: anything\n');
    const result = await cli(['--reporter', 'junit', file]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${shown(file)}:1: http://no-such-host.invalid/ did not load: net::ERR_NAME_NOT_RESOLVED`);
    expect(result.stdout).toContain('<error message="http://no-such-host.invalid/ did not load: net::ERR_NAME_NOT_RESOLVED" type="network">');
  });

  it('exits 2 on usage errors', async () => {
    const file = testFile('shop.test.md', SHOP_TESTS);
    for (const [args, message] of [
      [['--reporter', 'xml', file], '--reporter must be junit, json, tap, got "xml"'],
      [['--workers', '0', file], '--workers must be a whole number from 1 to 32, got "0"'],
      [['--output', 'x.xml', file], '--output needs --reporter'],
      [[join(work, 'missing.test.md')], 'does not exist'],
      [[file], `${shown(file)}:3: expected an absolute URL after \`url:\` (or --url to resolve "shop.html" against)`],
    ] as const) {
      const result = await cli([...args]);
      expect(result.code, message).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});
