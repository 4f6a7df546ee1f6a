// Reports of a test run for CI: JUnit XML, JSON and TAP 13, built from the results alone.
import type { TestCaseResult } from './run-test-case.js';

/** The reporters `--reporter` accepts. */
export const REPORTERS = ['junit', 'json', 'tap'] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** Counts of a run's results. */
export function tally(results: readonly TestCaseResult[]) {
  const count = (status: string) => results.filter((result) => result.status === status).length;
  return {
    total: results.length,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    interrupted: count('interrupted'),
    skipped: count('skipped'),
    flaky: results.filter((result) => result.status === 'passed' && result.attempts > 1).length,
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** XML text with the five entities escaped and characters XML 1.0 forbids removed. */
function xml(text: string): string {
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The details of a result as plain text lines: where, what was checked, what the agent did. */
function details(result: TestCaseResult): string {
  const { test } = result;
  return [
    result.message ?? '',
    `at ${test.file}:${result.failureLine ?? test.line}`,
    result.url ? `page: ${result.url}` : '',
    result.attempts > 1 ? `attempts: ${result.attempts}` : '',
    ...result.checks.map((check) => `${check.passed ? 'passed' : 'FAILED'}: ${check.expectation}${check.evidence ? ` (page: "${check.evidence}")` : ''}`),
    result.log.length > 0 ? `steps:\n${result.log.map((line) => `  ${line}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** JUnit XML: one <testsuite> per test file, a <failure> per failed test, an <error> per errored one. */
export function junitReport(results: readonly TestCaseResult[], durationMs: number): string {
  const files = [...new Set(results.map((result) => result.test.file))];
  const totals = tally(results);
  const suites = files.map((file) => {
    const own = results.filter((result) => result.test.file === file);
    const counts = tally(own);
    const time = own.reduce((sum, result) => sum + result.durationMs, 0);
    const cases = own.map((result) => {
      const { test } = result;
      const open = `    <testcase name="${xml(test.name)}" classname="${xml(test.suite)}" file="${xml(test.file)}" line="${test.line}" time="${seconds(result.durationMs)}"`;
      const body: string[] = [];
      const message = xml(result.message ?? '');
      if (result.status === 'failed') body.push(`      <failure message="${message}" type="ExpectationFailed">${xml(details(result))}</failure>`);
      else if (result.status === 'error') body.push(`      <error message="${message}" type="${xml(result.errorKind ?? 'error')}">${xml(details(result))}</error>`);
      else if (result.status === 'skipped' || result.status === 'interrupted') body.push(`      <skipped message="${message}"/>`);
      const out = [result.status === 'passed' ? details(result) : '', result.screenshot ? `[[ATTACHMENT|${result.screenshot}]]` : ''].filter(Boolean).join('\n');
      if (out) body.push(`      <system-out>${xml(out)}</system-out>`);
      return body.length === 0 ? `${open}/>` : `${open}>\n${body.join('\n')}\n    </testcase>`;
    });
    return [
      `  <testsuite name="${xml(own[0]!.test.suite)}" file="${xml(file)}" tests="${counts.total}" failures="${counts.failed}" errors="${counts.errors}" skipped="${counts.skipped + counts.interrupted}" time="${seconds(time)}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="drop-in-page-agent" tests="${totals.total}" failures="${totals.failed}" errors="${totals.errors}" skipped="${totals.skipped + totals.interrupted}" time="${seconds(durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** JSON: the counts and every test with its status, checks and steps. */
export function jsonReport(results: readonly TestCaseResult[], durationMs: number): string {
  return `${JSON.stringify(
    {
      ...tally(results),
      durationMs,
      tests: results.map(({ test, ...result }) => ({ file: test.file, line: test.line, suite: test.suite, name: test.name, url: test.url, ...result })),
    },
    null,
    2,
  )}\n`;
}

/** A YAML scalar TAP diagnostics can hold: a JSON string is valid YAML. */
const yamlValue = (value: unknown) => JSON.stringify(value);

/** TAP version 13, with a YAML block of diagnostics under each failing test. */
export function tapReport(results: readonly TestCaseResult[]): string {
  const lines = ['TAP version 13', `1..${results.length}`];
  results.forEach((result, i) => {
    const title = `${result.test.suite} › ${result.test.name}`.replace(/#/g, '\\#');
    if (result.status === 'passed') lines.push(`ok ${i + 1} - ${title}${result.attempts > 1 ? ` # flaky: passed on attempt ${result.attempts}` : ''}`);
    else if (result.status === 'skipped' || result.status === 'interrupted') lines.push(`ok ${i + 1} - ${title} # SKIP ${result.message ?? result.status}`);
    else {
      lines.push(`not ok ${i + 1} - ${title}`, '  ---');
      lines.push(`  message: ${yamlValue(result.message ?? '')}`, `  severity: ${result.status === 'error' ? 'error' : 'fail'}`);
      lines.push(`  at: ${yamlValue(`${result.test.file}:${result.failureLine ?? result.test.line}`)}`);
      if (result.url) lines.push(`  page: ${yamlValue(result.url)}`);
      if (result.attempts > 1) lines.push(`  attempts: ${result.attempts}`);
      if (result.screenshot) lines.push(`  screenshot: ${yamlValue(result.screenshot)}`);
      lines.push('  ...');
    }
  });
  return `${lines.join('\n')}\n`;
}

/** The report `name` of `results`. */
export function report(name: ReporterName, results: readonly TestCaseResult[], durationMs: number): string {
  return name === 'junit' ? junitReport(results, durationMs) : name === 'json' ? jsonReport(results, durationMs) : tapReport(results);
}
