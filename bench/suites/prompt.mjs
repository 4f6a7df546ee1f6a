// Bench suite: what the model is sent. (1) The system prompt, ours (en-US, zh-CN) against page-agent
// 1.12.4's, in characters and o200k tokens. (2) The whole first request of a task (system prompt +
// user message + tool schema) on the generated 1k and 20k admin pages, for our PageAgentCore and
// page-agent's, each driven headless in the same Chromium against a loopback mock LLM that records
// the request and answers `done`. Targets: ≤ 0.6× page-agent on 1k, ≤ 8k tokens on 20k.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_ENTRIES, bundle } from '../lib/bundles.mjs';
import { agentStep, startMockLLMServer } from '../lib/mock-llm-server.mjs';
import { adminPage } from '../lib/pages.mjs';

export const name = 'prompt';

const TASK = 'Which order on this page has the highest total? Answer with its number.';
const VIEWPORT = { width: 1280, height: 800 };
const PAGES = [
  { label: '1k', size: 1000 },
  { label: '20k', size: 20000 },
].filter((p) => !process.env.PROMPT_BENCH_PAGES || process.env.PROMPT_BENCH_PAGES.split(',').includes(p.label));
/** page-agent needs about a minute to observe the 20k page; give up on one run after this. */
const PEER_TIMEOUT_MS = 150_000;

const PROMPT_ENTRY = { contents: `export { SYSTEM_PROMPT_EN, SYSTEM_PROMPT_ZH } from './src/prompt/index.ts';` };

/** page-agent's system prompt: a string literal in its published bundle. */
function pageAgentSystemPrompt(root) {
  const source = readFileSync(join(root, 'node_modules/@page-agent/core/dist/esm/page-agent-core.js'), 'utf8');
  const literal = /var system_prompt_default = ("(?:[^"\\]|\\.)*");/.exec(source)?.[1];
  if (!literal) throw new Error('page-agent system prompt not found in @page-agent/core');
  return JSON.parse(literal.replace(/\t/g, '\\t'));
}

/** Our system prompts, from the working tree. */
async function ourSystemPrompts(root) {
  const code = await bundle(root, PROMPT_ENTRY, 'DropInPrompt');
  return new Function(`${code}\nreturn DropInPrompt;`)();
}

/** The shared mock LLM server, recording each request body with its arrival time and answering `done`. */
async function startRecorder() {
  const server = await startMockLLMServer();
  const requests = [];
  server.setHandler((record) => {
    requests.push({ at: Date.now(), body: record.body });
    return { ...agentStep({ done: { text: 'bench', success: true } }, 'answer'), usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  });
  return { baseURL: server.baseURL, requests, reset: () => void (requests.length = 0), close: () => server.close() };
}

/** Token and character counts of one request body, by part. */
function measureRequest(body) {
  const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
  const user = body.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const tools = JSON.stringify(body.tools ?? []);
  const tokens = { system: countTokens(system), user: countTokens(user), tools: countTokens(tools) };
  return {
    tokens: { ...tokens, total: tokens.system + tokens.user + tokens.tools },
    chars: { system: system.length, user: user.length, tools: tools.length },
  };
}

/** Runs one task to its first model request in a fresh page; resolves to the request and the time to it. */
async function firstRequest({ browser, url, code, globalName, recorder, beforeScripts, timeoutMs, log }) {
  recorder.reset();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (beforeScripts) await context.addInitScript({ content: `${code}\n;window.${globalName} = ${globalName}; ${globalName}.installListenerTracker();` });
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(url, { waitUntil: 'load' });
    if (!beforeScripts) await page.addScriptTag({ content: code });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    const started = Date.now();
    const run = page.evaluate(
      ({ globalName, baseURL, task }) => {
        const lib = window[globalName];
        const agent = new lib.PageAgentCore({ baseURL, model: 'bench-model', apiKey: 'bench', maxRetries: 0, pageController: new lib.PageController({}) });
        window.__benchRun = agent.execute(task).then((r) => ({ success: r.success, data: r.data }));
        return true;
      },
      { globalName, baseURL: recorder.baseURL, task: TASK },
    );
    await run;
    const arrived = new Promise((done) => {
      const check = setInterval(() => {
        if (recorder.requests.length > 0) {
          clearInterval(check);
          done(true);
        }
      }, 20);
      setTimeout(() => {
        clearInterval(check);
        done(false);
      }, timeoutMs);
    });
    if (!(await arrived)) return { timedOut: true };
    const request = recorder.requests[0];
    const result = await page.evaluate(() => window.__benchRun);
    return { timedOut: false, body: request.body, msToFirstRequest: request.at - started, result };
  } finally {
    await context.close();
  }
}

const fmt = (n) => (n === null || n === undefined ? 'n/a' : n.toLocaleString('en-US'));
const ratio = (a, b) => (a && b ? +(a / b).toFixed(3) : null);

/** Runs the suite. */
export async function run({ browser, staticServer, root, log }) {
  const peerSystem = pageAgentSystemPrompt(root);
  const ours = await ourSystemPrompts(root);
  const system = {
    pageAgent: { chars: peerSystem.length, tokens: countTokens(peerSystem) },
    oursEn: { chars: ours.SYSTEM_PROMPT_EN.length, tokens: countTokens(ours.SYSTEM_PROMPT_EN) },
    oursZh: { chars: ours.SYSTEM_PROMPT_ZH.length, tokens: countTokens(ours.SYSTEM_PROMPT_ZH) },
  };

  const recorder = await startRecorder();
  const oursCode = await bundle(root, AGENT_ENTRIES.ours, 'DropInAgent');
  const peerCode = await bundle(root, AGENT_ENTRIES.pageAgent, 'PageAgentCoreLib');
  const pages = [];
  try {
    for (const { label, size } of PAGES) {
      const url = staticServer.route(`/bench/prompt-${label}.html`, adminPage(size).html);
      log(`${label}: ours`);
      const mine = await firstRequest({ browser, url, code: oursCode, globalName: 'DropInAgent', recorder, beforeScripts: true, timeoutMs: 60_000, log });
      log(`${label}: page-agent`);
      const theirs = await firstRequest({ browser, url, code: peerCode, globalName: 'PageAgentCoreLib', recorder, beforeScripts: false, timeoutMs: PEER_TIMEOUT_MS, log });
      const row = {
        page: label,
        ours: mine.timedOut ? { timedOut: true } : { ...measureRequest(mine.body), msToFirstRequest: mine.msToFirstRequest, finished: mine.result?.success === true },
        pageAgent: theirs.timedOut ? { timedOut: true, afterMs: PEER_TIMEOUT_MS } : { ...measureRequest(theirs.body), msToFirstRequest: theirs.msToFirstRequest },
      };
      row.totalRatio = ratio(row.ours.tokens?.total, row.pageAgent.tokens?.total);
      // PROMPT_BENCH_DUMP=dir writes both first requests there, to read what each agent sent.
      if (process.env.PROMPT_BENCH_DUMP) {
        for (const [who, result] of [['ours', mine], ['page-agent', theirs]]) {
          if (result.body) writeFileSync(join(process.env.PROMPT_BENCH_DUMP, `${label}-${who}.json`), JSON.stringify(result.body, null, 2));
        }
      }
      pages.push(row);
      log(`${label}: ours ${row.ours.tokens?.total ?? 'timed out'} tokens, page-agent ${row.pageAgent.tokens?.total ?? 'timed out'}`);
    }
  } finally {
    await recorder.close();
  }

  const one = pages.find((p) => p.page === '1k');
  const twenty = pages.find((p) => p.page === '20k');
  const verdicts = {
    systemPromptRatioEn: ratio(system.oursEn.chars, system.pageAgent.chars),
    systemPromptRatioZh: ratio(system.oursZh.chars, system.pageAgent.chars),
    firstPromptRatio1k: one?.totalRatio ?? null,
    firstPromptTokens20k: twenty?.ours.tokens?.total ?? null,
  };
  const check = (value, ok) => (value === null ? null : ok(value));
  const met = {
    systemPrompt: verdicts.systemPromptRatioEn <= 0.6 && verdicts.systemPromptRatioZh <= 0.6,
    firstPrompt1k: check(verdicts.firstPromptRatio1k, (v) => v <= 0.6),
    firstPrompt20k: check(verdicts.firstPromptTokens20k, (v) => v <= 8000),
  };
  const said = (ok) => (ok === null ? 'not measured' : ok ? 'met' : 'NOT met');
  const cell = (side, key) => (side.timedOut ? `> ${Math.round((side.afterMs ?? 0) / 1000)} s` : fmt(side.tokens[key]));
  const time = (side) => (side.timedOut ? 'timed out' : side.msToFirstRequest >= 1000 ? `${(side.msToFirstRequest / 1000).toFixed(1)} s` : `${side.msToFirstRequest} ms`);
  const table = [
    '| system prompt | characters | o200k tokens | chars vs page-agent |',
    '|---|---:|---:|---:|',
    `| page-agent 1.12.4 | ${fmt(system.pageAgent.chars)} | ${fmt(system.pageAgent.tokens)} | 1 |`,
    `| ours, en-US | ${fmt(system.oursEn.chars)} | ${fmt(system.oursEn.tokens)} | **${verdicts.systemPromptRatioEn}** |`,
    `| ours, zh-CN | ${fmt(system.oursZh.chars)} | ${fmt(system.oursZh.tokens)} | **${verdicts.systemPromptRatioZh}** |`,
    '',
    '| first request | agent | system | user message | tool schema | total tokens | ours / page-agent | execute() → request |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...pages.flatMap((p) => [
      `| ${p.page} page | ours | ${cell(p.ours, 'system')} | ${cell(p.ours, 'user')} | ${cell(p.ours, 'tools')} | **${cell(p.ours, 'total')}** | **${p.totalRatio ?? 'n/a'}** | ${time(p.ours)} |`,
      `| ${p.page} page | page-agent | ${cell(p.pageAgent, 'system')} | ${cell(p.pageAgent, 'user')} | ${cell(p.pageAgent, 'tools')} | ${cell(p.pageAgent, 'total')} | | ${time(p.pageAgent)} |`,
    ]),
    '',
    `Targets: system prompt ≤ 0.6× page-agent (${said(met.systemPrompt)}); whole first prompt ≤ 0.6× page-agent on the 1k page (${said(met.firstPrompt1k)}); ≤ 8,000 tokens on the 20k page (${said(met.firstPrompt20k)}). Tokens: o200k over the system message, the user message and the JSON of \`tools\` as sent (chat-template overhead not counted). Both agents run with default settings on the same generated page, task "${TASK}".`,
  ].join('\n');
  return { table, json: { task: TASK, system, pages, verdicts, met, targets: { systemPromptRatio: 0.6, firstPromptRatio1k: 0.6, firstPromptTokens20k: 8000 } } };
}
