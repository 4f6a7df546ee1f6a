// The Markdown test-file format of `drop-in-page-agent test`: what it reads, and each syntax error
// with its line and what was expected.
import { describe, expect, it } from 'vitest';
import { parseTestFile, TestFileSyntaxError } from '../../../node/testing/test-file.js';
import { quoteIsOnPage } from '../../../node/testing/verdict.js';
import { junitReport, tapReport } from '../../../node/testing/reporters.js';
import type { TestCaseResult } from '../../../node/testing/run-test-case.js';

const parse = (text: string, baseUrl?: string) => parseTestFile(text, 'tests/shop.test.md', { baseUrl });

function syntaxError(text: string, baseUrl?: string): { line: number; expected: string } {
  try {
    parse(text, baseUrl);
  } catch (error) {
    if (error instanceof TestFileSyntaxError) return { line: error.line, expected: error.expected };
    throw error;
  }
  throw new Error('no syntax error');
}

describe('parseTestFile', () => {
  it('reads the title, settings, steps, expectations, continuation lines and descriptions', () => {
    const tests = parse(
      [
        '# Mug shop',
        '',
        'url: http://localhost:3000/shop.html',
        'max-steps: 12',
        '',
        '## Adds two mugs',
        'url: /shop.html?sale=1',
        '',
        'Sale prices apply. <!-- not for the agent -->',
        '',
        '1. Click "Add blue mug"',
        '   two times.',
        '2) Open the cart',
        '- Expect: the cart holds 2 items',
        '* expect : the total is $24',
        '- Remove one mug',
        '- expect: the cart holds 1 item',
        '',
        '<!--',
        '- a commented-out step',
        '-->',
        '## Checks only',
        '- expect: the shop is open',
      ].join('\n'),
    );
    expect(tests).toHaveLength(2);
    expect(tests[0]).toEqual({
      file: 'tests/shop.test.md',
      suite: 'Mug shop',
      name: 'Adds two mugs',
      line: 6,
      url: 'http://localhost:3000/shop.html?sale=1',
      maxSteps: 12,
      description: 'Sale prices apply.',
      segments: [
        {
          steps: [
            { text: 'Click "Add blue mug" two times.', line: 11 },
            { text: 'Open the cart', line: 13 },
          ],
          expectations: [
            { text: 'the cart holds 2 items', line: 14 },
            { text: 'the total is $24', line: 15 },
          ],
        },
        { steps: [{ text: 'Remove one mug', line: 16 }], expectations: [{ text: 'the cart holds 1 item', line: 17 }] },
      ],
    });
    expect(tests[1]).toMatchObject({ name: 'Checks only', url: 'http://localhost:3000/shop.html', segments: [{ steps: [], expectations: [{ text: 'the shop is open', line: 23 }] }] });
  });

  it('resolves relative URLs against --url, and uses --url when a test has none; the file name is the suite without a title', () => {
    const [test] = parse('url: shop.html\n## A\n- expect: x\n', 'http://localhost:3000/app/');
    expect(test).toMatchObject({ suite: 'shop.test.md', url: 'http://localhost:3000/app/shop.html' });
    expect(parse('## A\n- expect: x\n', 'http://localhost:3000/')[0]!.url).toBe('http://localhost:3000/');
  });

  it.each([
    ['- Click it\n', 1, 'expected a `## test name` heading before the first step'],
    ['# T\n## A\n- expect: x\n# Again\n', 4, 'expected one `# title` at most, before the first `## test name` heading'],
    ['##\n- expect: x\n', 1, 'expected the test name after `##`'],
    ['## A\n- expect: x\n## A\n- expect: y\n', 3, 'expected a test name used once in the file; "A" is already a test'],
    ['## A\n- Click it\n', 1, 'expected at least one `- expect: …` line in test "A" (what the page should show)'],
    ['## A\n- expect:\n', 2, 'expected what the page should show after `expect:`'],
    ['## A\n- Click\n- expect: x\nurl: http://x/\n', 4, "expected `url:` before the test's first step"],
    ['max-steps: 0\n## A\n- expect: x\n', 1, 'expected a whole number from 1 to 1000 after `max-steps:`, got "0"'],
    ['url: ftp://host/\n## A\n- expect: x\n', 1, 'expected an http, https or file URL after `url:`, got "ftp://host/"'],
    ['## A\n- expect: x\n', 1, 'expected a start URL for test "A": a `url:` line in the file or the test, or --url'],
    ['Just some notes.\n', 1, 'expected at least one test: a `## test name` heading followed by steps and `- expect: …` lines'],
    ['## A\n<!-- open\n- expect: x\n', 2, 'expected `-->` to close the comment opened here'],
    ['## A\n```\n- expect: x\n', 2, 'expected a line of ``` to close the code block opened here'],
  ])('reports a syntax error: %j', (text, line, expected) => {
    expect(syntaxError(text, expected.includes('start URL') ? undefined : 'http://localhost/')).toEqual({ line, expected });
  });

  it('names the file and the line in the message', () => {
    expect(() => parse('- step\n')).toThrow('tests/shop.test.md:1: expected a `## test name` heading before the first step');
  });
});

describe('quoteIsOnPage', () => {
  const page = { url: 'http://x/', title: 'Cart', listing: '[3]<input value="Ada Lovelace">', text: 'The cart holds 2 items.\nTotal: $24.00' };
  it('finds quotes in the text or the listing, ignoring case, spacing, curly quotes and ellipses', () => {
    expect(quoteIsOnPage('the cart  holds 2 items', page)).toBe(true);
    expect(quoteIsOnPage('“The cart holds 2 items.”', page)).toBe(true);
    expect(quoteIsOnPage('value="Ada Lovelace"', page)).toBe(true);
    expect(quoteIsOnPage('The cart holds … $24.00', page)).toBe(true);
  });
  it('rejects quotes the page does not hold, and empty ones', () => {
    expect(quoteIsOnPage('The cart holds 3 items', page)).toBe(false);
    expect(quoteIsOnPage('The cart holds … $25.00', page)).toBe(false);
    expect(quoteIsOnPage('  ', page)).toBe(false);
  });
});

describe('reports', () => {
  const test = { file: 'a&b.test.md', suite: 'S <1>', name: 'Says "hi" #1', line: 3, url: 'http://x/', description: '', segments: [] };
  const failed: TestCaseResult = { test, status: 'failed', attempts: 2, durationMs: 1500, message: 'Expected: <b>bold</b>\u0001.', failureLine: 5, checks: [], log: ['click → ok'] };
  it('escapes JUnit XML and drops characters XML cannot hold', () => {
    const xml = junitReport([failed], 2000);
    expect(xml).toContain('<testsuite name="S &lt;1&gt;" file="a&amp;b.test.md" tests="1" failures="1" errors="0" skipped="0" time="1.500">');
    expect(xml).toContain('<testcase name="Says &quot;hi&quot; #1" classname="S &lt;1&gt;" file="a&amp;b.test.md" line="3" time="1.500">');
    expect(xml).toContain('<failure message="Expected: &lt;b&gt;bold&lt;/b&gt;." type="ExpectationFailed">');
    expect(xml).not.toContain('\u0001');
  });
  it('escapes # in TAP titles and writes diagnostics as YAML', () => {
    expect(tapReport([failed])).toBe(
      'TAP version 13\n1..1\nnot ok 1 - S <1> › Says "hi" \\#1\n  ---\n  message: "Expected: <b>bold</b>\\u0001."\n  severity: fail\n  at: "a&b.test.md:5"\n  attempts: 2\n  ...\n',
    );
  });
});
