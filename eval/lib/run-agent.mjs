// Runs one task with one agent: a fresh page, the agent's bundle (ours before the page's scripts, as
// the IIFE in <head>; page-agent after load, where its bundle works), the scripted reasoner as its
// model, and the page's final state checked. Both agents get the same config: defaults, and maxSteps.
import { AGENT_ENTRIES, bundle } from '../../bench/lib/bundles.mjs';
import { checkState } from './check.mjs';
import { openTaskPage, readState, settle } from './task-page.mjs';

/** The agents the eval compares. */
export const AGENTS = {
  ours: { id: 'ours', label: 'ours', entry: AGENT_ENTRIES.ours, globalName: 'DropInAgent', early: true },
  'page-agent': { id: 'page-agent', label: 'page-agent 1.12.4', entry: AGENT_ENTRIES.pageAgent, globalName: 'PageAgentLib', early: false },
};

/** The step limit of a task: room for the plan, the scrolls of a long page and the final done. */
export const maxStepsOf = (task) => task.maxSteps ?? task.plan.length * 2 + 12;

/** Starts the agent in the page; its result lands in `window.__evalRun`. */
function startInPage({ globalName, baseURL, model, task, maxSteps }) {
  const lib = window[globalName];
  const agent = new lib.PageAgentCore({ baseURL, model, apiKey: 'eval', maxSteps, pageController: new lib.PageController({}) });
  window.__evalAgent = agent;
  const clip = (value) => String(value ?? '').slice(0, 400);
  window.__evalRun = agent.execute(task).then(
    (result) => ({
      success: result.success,
      data: clip(typeof result.data === 'string' ? result.data : JSON.stringify(result.data)),
      steps: result.history.filter((e) => e.type === 'step').map((e) => ({ name: e.action?.name, input: e.action?.input, output: clip(e.action?.output) })),
      errors: result.history.filter((e) => e.type === 'error').map((e) => clip(e.message ?? e.error?.message ?? e.error)),
    }),
    (error) => ({ thrown: clip(error?.stack ?? error) }),
  );
}

/**
 * Runs `task` (with its page at `url`) for `agentId` against `model` (the eval's model server).
 * `late: true` loads ours after the page, like a bookmarklet. Returns the run's record.
 */
export async function runAgentTask({ browser, root, agentId, url, task, model, late = false, timeoutMs = 120_000 }) {
  const agent = AGENTS[agentId];
  const code = await bundle(root, agent.entry, agent.globalName);
  const early = agent.early && !late;
  const t0 = Date.now();
  const modelName = model.begin(task.plan);
  const record = { agent: agentId, task: task.id, passed: false, reason: null };
  let opened;
  try {
    opened = await openTaskPage(browser, url, {
      initScript: early ? `${code}\n;window.${agent.globalName} = ${agent.globalName}; ${agent.globalName}.installListenerTracker?.();` : undefined,
    });
    const { page } = opened;
    if (!early) await page.addScriptTag({ content: code });
    const initial = await readState(page);
    await page.evaluate(startInPage, { globalName: agent.globalName, baseURL: model.baseURL, model: modelName, task: task.task, maxSteps: maxStepsOf(task) });
    let timer;
    const timeout = new Promise((done) => (timer = setTimeout(() => done({ timedOut: true }), timeoutMs)));
    const run = await Promise.race([page.evaluate(() => window.__evalRun), timeout]);
    clearTimeout(timer);
    if (run.timedOut) await page.evaluate(() => window.__evalAgent.stop()).catch(() => {});
    await settle(page);
    const final = await readState(page);
    const mismatch = checkState({ initial, final, expect: task.expect, submit: task.submit });
    const seen = model.report(modelName);
    Object.assign(record, {
      steps: run.steps?.length ?? 0,
      requests: seen.requests,
      tokens: seen.tokens,
      promptTokens: seen.promptTokens,
      maxPromptTokens: seen.maxPromptTokens,
      agentSuccess: run.success ?? false,
      actions: run.steps ?? [],
      trace: seen.trace,
      finalState: final,
      pageErrors: opened.errors,
    });
    const agentError = run.timedOut ? `timed out after ${timeoutMs / 1000} s` : run.thrown ? `execute() threw: ${run.thrown}` : null;
    if (seen.failure) record.reason = `reasoner: ${seen.failure}`;
    else if (agentError) record.reason = agentError;
    else if (!seen.planDone) record.reason = `the run ended before the plan did (${run.errors?.[0] ?? run.data ?? 'no reason given'})`;
    else if (mismatch) record.reason = `state: ${mismatch}`;
    record.passed = record.reason === null;
    if (!record.passed && seen.lastPageText) record.pageText = seen.lastPageText;
  } catch (error) {
    record.reason = `harness error: ${String(error?.message ?? error).split('\n')[0]}`;
  } finally {
    record.seconds = Math.round((Date.now() - t0) / 100) / 10;
    model.end(modelName);
    await opened?.context.close();
  }
  return record;
}
