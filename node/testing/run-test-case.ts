// One UI test in its own browser context: each group of steps runs as an agent task, then the
// expectations that follow it are checked against the page (verdict.ts). The first failed group or
// expectation ends the test; the context is always closed.
import type { AgentActivity, PageAgentCore } from 'drop-in-page-agent';
import type { Browser } from 'playwright-core';
import { describeCall, oneLine } from '../cli/progress.js';
import { NodeRunError, type NodeRunErrorKind } from '../errors.js';
import { screenshot } from '../run-task.js';
import { openSession, type Session } from '../session.js';
import { pageText } from '../tools/browser-tools.js';
import type { TestCase, TestSegment } from './test-file.js';
import { checkExpectations, type ExpectationVerdict, type PageEvidence } from './verdict.js';

/** How a test ended: `error` when it could not be carried out (start page, model endpoint, browser). */
export type TestStatus = 'passed' | 'failed' | 'error' | 'interrupted' | 'skipped';

/** The outcome of one test (its last attempt). */
export interface TestCaseResult {
  test: TestCase;
  status: TestStatus;
  /** How many times it ran (1 + retries used). */
  attempts: number;
  durationMs: number;
  /** Why it failed or errored, one or two sentences. */
  message?: string;
  /** The test-file line the failure is about (a step group's first step or an expectation). */
  failureLine?: number;
  /** For `error`: what failed around the test (exit code 2 for config, 3 for browser or network). */
  errorKind?: NodeRunErrorKind;
  /** The verdicts given, in order, up to the first failed one. */
  checks: ExpectationVerdict[];
  /** What the agent did: one line per action. */
  log: string[];
  /** The current tab's URL at the end. */
  url?: string;
  screenshot?: string;
}

/** What a test needs besides itself. */
export interface TestCaseOptions {
  browser: Browser;
  baseURL: string;
  model: string;
  apiKey?: string;
  maxSteps?: number;
  language?: 'en-US' | 'zh-CN';
  headed?: boolean;
  screenshotOnFail?: string;
  signal?: AbortSignal;
  /** Called with the agent before the first step (progress printing). */
  onAgent?: (agent: PageAgentCore) => void;
}

const DRIVER_INSTRUCTIONS =
  'You drive a natural-language UI test: do the given steps as written, nothing more, and report honestly when one cannot be done. The expectations are checked separately after you finish.';

function stepsTask(test: TestCase, segment: TestSegment, done: string[]): string {
  return [
    `UI test "${test.name}".`,
    test.description ? `About the test: ${test.description}` : '',
    done.length > 0 ? `Steps already done:\n${done.map((step) => `- ${step}`).join('\n')}` : '',
    `Do these steps on the page, in order:\n${segment.steps.map((step, i) => `${i + 1}. ${step.text}`).join('\n')}`,
    'When they are done, call done with success true and a short note of what you did. If a step cannot be done (its element is missing, the app blocks it), call done with success false saying which step and why.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** What the current tab shows: the agent's listing and the whole text. */
async function evidenceOf(session: Session): Promise<PageEvidence> {
  const state = await session.controller.getBrowserState();
  const text = await pageText(session.tabs.current).catch(() => ({ url: state.url, title: state.title, text: '' }));
  return { url: state.url, title: state.title, listing: `${state.header}\n${state.content}`, text: text.text };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'test';

/** Runs `test` once; never throws (every failure is in the result). */
export async function runTestCase(test: TestCase, options: TestCaseOptions): Promise<TestCaseResult> {
  const started = Date.now();
  const result: TestCaseResult = { test, status: 'passed', attempts: 1, durationMs: 0, checks: [], log: [] };
  const end = (status: TestStatus, message?: string, line?: number, kind?: NodeRunErrorKind) => {
    Object.assign(result, { status, message, failureLine: line, errorKind: kind });
  };
  const signal = options.signal ?? new AbortController().signal;
  let session: Session | undefined;
  try {
    session = await openSession({
      url: test.url,
      baseURL: options.baseURL,
      model: options.model,
      apiKey: options.apiKey,
      maxSteps: test.maxSteps ?? options.maxSteps,
      language: options.language,
      headed: options.headed,
      instructions: DRIVER_INSTRUCTIONS,
      browser: options.browser,
    });
    const { agent, llm } = session;
    agent.addEventListener('activity', (event) => {
      const activity = (event as CustomEvent<AgentActivity>).detail;
      if (activity.type === 'executed') result.log.push(`${oneLine(describeCall(activity.tool, activity.input), 100)} → ${oneLine(activity.output)}`);
    });
    options.onAgent?.(agent);
    const onAbort = () => void agent.stop();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const done: string[] = [];
      for (const segment of test.segments) {
        if (signal.aborted) break;
        if (segment.steps.length > 0) {
          const outcome = await agent.execute(stepsTask(test, segment, done));
          if (signal.aborted) break;
          if (!outcome.success) {
            const failure = llm.failure();
            if (failure) end('error', failure.message, segment.steps[0]!.line, failure.kind);
            else end('failed', `The steps from line ${segment.steps[0]!.line} could not be done: ${oneLine(outcome.data, 400)}`, segment.steps[0]!.line);
            break;
          }
          done.push(...segment.steps.map((step) => step.text));
        }
        if (segment.expectations.length === 0) continue;
        let verdicts: ExpectationVerdict[];
        try {
          verdicts = await checkExpectations(session.endpoint, segment.expectations, await evidenceOf(session), signal);
        } catch (error) {
          if (signal.aborted) break;
          const failure = llm.failure();
          end('error', failure?.message ?? `The checking step failed: ${(error as Error).message}.`, segment.expectations[0]!.line, failure?.kind);
          break;
        }
        const failed = verdicts.find((verdict) => !verdict.passed);
        result.checks.push(...verdicts.slice(0, failed ? verdicts.indexOf(failed) + 1 : verdicts.length));
        if (failed) {
          const shows = failed.evidence ? ` The page shows: "${oneLine(failed.evidence, 200)}"` : '';
          end('failed', `Expected: ${failed.expectation}.${shows}${failed.reason ? ` ${failed.reason}` : ''}`.trim(), failed.line);
          break;
        }
      }
      if (signal.aborted) end('interrupted', 'Interrupted.');
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    result.url = session.tabs.current.url();
    if ((result.status === 'failed' || result.status === 'error') && options.screenshotOnFail) result.screenshot = await screenshot(session.tabs, options.screenshotOnFail, slug(test.name));
  } catch (error) {
    if (error instanceof NodeRunError) end('error', error.message, test.line, error.kind);
    else end('error', `Unexpected error: ${(error as Error).stack ?? error}`, test.line);
  } finally {
    await session?.close();
    result.durationMs = Date.now() - started;
  }
  return result;
}
