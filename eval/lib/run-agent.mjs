// Runs one task with one agent: a fresh page, the agent's bundle (ours before the page's scripts, as
// the IIFE in <head>; page-agent after load, where its bundle works), the scripted reasoner as its
// model, and the page's final state checked. Both agents get the same config: defaults, and maxSteps.
import { AGENT_ENTRIES, bundle } from '../../bench/lib/bundles.mjs';
import { checkSent, checkState, sameJson, sentProblems } from './check.mjs';
import { returnedData } from './read.mjs';
import { ZOD_ENTRY } from './schemas.mjs';
import { openTaskPage, readState, settle } from './task-page.mjs';

/** Ours as a site ships it, for multi-page tasks: the IIFE (src/index.ts), on every page of the task. */
const OURS_IIFE = 'src/index.ts';

/** The agents the eval compares. */
export const AGENTS = {
  // typedResults: execute(task, { outputSchema }) and a typed result.data (#20).
  ours: { id: 'ours', label: 'ours', entry: AGENT_ENTRIES.ours, globalName: 'DropInAgent', early: true, typedResults: true },
  'page-agent': { id: 'page-agent', label: 'page-agent 1.12.4', entry: AGENT_ENTRIES.pageAgent, globalName: 'PageAgentLib', early: false, typedResults: false },
};

/** The step limit of a task: room for the plan, the scrolls of a long page and the final done. */
export const maxStepsOf = (task) => task.maxSteps ?? task.plan.length * 2 + 12;

/**
 * Starts the agent in the page; its result lands in `window.__evalRun`. `schema` (an output task, an
 * agent with typed results): `{ kind: 'json', json }`, or a zod builder's source built here with
 * window.EvalZod (eval/lib/schemas.mjs), passed as `execute(task, { outputSchema })`.
 */
function startInPage({ globalName, baseURL, model, task, maxSteps, schema }) {
  const lib = window[globalName];
  const agent = new lib.PageAgentCore({ baseURL, model, apiKey: 'eval', maxSteps, pageController: new lib.PageController({}) });
  window.__evalAgent = agent;
  const clip = (value) => String(value ?? '').slice(0, 400);
  let options;
  if (schema) {
    const z = schema.kind === 'json' ? null : window.EvalZod[schema.kind === 'zod4' ? 'z4' : 'z3'];
    options = { outputSchema: schema.kind === 'json' ? schema.json : new Function('z', `return (${schema.source})(z);`)(z) };
  }
  window.__evalRun = agent.execute(task, options).then(
    (result) => ({
      success: result.success,
      // The result's data as it is (an output task's check compares it), JSON-safe.
      value: JSON.parse(JSON.stringify(result.data ?? null)),
      data: clip(typeof result.data === 'string' ? result.data : JSON.stringify(result.data)),
      steps: result.history.filter((e) => e.type === 'step').map((e) => ({ name: e.action?.name, input: e.action?.input, output: clip(e.action?.output) })),
      errors: result.history.filter((e) => e.type === 'error').map((e) => clip(e.message ?? e.error?.message ?? e.error)),
    }),
    (error) => ({ thrown: clip(error?.stack ?? error) }),
  );
}

/** The result of a finished run as the eval records it (as startInPage's summary). */
function summaryOf() {
  const result = window.pageAgent.lastResult;
  const clip = (value) => String(value ?? '').slice(0, 400);
  return {
    success: result.success,
    data: clip(result.data),
    steps: result.history.filter((e) => e.type === 'step').map((e) => ({ name: e.action?.name, input: e.action?.input, output: clip(e.action?.output) })),
    errors: result.history.filter((e) => e.type === 'error').map((e) => clip(e.message)),
  };
}

/**
 * Waits for a multi-page run of ours to end on whichever page it ends: `window.pageAgent` (the IIFE
 * on every page) holds the result once the run it continued there has settled. A page that unloads
 * while we wait destroys the context: wait again on the next one.
 */
async function followAcrossPages(page, deadline) {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return { timedOut: true };
    try {
      await page.waitForFunction(() => window.pageAgent?.lastResult && window.pageAgent.status !== 'running', null, { timeout: left, polling: 100 });
      return await page.evaluate(summaryOf);
    } catch (error) {
      if (/Timeout/.test(String(error?.message))) return { timedOut: true };
      if (!/context was destroyed|navigat/i.test(String(error?.message))) throw error;
      await page.waitForLoadState('domcontentloaded').catch(() => {});
    }
  }
}

/** Waits until the page a navigation is bringing says it is ready (`window.evalReady`). */
async function nextPageReady(page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      await page.waitForFunction(() => window.evalReady === true, null, { timeout: 20_000 });
      return;
    } catch (error) {
      if (attempt === 5 || !/context was destroyed|navigat/i.test(String(error?.message))) throw error;
    }
  }
}

/**
 * Runs `task` (with its page at `url`) for `agentId` against `model` (the eval's model server).
 * `late: true` loads ours after the page, like a bookmarklet. Returns the run's record.
 */
export async function runAgentTask({ browser, root, agentId, url, task, model, late = false, timeoutMs = 120_000 }) {
  const agent = AGENTS[agentId];
  const code = await bundle(root, agent.entry, agent.globalName);
  const early = agent.early && !late;
  // Multi-page tasks: ours is the IIFE on every page, configured through its loader queue; injected
  // late (as a bookmarklet) it is the IIFE on the first page only, in frame mode.
  const everyPage = !!task.multipage && agentId === 'ours' && early;
  const inFrame = !!task.multipage && agentId === 'ours' && late;
  const t0 = Date.now();
  const modelName = model.begin(task.plan, { schema: task.schema?.json ?? null });
  const record = { agent: agentId, task: task.id, passed: false, reason: null };
  let opened;
  try {
    const config = { baseURL: model.baseURL, model: modelName, apiKey: 'eval', maxSteps: maxStepsOf(task) };
    const initScript = everyPage
      ? `window.pageAgentQueue = [['init', ${JSON.stringify(config)}]];\n${await bundle(root, OURS_IIFE, 'PageAgentEntry')}`
      : early
        ? `${code}\n;window.${agent.globalName} = ${agent.globalName}; ${agent.globalName}.installListenerTracker?.();`
        : undefined;
    opened = await openTaskPage(browser, url, { initScript });
    const { page } = opened;
    if (inFrame) await page.addScriptTag({ content: `window.pageAgentQueue = [['init', ${JSON.stringify({ ...config, frameMode: true })}]];\n${await bundle(root, OURS_IIFE, 'PageAgentEntry')}` });
    else if (!early) await page.addScriptTag({ content: code });
    // An output task: ours gets the schema (zod built in the page from the repository's zod); page-agent has no outputSchema.
    const schema = task.schema && agent.typedResults ? { kind: task.schema.kind, source: task.schema.source, json: task.schema.json } : undefined;
    if (schema && schema.kind !== 'json') await page.addScriptTag({ content: await bundle(root, ZOD_ENTRY, 'EvalZod') });
    const initial = await readState(page);
    let run;
    if (inFrame) {
      // The agent stays in the first document; the pages load in its frame.
      let timer;
      const timeout = new Promise((done) => (timer = setTimeout(() => done({ timedOut: true }), timeoutMs)));
      run = await Promise.race([page.evaluate((task) => window.pageAgent.execute(task).then(() => 0), task.task).then(() => page.evaluate(summaryOf)), timeout]);
      clearTimeout(timer);
      if (run.timedOut) await page.evaluate(() => window.pageAgent?.stop()).catch(() => {});
    } else if (everyPage) {
      await page.evaluate((task) => void window.pageAgent.execute(task), task.task);
      run = await followAcrossPages(page, Date.now() + timeoutMs);
      if (run.timedOut) await page.evaluate(() => window.pageAgent?.stop()).catch(() => {});
    } else {
      await page.evaluate(startInPage, { globalName: agent.globalName, ...config, task: task.task, schema });
      let timer;
      const timeout = new Promise((done) => (timer = setTimeout(() => done({ timedOut: true }), timeoutMs)));
      // A page load ends a run that lives in the page: its promise goes with the page.
      const ended = page.evaluate(() => window.__evalRun).catch((error) => {
        if (task.multipage && /context was destroyed|navigat/i.test(String(error?.message))) return { navigatedAway: true };
        throw error;
      });
      run = await Promise.race([ended, timeout]);
      clearTimeout(timer);
      if (run.timedOut) await page.evaluate(() => window.__evalAgent.stop()).catch(() => {});
      if (run.navigatedAway) await nextPageReady(page);
    }
    await settle(page);
    const final = await readState(page);
    const mismatch = checkState({ initial, final, expect: task.expect, submit: task.submit });
    const seen = model.report(modelName);
    const sentCheck = checkSent(seen, task);
    const exposure = sentProblems(sentCheck);
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
      ...(task.neverSent || task.mustSend || task.notIndexed ? { security: sentCheck } : {}),
    });
    const agentError = run.timedOut
      ? `timed out after ${timeoutMs / 1000} s`
      : run.thrown
        ? `execute() threw: ${run.thrown}`
        : run.navigatedAway
          ? 'the run ended with the first page load: the agent does not continue on the next page'
          : null;
    // An output task: the data the agent returned (ours: result.data as it is; page-agent: its done text, as JSON).
    const returned = task.data !== undefined ? returnedData(run.value, agent.typedResults) : null;
    if (task.data !== undefined) record.returned = String(typeof run.value === 'string' ? run.value : JSON.stringify(run.value) ?? '').slice(0, 300);
    if (seen.failure) record.reason = `reasoner: ${seen.failure}`;
    else if (agentError) record.reason = agentError;
    else if (!seen.planDone) record.reason = `the run ended before the plan did (${run.errors?.[0] ?? run.data ?? 'no reason given'})`;
    else if (mismatch) record.reason = `state: ${mismatch}`;
    else if (returned && run.success !== true) record.reason = `the agent reported failure: ${run.data}`;
    else if (returned?.error) record.reason = `${returned.error}: ${record.returned.slice(0, 120)}`;
    else if (returned && !sameJson(returned.data, task.data)) record.reason = `data is ${JSON.stringify(returned.data).slice(0, 200)}, expected ${JSON.stringify(task.data)}`;
    // A hostile page's checks count even when the task itself went well.
    if (exposure) record.reason = record.reason ? `${record.reason}; ${exposure}` : exposure;
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
