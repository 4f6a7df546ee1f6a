// Runs one Node-runner task (`runner: 'node'`): `runTask` from the built package (dist/node.mjs, the
// agent loop in Node, the bundle injected into every page) in a fresh context of the eval's browser,
// with the scripted reasoner as its model. The check reads the state of the tab the run ends in and
// the final answer (only what the agent read from pages can be in it). Ours only: page-agent's
// multi-page mode exists only as a browser extension.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkState } from './check.mjs';
import { maxStepsOf } from './run-agent.mjs';
import { openTaskPage, readState, settle } from './task-page.mjs';

/** Imports the built Node runner; the eval builds it first (eval/run.mjs). */
async function loadRunner(root) {
  const path = join(root, 'dist/node.mjs');
  if (!existsSync(path)) throw new Error('dist/node.mjs is missing: run `npm run build`');
  return import(pathToFileURL(path).href);
}

/** Runs `task` (starting at `url`) with the Node runner against `model`; returns the run's record. */
export async function runNodeTask({ browser, root, url, task, model, timeoutMs = 120_000 }) {
  const t0 = Date.now();
  const record = { agent: 'ours', task: task.id, passed: false, reason: null };
  const modelName = model.begin(task.plan);
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), timeoutMs);
  try {
    const { runTask } = await loadRunner(root);
    const checksState = task.expect && Object.keys(task.expect).length > 0;
    // The state before the run, from the start page in a context of its own.
    let initial = null;
    if (checksState) {
      const fresh = await openTaskPage(browser, url);
      initial = await readState(fresh.page).finally(() => fresh.context.close());
    }
    let final = null;
    const result = await runTask({
      task: task.task,
      url,
      baseURL: model.baseURL,
      model: modelName,
      apiKey: 'eval',
      maxSteps: maxStepsOf(task),
      browser,
      signal: stop.signal,
      beforeClose: async (page) => {
        if (!checksState) return;
        await page.waitForLoadState('load').catch(() => undefined);
        await settle(page).catch(() => undefined);
        final = await readState(page).catch((error) => ({ unreadable: String(error?.message ?? error).split('\n')[0] }));
      },
    });
    const seen = model.report(modelName);
    const steps = result.history.filter((event) => event.type === 'step');
    Object.assign(record, {
      steps: steps.length,
      requests: seen.requests,
      tokens: seen.tokens,
      promptTokens: seen.promptTokens,
      maxPromptTokens: seen.maxPromptTokens,
      agentSuccess: result.success,
      actions: steps.map((event) => ({ name: event.action?.name, input: event.action?.input, output: String(event.action?.output ?? '').slice(0, 400) })),
      trace: seen.trace,
      finalState: final,
      visitedUrls: result.visitedUrls,
      sources: result.sources,
      answer: String(result.data ?? '').slice(0, 1000),
    });
    const missing = (task.answer ?? []).filter((words) => !String(result.data ?? '').includes(words));
    const unsourced = (task.sources ?? []).filter((words) => !result.sources.some((url) => url.includes(words)));
    const mismatch = checksState ? checkState({ initial, final, expect: task.expect, submit: task.submit }) : null;
    if (stop.signal.aborted) record.reason = `timed out after ${timeoutMs / 1000} s`;
    else if (seen.failure) record.reason = `reasoner: ${seen.failure}`;
    else if (!seen.planDone) record.reason = `the run ended before the plan did (${String(result.data ?? 'no reason given').slice(0, 200)})`;
    else if (!result.success) record.reason = `the run failed: ${String(result.data).slice(0, 200)}`;
    else if (mismatch) record.reason = `state: ${mismatch}`;
    else if (missing.length) record.reason = `the answer lacks ${missing.map((words) => `"${words}"`).join(', ')}: ${String(result.data).slice(0, 200)}`;
    else if (unsourced.length) record.reason = `the sources lack ${unsourced.join(', ')}: ${result.sources.join(', ')}`;
    record.passed = record.reason === null;
    if (!record.passed && seen.lastPageText) record.pageText = seen.lastPageText;
  } catch (error) {
    record.reason = `harness error: ${String(error?.message ?? error).split('\n')[0]}`;
  } finally {
    clearTimeout(timer);
    record.seconds = Math.round((Date.now() - t0) / 100) / 10;
    model.end(modelName);
  }
  return record;
}
