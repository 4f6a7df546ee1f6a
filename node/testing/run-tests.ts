// Runs UI tests in one Chromium: `workers` tests at a time, each in its own browser context, a failed
// test run again up to `retries` times. Results come back in the tests' order.
import type { PageAgentCore } from 'drop-in-page-agent';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/playwright.js';
import { runTestCase, type TestCaseOptions, type TestCaseResult } from './run-test-case.js';
import type { TestCase } from './test-file.js';

/** Options of runTests. */
export interface RunTestsOptions extends Omit<TestCaseOptions, 'browser' | 'onAgent'> {
  tests: readonly TestCase[];
  /** Tests run at the same time, each in its own browser context. @default 1 */
  workers?: number;
  /** Runs again of a failed or errored test. @default 0 */
  retries?: number;
  /** A running browser to use; by default Chromium is launched and closed. */
  browser?: Browser;
  /** Environment for finding Chromium (CHROMIUM_PATH). @default process.env */
  env?: Record<string, string | undefined>;
  /** Let Playwright close the browser and exit on Ctrl+C and SIGTERM (false: `signal` stops the run). @default true */
  handleSignals?: boolean;
  /** A test (attempt) starts; `attempt` counts from 1. */
  onTestStart?(test: TestCase, attempt: number): void;
  /** An attempt ended; `willRetry` when the test runs again. */
  onTestEnd?(result: TestCaseResult, willRetry: boolean): void;
  /** Called with each attempt's agent before it starts. */
  onAgent?(test: TestCase, agent: PageAgentCore): void;
}

/** Runs the tests; throws NodeRunError only when Chromium cannot start. Interrupted runs leave later tests `skipped`. */
export async function runTests(options: RunTestsOptions): Promise<TestCaseResult[]> {
  const browser = options.browser ?? (await launchChromium({ headed: options.headed, env: options.env, handleSignals: options.handleSignals }));
  const results: TestCaseResult[] = new Array(options.tests.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < options.tests.length; index = next++) {
      const test = options.tests[index]!;
      for (let attempt = 1; ; attempt++) {
        if (options.signal?.aborted) {
          results[index] ??= { test, status: 'skipped', attempts: 0, durationMs: 0, checks: [], log: [], message: 'Not run: the run was interrupted.' };
          break;
        }
        options.onTestStart?.(test, attempt);
        const result = await runTestCase(test, { ...options, browser, onAgent: options.onAgent && ((agent) => options.onAgent!(test, agent)) });
        result.attempts = attempt;
        results[index] = result;
        const willRetry =
          (result.status === 'failed' || result.status === 'error') && result.errorKind !== 'config' && attempt <= (options.retries ?? 0) && !options.signal?.aborted;
        options.onTestEnd?.(result, willRetry);
        if (!willRetry) break;
      }
    }
  };
  try {
    const count = Math.max(1, Math.min(options.workers ?? 1, options.tests.length));
    await Promise.all(Array.from({ length: count }, worker));
  } finally {
    if (!options.browser) await browser.close().catch(() => undefined);
  }
  return results;
}
