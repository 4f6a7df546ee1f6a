// `drop-in-page-agent test [files…]`: natural-language UI tests from Markdown files (docs/node.md).
// A live summary on stderr, a report (--reporter junit|json|tap) on stdout or in --output, and an
// exit code for CI: 0 all passed, 1 some failed, 2 usage, configuration or test-file syntax, 3
// browser or network, 130 interrupted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EXIT, NodeRunError } from '../errors.js';
import { REPORTERS, report, tally, type ReporterName } from '../testing/reporters.js';
import { runTests } from '../testing/run-tests.js';
import type { TestCaseResult } from '../testing/run-test-case.js';
import { findTestFiles, loadTests } from '../testing/test-files.js';
import { type FlagKind, intFlag, languageFlag, parseArgs } from './args.js';
import { environmentWithEnvFile, readLlmSettings } from './llm-settings.js';
import { ProgressPrinter, oneLine } from './progress.js';
import type { CliIO } from './main.js';

export const TEST_USAGE = `Usage: drop-in-page-agent test [options] [files or folders…]

Runs natural-language UI tests written in Markdown (*.test.md; folders are searched, default: the
current folder). Each test's steps are done by the agent in Chromium and its expectations are
checked against what the page shows. Format: docs/node.md.

Options:
  --url <url>                  start URL of tests without a url: line, and the base of relative ones
  --reporter <junit|json|tap>  also write a report (to stdout, or to --output)
  --output <file>              where the report goes (default: stdout)
  --workers <n>                tests run at once, each in its own browser context (default 1)
  --retries <n>                run a failed test again up to n times (default 0)
  --grep <text>                run only the tests whose name contains this text
  --max-steps <n>              model calls per group of steps (default 40)
  --screenshot-on-fail <dir>   save a screenshot of the page of each failed test there
  --headed                     show the browser window, with the agent's panel mirroring the run
  --language <en-US|zh-CN>     the model's language
  --base-url <url>             the OpenAI-compatible endpoint (default: LLM_BASE_URL)
  --model <name>               the model (default: LLM_MODEL)
  --api-key <key>              the API key (default: LLM_API_KEY; prefer the environment)
  --env-file <path>            read variables from this file (default: ./.env when it exists)
  -h, --help                   show this help

Exit codes: 0 all passed, 1 some failed, 2 usage, configuration or test-file syntax error,
3 browser or network failure, 130 interrupted.`;

const TEST_FLAGS: Record<string, FlagKind> = {
  url: 'value',
  reporter: 'value',
  output: 'value',
  workers: 'value',
  retries: 'value',
  grep: 'value',
  'max-steps': 'value',
  'screenshot-on-fail': 'value',
  headed: 'boolean',
  language: 'value',
  'base-url': 'value',
  model: 'value',
  'api-key': 'value',
  'env-file': 'value',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const MARK: Record<string, string> = { passed: '✓', failed: '✗', error: '!', interrupted: '-', skipped: '-' };

/** The exit code of a finished run. */
export function exitCodeOf(results: readonly TestCaseResult[], interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  if (results.some((result) => result.status === 'error' && result.errorKind === 'config')) return EXIT.usage;
  if (results.some((result) => result.status === 'error' && (result.errorKind === 'browser' || result.errorKind === 'network'))) return EXIT.environment;
  return results.every((result) => result.status === 'passed') ? EXIT.success : EXIT.failed;
}

/** Runs the `test` command; resolves to the exit code. */
export async function testCommand(args: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseArgs(args, TEST_FLAGS, 'test');
  if (flags.help) {
    io.out(TEST_USAGE);
    return EXIT.success;
  }
  const reporter = flags.reporter as ReporterName | undefined;
  if (reporter !== undefined && !REPORTERS.includes(reporter)) throw new NodeRunError('usage', `--reporter must be ${REPORTERS.join(', ')}, got "${reporter}".`);
  if (flags.output !== undefined && !reporter) throw new NodeRunError('usage', '--output needs --reporter (junit, json or tap).');
  const language = languageFlag(flags.language);
  const workers = intFlag(flags.workers, 'workers', 1, 32) ?? 1;
  const retries = intFlag(flags.retries, 'retries', 0, 10) ?? 0;
  const maxSteps = intFlag(flags['max-steps'], 'max-steps', 1, 1000);
  const baseUrl = flags.url as string | undefined;
  if (baseUrl !== undefined) {
    try {
      new URL(baseUrl);
    } catch {
      throw new NodeRunError('usage', `--url "${baseUrl}" is not a URL; write it in full, e.g. http://localhost:3000/.`);
    }
  }

  const files = findTestFiles(positionals, io.cwd);
  const { tests: all, errors } = loadTests(files, io.cwd, { baseUrl });
  if (errors.length > 0) {
    for (const error of errors) io.progress.write(`${error.message}\n`);
    io.progress.write(`drop-in-page-agent test: ${errors.length} test file${errors.length === 1 ? ' has a syntax error' : 's have syntax errors'}; nothing was run.\n`);
    return EXIT.usage;
  }
  const grep = flags.grep as string | undefined;
  const tests = grep ? all.filter((test) => test.name.toLowerCase().includes(grep.toLowerCase())) : all;
  if (tests.length === 0) throw new NodeRunError('usage', `test: no test name contains "${grep}".`);
  const env = environmentWithEnvFile(io.env, io.cwd, flags['env-file'] as string | undefined);
  const llm = readLlmSettings({ baseURL: flags['base-url'] as string, model: flags.model as string, apiKey: flags['api-key'] as string }, env);

  const out = io.progress;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  out.write(`Running ${count(tests.length, 'test')} from ${count(files.length, 'file')}${workers > 1 ? ` with ${workers} workers` : ''}\n`);
  // With one worker the steps of the running test are shown; with several, only the results.
  const steps = workers === 1 ? new ProgressPrinter(out, '    ') : undefined;
  const started = Date.now();
  let results: TestCaseResult[];
  try {
    results = await runTests({
      tests,
      workers,
      retries,
      ...llm,
      maxSteps,
      language,
      headed: flags.headed === true,
      screenshotOnFail: flags['screenshot-on-fail'] as string | undefined,
      env,
      signal: io.signal,
      // The command stops the run on Ctrl+C itself (bin/drop-in-page-agent.mjs), then closes the browser.
      handleSignals: !io.signal,
      onTestStart: (test, attempt) => {
        if (workers === 1) out.write(`  ${test.suite} › ${test.name}${attempt > 1 ? ` (attempt ${attempt})` : ''}\n`);
      },
      onAgent: (_test, agent) => steps?.follow(agent),
      onTestEnd: (result, willRetry) => {
        steps?.stop();
        const { test } = result;
        const name = workers === 1 ? '' : ` ${test.suite} › ${test.name}`;
        const attempt = result.attempts > 1 && result.status === 'passed' ? `, on attempt ${result.attempts}` : '';
        const retry = willRetry ? `; retrying: attempt ${result.attempts + 1} of ${retries + 1}` : '';
        out.write(`  ${MARK[result.status]}${name} ${result.status} (${seconds(result.durationMs)}${attempt})${retry}\n`);
        if (result.status === 'failed' || result.status === 'error') {
          out.write(`      ${test.file}:${result.failureLine ?? test.line}: ${oneLine(result.message ?? '', 400)}\n`);
          if (result.screenshot) out.write(`      screenshot: ${result.screenshot}\n`);
        }
      },
    });
  } finally {
    steps?.stop();
  }
  const counts = tally(results);
  const parts = [`${counts.passed} passed`, counts.failed && `${counts.failed} failed`, counts.errors && `${counts.errors} errored`, counts.flaky && `${counts.flaky} flaky`, counts.interrupted + counts.skipped && `${counts.interrupted + counts.skipped} not finished`].filter(Boolean);
  out.write(`${count(counts.total, 'test')}: ${parts.join(', ')} (${seconds(Date.now() - started)})\n`);
  if (reporter) {
    const text = report(reporter, results, Date.now() - started);
    const output = flags.output as string | undefined;
    if (output) {
      const path = resolve(io.cwd, output);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      out.write(`${reporter} report: ${path}\n`);
    } else io.out(text.trimEnd());
  }
  const interrupted = io.signal?.aborted === true;
  if (interrupted) out.write('Interrupted; the browser was closed.\n');
  return exitCodeOf(results, interrupted);
}
