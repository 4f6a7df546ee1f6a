// `npm run eval`: task success on real component libraries and native HTML patterns, with a scripted
// perfect-reasoner model, ours side by side with page-agent 1.12.4. Each task is validated with
// Playwright's real input first. Options and rules: eval/README.md. Results: bench/results/eval-*.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../bench/launch.mjs';
import { startStaticServer } from '../bench/lib/static-server.mjs';
import { buildApps } from './lib/build-apps.mjs';
import { startModelServer } from './lib/model-server.mjs';
import { appShell } from './lib/pages.mjs';
import { loadSections, selectTasks } from './lib/registry.mjs';
import { renderReport, totalsOf } from './lib/report.mjs';
import { AGENTS, runAgentTask } from './lib/run-agent.mjs';
import { runNodeTask } from './lib/run-node.mjs';
import { validateTask } from './lib/validate.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench/results');
const USAGE = `Usage: npm run eval -- [--section NAME[,NAME]] [--task ID[,ID|PREFIX*]] [--agent ours|page-agent] [--late] [--no-validate | --validate-only] [--rebuild] [--jobs N]`;

const list = (values) => (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
let args;
try {
  args = parseArgs({
    options: {
      section: { type: 'string', multiple: true },
      task: { type: 'string', multiple: true },
      agent: { type: 'string', multiple: true },
      late: { type: 'boolean', default: false },
      'no-validate': { type: 'boolean', default: false },
      'validate-only': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
      jobs: { type: 'string', default: '2' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const agentIds = args['validate-only'] ? [] : list(args.agent).length ? list(args.agent) : Object.keys(AGENTS);
for (const id of agentIds) {
  if (!AGENTS[id]) {
    console.error(`Unknown agent "${id}"; agents: ${Object.keys(AGENTS).join(', ')}\n${USAGE}`);
    process.exit(2);
  }
}

const sections = await loadSections(join(ROOT, 'eval/sections'));
const wanted = { sections: list(args.section), tasks: list(args.task) };
for (const name of wanted.sections) {
  if (!sections.some((s) => s.name === name)) {
    console.error(`No eval section "${name}"; sections: ${sections.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
}
const tasks = selectTasks(sections, wanted);
if (tasks.length === 0) {
  console.error(`No eval task matches ${JSON.stringify(wanted)}.`);
  process.exit(2);
}
const full = wanted.sections.length === 0 && wanted.tasks.length === 0 && agentIds.length === Object.keys(AGENTS).length && !args.late && !args['no-validate'];
const log = (...parts) => console.error('[eval]', ...parts);

const started = new Date();
const apps = [...new Set(tasks.map((t) => t.page.app).filter(Boolean))];
if (apps.length) {
  const t0 = Date.now();
  const built = await buildApps(ROOT, apps, { force: args.rebuild });
  log(built.length ? `built ${built.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s` : `apps up to date: ${apps.join(', ')}`);
}

// Node-runner tasks run the built package (dist/node.mjs and the IIFE it injects): build the working tree first.
if (tasks.some((task) => task.runner === 'node')) {
  const t0 = Date.now();
  execFileSync(process.execPath, [join(ROOT, 'build.mjs'), '--quiet', '--no-dts'], { stdio: 'inherit' });
  log(`built dist/ for the Node runner in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const web = await startStaticServer(ROOT);
const model = await startModelServer();
for (const task of tasks) if (task.page.app) web.route(task.page.path, appShell(task.page.app, task.page.page));

const jobs = Math.max(1, Math.min(8, Number.parseInt(args.jobs, 10) || 1));
const entries = new Array(tasks.length);
let harnessErrors = 0;
let finished = 0;

/** Validates one task, then runs it with each agent. */
async function evaluate(task) {
  const url = web.url(task.page.path);
  const family = task.page.app ?? task.page.path.split('/')[3];
  const entry = { id: task.id, section: task.section, family, task: task.task, pagePath: task.page.path, valid: null, runs: {}, ...(task.data !== undefined ? { expected: task.data } : {}) };
  if (!args['no-validate']) {
    const validation = await validateTask(browser, url, task).catch((error) => ({ valid: false, reason: `harness error: ${error.message.split('\n')[0]}` }));
    entry.valid = validation.valid;
    entry.invalidReason = validation.reason;
  }
  if (entry.valid !== false) {
    for (const agentId of agentIds) {
      // Node-runner tasks: ours only (page-agent's multi-page mode is a browser extension).
      if (task.runner === 'node' && agentId !== 'ours') continue;
      const run = task.runner === 'node' ? await runNodeTask({ browser, root: ROOT, url, task, model }) : await runAgentTask({ browser, root: ROOT, agentId, url, task, model, late: args.late });
      if (run.reason?.startsWith('harness error')) harnessErrors++;
      entry.runs[agentId] = run;
    }
  }
  const summary = entry.valid === false ? `INVALID: ${entry.invalidReason}` : agentIds.length === 0 ? 'valid' : agentIds.filter((id) => entry.runs[id]).map((id) => `${id} ${entry.runs[id].passed ? 'pass' : 'FAIL'} (${entry.runs[id].steps ?? 0} steps, ${entry.runs[id].seconds} s)`).join(', ');
  log(`${++finished}/${tasks.length} ${task.id}: ${summary}`);
  return entry;
}

try {
  // `jobs` tasks at a time, each in its own browser contexts; results keep the registry's order.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        entries[i] = await evaluate(tasks[i]);
      }
    }),
  );
} finally {
  await model.close();
  await web.close();
  await browser.close();
}

const agents = agentIds.map((id) => ({ id, label: AGENTS[id].label }));
const sectionResults = [...new Set(tasks.map((t) => t.section))].map((name) => ({ name, tasks: entries.filter((e) => e.section === name) }));
const table = renderReport({ sections: sectionResults, agents });
const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const stamp = started.toISOString();
const environment = { node: process.version, chromium: browser.version(), platform: `${process.platform} ${process.arch}`, cpus: os.cpus().length };
const totals = Object.fromEntries(agents.map((a) => [a.id, totalsOf(sectionResults.flatMap((s) => s.tasks).filter((t) => t.valid !== false && t.runs[a.id]).map((t) => t.runs[a.id]))]));
const options = { sections: wanted.sections, tasks: wanted.tasks, agents: agentIds, late: args.late, validated: !args['no-validate'], jobs };
mkdirSync(RESULTS, { recursive: true });
const file = `eval-${stamp.replace(/:/g, '-')}${full ? '' : '.tmp'}.json`;
writeFileSync(join(RESULTS, file), JSON.stringify({ date: stamp, seconds, environment, options, totals, sections: sectionResults }, null, 2) + '\n');
const loading = `ours loaded ${args.late ? 'after the page (like a bookmarklet)' : "before the page's scripts (the IIFE in <head>)"}, page-agent after load (its bundle fails in <head>)`;
const header = `# Eval results\n\n${stamp}; ${seconds} s; Node ${process.version}; Chromium ${environment.chromium} (headless); ${environment.platform}, ${environment.cpus} CPUs. Produced by \`npm run eval\` (rules: eval/README.md). The model is the scripted perfect reasoner; ${loading}; both with default settings. Tokens are o200k over every request's messages and tool schema, counted by the model server.\n`;
if (full) writeFileSync(join(RESULTS, 'eval-latest.md'), `${header}\n${table}\n`);
console.log(`\n${table}\n`);
console.log(`Eval took ${seconds} s. Results: bench/results/${file}${full ? ' and bench/results/eval-latest.md' : ' (a subset run: eval-latest.md is written by full runs only)'}`);
const invalid = sectionResults.flatMap((s) => s.tasks).filter((t) => t.valid === false).length;
if (invalid || harnessErrors) {
  console.error(`${invalid} invalid task(s), ${harnessErrors} harness error(s): the suite needs fixing.`);
  process.exitCode = 1;
}
