// Demo smoke test in Chromium: the real `node demo/server.mjs` with the mock LLM as its upstream.
// Every page loads with the panel, one task typed into the panel runs through the same-origin relay
// to the mock upstream, and a server without an upstream explains itself in the page and the panel.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { openPage } from '../../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type RecordedRequest } from '../../helpers/mock-llm-server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const KEY = 'sk-demo-smoke-5566778899';
const PAGES = ['index.html', 'admin.html', 'signup.html', 'shop.html', 'settings.html', 'board.html'];
const children: ChildProcess[] = [];

/**
 * How long a wait in the tests of whole tasks (90 s and more) may last: a task of several model
 * steps, each with the page's settle waits, can outlast Playwright's own 30 s default on a loaded
 * two-core machine.
 */
const TASK_WAIT_MS = 80_000;

/** The bundle and relay must exist; build them once when a fresh checkout has none (never skip). */
function ensureBuilt(): void {
  const needed = ['dist/page-agent.iife.js', 'dist/relay.mjs'];
  if (needed.every((file) => existsSync(join(ROOT, file)))) return;
  if (!existsSync(join(ROOT, 'src/index.ts'))) throw new Error('src/index.ts is missing: the demo smoke test needs the drop-in bundle.');
  try {
    execFileSync(process.execPath, ['build.mjs', '--quiet', '--no-dts'], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 });
  } catch (error) {
    const output = String((error as { stderr?: Buffer }).stderr ?? error);
    throw new Error(`node build.mjs failed, so the demo cannot be tested:\n${output.slice(0, 2000)}`);
  }
}

/** Starts `node demo/server.mjs` on a free port in an empty folder (no .env) and waits for its URL. */
async function startDemo(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  const child = spawn(process.execPath, [join(ROOT, 'demo/server.mjs')], {
    cwd: mkdtempSync(join(tmpdir(), 'demo-smoke-')),
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = await new Promise<string>((done, fail) => {
    const check = () => {
      const match = /^Demo: (http:\/\/\S+)$/m.exec(output);
      if (match) done(match[1]!);
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => fail(new Error(`demo server exited with ${code}:\n${output}`)));
  });
  return { url, output: () => output };
}

/** Runs `node demo/server.mjs` expecting it to refuse to start; resolves to its exit code and output. */
function demoExit(env: Record<string, string>, cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'demo/server.mjs')], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

/** All text content of a chat request's messages (where the page text is). */
function promptText(request: RecordedRequest): string {
  const messages: Array<{ content?: unknown }> = request.body?.messages ?? [];
  return messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''))).join('\n');
}

const panel = (page: Page) => page.locator('page-agent-panel');

async function runInPanel(page: Page, task: string): Promise<void> {
  const input = panel(page).locator('textarea.task-input');
  await input.click();
  await page.keyboard.type(task);
  await page.keyboard.press('Enter');
}

let upstream: MockLLMServer;

beforeAll(async () => {
  ensureBuilt();
  upstream = await startMockLLMServer();
}, 150_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await upstream?.close();
});

describe('demo with an upstream', () => {
  let demo: { url: string; output: () => string };
  beforeAll(async () => {
    demo = await startDemo({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: KEY, LLM_MODEL: 'mock-model' });
  });

  it('prints its URL and the model it relays to, never the key', () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(demo.output()).toContain(`model  mock-model via ${new URL(upstream.origin).host}`);
    expect(demo.output()).not.toContain(KEY);
  });

  it('loads every page with the panel, two or three example tasks and a ready relay', async () => {
    const { context, page, errors, consoleMessages } = await openPage();
    try {
      for (const name of PAGES) {
        const response = await page.goto(demo.url + name);
        expect(response?.status(), name).toBe(200);
        await panel(page).locator('textarea.task-input').waitFor({ state: 'visible' });
        expect(await page.evaluate(() => typeof window.pageAgent?.execute)).toBe('function');
        // The server writes the relay's model into the tag, so the client applies that model's quirks.
        expect(await page.locator('script[src="/dist/page-agent.iife.js"]').getAttribute('data-model')).toBe('mock-model');
        const tasks = await page.locator('.try .task').count();
        expect(tasks, name).toBeGreaterThanOrEqual(2);
        expect(tasks, name).toBeLessThanOrEqual(3);
        await page.locator('#relay-status .relay-ok').waitFor();
        expect(await page.locator('#relay-status').textContent()).toBe('✓ Relay ready: mock-model via ' + new URL(upstream.origin).host);
        // The shared top bar links every demo page and marks the current one.
        expect(await page.locator('header.topbar nav a').count(), name).toBe(5);
        const current = await page.locator('header.topbar nav a[aria-current="page"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(current, name).toEqual(name === 'index.html' ? [] : [name]);
        expect(await page.content()).not.toContain(KEY);
      }
      expect(errors).toEqual([]);
      expect(consoleMessages.filter((m) => m.startsWith('error'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs a task typed into the panel through the relay to the upstream', async () => {
    upstream.reset();
    upstream.setHandler((request, index) => {
      if (index > 0) return agentStep({ done: { text: 'Added one bag of Ethiopia Yirgacheffe to the cart.', success: true } }, 'report');
      const text = promptText(request);
      // The button's line may carry its aria-label; otherwise it is the first cart button after the product name.
      const match =
        /\*?\[(\d+)\]<button[^\n]*Ethiopia Yirgacheffe[^\n]*/.exec(text) ?? /Ethiopia Yirgacheffe[\s\S]*?\*?\[(\d+)\][^\n]*cart/i.exec(text);
      if (!match) return agentStep({ done: { text: `no add-to-cart button in the page text:\n${text}`, success: false } });
      return agentStep({ click_element_by_index: { index: Number(match[1]) } }, 'add the coffee to the cart');
    });
    const { context, page, errors } = await openPage();
    try {
      await page.goto(demo.url + 'shop.html');
      await runInPanel(page, 'Add one bag of Ethiopia Yirgacheffe to the cart');
      await panel(page).getByText('Added one bag of Ethiopia Yirgacheffe to the cart.').waitFor();
      expect(await page.locator('#cart-count').textContent()).toBe('1');
      expect(await page.locator('#cart-items').textContent()).toContain('Ethiopia Yirgacheffe, 250 g');
      expect(upstream.requests).toHaveLength(2);
      for (const request of upstream.requests) {
        expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
        expect(request.body.model).toBe('mock-model');
        expect(request.headers.origin).toBeUndefined();
      }
      expect(promptText(upstream.requests[0]!)).toContain('Add one bag of Ethiopia Yirgacheffe to the cart');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The index of the first element line of the page text that contains `text`. */
function lineIndex(request: RecordedRequest, text: string): number {
  const prompt = promptText(request);
  for (const line of prompt.slice(prompt.lastIndexOf('<page')).split('\n')) {
    const match = /\*?\[(\d+)\]/.exec(line);
    if (match && line.includes(text)) return Number(match[1]);
  }
  throw new Error(`no element line with "${text}" in the page text`);
}
const stepNumber = (request: RecordedRequest) => Number(/Step (\d+) of/.exec(promptText(request))?.[1]);
const clickLine = (request: RecordedRequest, text: string) => agentStep({ click_element_by_index: { index: lineIndex(request, text) } }, `click ${text}`);
const typeLine = (request: RecordedRequest, text: string, value: string) => agentStep({ input_text: { index: lineIndex(request, text), text: value } }, `type ${value}`);

describe('demo tasks that cross pages (the script on every page)', { timeout: 90_000 }, () => {
  let demo: { url: string; output: () => string };
  beforeAll(async () => {
    demo = await startDemo({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: KEY, LLM_MODEL: 'mock-model' });
  });

  it('checks out across three pages in one task: cart → shipping → confirmation', async () => {
    upstream.reset();
    upstream.setHandler((request) => {
      const reply: Record<number, () => ReturnType<typeof agentStep>> = {
        1: () => clickLine(request, 'Continue to shipping'),
        2: () => typeLine(request, 'Full name', 'Ada Lovelace'),
        3: () => typeLine(request, 'Street address', "12 St James's Square"),
        4: () => typeLine(request, 'City', 'London'),
        5: () => clickLine(request, 'Express'),
        6: () => clickLine(request, 'Review and place order'),
      };
      const step = stepNumber(request);
      if (reply[step]) return reply[step]!();
      const summary = /Order BC-\d+ is confirmed[^\n]*/.exec(promptText(request))?.[0] ?? 'no confirmation';
      return agentStep({ done: { text: summary, success: true } }, 'report');
    });
    const { context, page, errors } = await openPage();
    page.setDefaultTimeout(TASK_WAIT_MS);
    try {
      await page.goto(demo.url + 'checkout-cart.html');
      await runInPanel(page, 'Check out my cart to Ada Lovelace, 12 St James\'s Square, London, by express.');
      await page.waitForURL(/checkout-confirmation\.html/);
      // The agent of the confirmation page, once its script has run (the URL changes before).
      await page.waitForFunction(() => (window as any).pageAgent?.resumed);
      const result = await page.evaluate(async () => {
        const r = await (window as any).pageAgent.resumed;
        return { success: r.success, data: r.data, steps: r.history.filter((e: any) => e.type === 'step').length };
      });
      const confirmed = "Order BC-1042 is confirmed: Ada Lovelace, 12 St James's Square, London, express delivery. Total $102.99.";
      expect(result).toEqual({ success: true, data: confirmed, steps: 7 });
      await panel(page).getByText(confirmed).waitFor();
      expect(await panel(page).locator('.card.step').count()).toBe(6);
      expect(stepNumber(upstream.requests.at(-1)!)).toBe(7);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads an article and comes back to the list: list → detail → back', async () => {
    upstream.reset();
    upstream.setHandler((request) => {
      const step = stepNumber(request);
      if (step === 1) return clickLine(request, 'Pour-over at home');
      // On the article the model notes the temperature in its memory, which the next page's request carries.
      if (step === 2) {
        const temperature = /water at (\d+ °C)/.exec(promptText(request))?.[1] ?? 'not on the page';
        return agentStep({ click_element_by_index: { index: lineIndex(request, 'Back to the list') } }, 'back to the list', { memory: `Water temperature: ${temperature}` });
      }
      const remembered = /Water temperature: ([^\n"]+)/.exec(promptText(request))?.[1];
      const onList = promptText(request).includes('Cold brew in a jar');
      return agentStep({ done: { text: onList && remembered ? remembered : 'lost the temperature or the list', success: true } }, 'report');
    });
    const { context, page, errors } = await openPage();
    page.setDefaultTimeout(TASK_WAIT_MS);
    try {
      await page.goto(demo.url + 'journal.html');
      await runInPanel(page, 'Open the pour-over guide, tell me the water temperature, then go back to the list.');
      await page.waitForURL(/journal-article\.html/);
      await page.waitForURL(/journal\.html$/);
      const result = await page.evaluate(async () => {
        const r = await (window as any).pageAgent.resumed;
        return { success: r.success, data: r.data };
      });
      expect(result).toEqual({ success: true, data: '94 °C' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// Three tasks in one page (eight model steps): longer than the others.
describe('a follow-up in the same conversation (board)', { timeout: 150_000 }, () => {
  let demo: { url: string; output: () => string };
  beforeAll(async () => {
    demo = await startDemo({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: KEY, LLM_MODEL: 'mock-model' });
  });

  const chooseLine = (request: RecordedRequest, text: string, option: string) =>
    agentStep({ select_dropdown_option: { index: lineIndex(request, text), text: option } }, `choose ${option}`);
  const earlierTasks = (request: RecordedRequest) => /<earlier_tasks>[\s\S]*?<\/earlier_tasks>/.exec(promptText(request))?.[0];

  it('"now assign the same task to Sam" finds the task in the earlier one, in two steps, for few more tokens', async () => {
    upstream.reset();
    upstream.setHandler((request) => {
      const prompt = promptText(request);
      const step = stepNumber(request);
      if (prompt.includes('<task>\nAdd a high-priority task')) {
        const first: Record<number, () => ReturnType<typeof agentStep>> = {
          1: () => typeLine(request, 'What needs doing?', 'Fix login redirect loop'),
          2: () => chooseLine(request, 'Assignee', 'Maria'),
          3: () => chooseLine(request, 'Priority', 'High'),
          4: () => clickLine(request, 'Add task'),
        };
        return first[step]?.() ?? agentStep({ done: { text: 'Added "Fix login redirect loop" for Maria with high priority.', success: true } }, 'report');
      }
      // The follow-up names no task: only the conversation's earlier task says which one.
      const title = /Task: Add a high-priority task "([^"]+)"/.exec(earlierTasks(request) ?? '')?.[1];
      if (!title) return agentStep({ done: { text: 'Which task do you mean?', success: false } }, 'ask');
      if (step === 1) return chooseLine(request, `Assignee of "${title}"`, 'Sam');
      return agentStep({ done: { text: `"${title}" is now assigned to Sam.`, success: true } }, 'report');
    });
    const { context, page, errors } = await openPage();
    page.setDefaultTimeout(TASK_WAIT_MS);
    try {
      await page.goto(demo.url + 'board.html');
      await runInPanel(page, 'Add a high-priority task "Fix login redirect loop" assigned to Maria.');
      await panel(page).getByText('Added "Fix login redirect loop" for Maria with high priority.').waitFor();
      const first = upstream.requests.length;
      expect(first).toBe(5);
      // The steps name elements as people do, in en and without markup (#18).
      expect(await panel(page).locator('.card.step .action').allTextContents()).toEqual([
        'Type “Fix login redirect loop” into Title',
        'Select “Maria” in Assignee',
        'Select “High” in Priority',
        'Click Add task',
      ]);
      // Results in plain words: typing and choices need none; the click says what the page did.
      expect(await panel(page).locator('.card.step .result').allTextContents()).toEqual(['ResultForm submitted · Now reads “"Fix login redirect loop" added to To d…”']);

      await runInPanel(page, 'Now assign the same task to Sam');
      await panel(page).getByText('"Fix login redirect loop" is now assigned to Sam.').waitFor();
      const followUp = upstream.requests.slice(first);
      expect(followUp).toHaveLength(2);
      expect(await page.getByLabel('Assignee of "Fix login redirect loop"').inputValue()).toBe('Sam');
      expect(earlierTasks(followUp[0]!)).toContain('1. Task: Add a high-priority task "Fix login redirect loop" assigned to Maria.\nResult (done): Added');

      // "New conversation": the same words again, and the model has nothing to go on.
      await panel(page).getByRole('button', { name: 'New conversation' }).click();
      expect(await panel(page).locator('.card.task').count()).toBe(0);
      await runInPanel(page, 'Now assign the same task to Sam');
      await panel(page).getByText('Which task do you mean?').waitFor();
      const fresh = upstream.requests.at(-1)!;
      expect(earlierTasks(fresh)).toBeUndefined();

      // Tokens of the follow-up's first request against the fresh one on the same page.
      const tokens = (request: RecordedRequest) => countTokens(request.rawBody);
      expect(tokens(followUp[0]!) / tokens(fresh)).toBeLessThanOrEqual(1.15);
      expect(tokens(followUp[0]!)).toBeGreaterThan(tokens(fresh));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('demo without an upstream', () => {
  let demo: { url: string; output: () => string };
  beforeAll(async () => {
    demo = await startDemo({});
  });

  it('says so at start and shows how to configure each provider', () => {
    expect(demo.output()).toContain('No LLM configured: The LLM relay has no upstream configured: LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are not set');
    for (const name of ['OpenAI', 'DeepSeek', 'Qwen (DashScope)', 'OpenRouter', 'Ollama', 'LM Studio']) expect(demo.output()).toContain(name);
  });

  it('explains the missing upstream in the page and, when a task runs, in the panel', async () => {
    const { context, page, errors } = await openPage();
    try {
      await page.goto(demo.url + 'board.html');
      const notice = page.locator('#relay-status .notice');
      await notice.waitFor();
      const text = await notice.textContent();
      expect(text).toContain('No LLM configured.');
      for (const hint of ['https://api.openai.com/v1', 'https://api.deepseek.com/v1', 'dashscope', 'openrouter.ai', 'http://localhost:11434/v1', 'http://localhost:1234/v1']) {
        expect(text).toContain(hint);
      }
      await runInPanel(page, 'Add a task called Smoke test');
      // The relay's 503 relay_not_configured is a config error (not retried), shown whole with the providers it works with.
      const shown = panel(page).locator('.card.error').last();
      await shown.waitFor({ timeout: 20_000 });
      const message = await shown.textContent();
      expect(message).toContain('The LLM relay has no upstream configured: LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are not set on the server.');
      expect(message).toContain('OpenAI, DeepSeek, Qwen (DashScope), OpenRouter, Ollama (http://localhost:11434/v1, no key) and LM Studio; see docs/relay.md.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('demo server start-up errors', () => {
  it('names the line of a malformed .env and exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-env-'));
    writeFileSync(join(dir, '.env'), `LLM_MODEL=m\nLLM_API_KEY ${KEY}\n`);
    const { code, output } = await demoExit({ PORT: '0' }, dir);
    expect(code).toBe(1);
    expect(output).toBe(`demo: ${join(dir, '.env')} line 2: expected KEY=value, but the line has no "="\n`);
  });

  it('names the port when it is in use and exits', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const { code, output } = await demoExit({ PORT: String(port), HOST: '127.0.0.1' }, mkdtempSync(join(tmpdir(), 'demo-port-')));
      expect(code).toBe(1);
      expect(output).toBe(
        `demo: Port ${port} is already in use on 127.0.0.1. Stop the program using it, or choose another port (PORT=<n> npm run demo).\n`,
      );
    } finally {
      await new Promise<void>((done) => blocker.close(() => done()));
    }
  });
});
