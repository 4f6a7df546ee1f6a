// `drop-in-page-agent run --url URL "task"`: one task in Chromium; progress on stderr, the answer
// (or with --json the whole result) on stdout, and an exit code: 0 done, 1 task failed, 2 usage or
// configuration, 3 browser or network, 130 interrupted.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT, NodeRunError } from '../errors.js';
import { runTask, type NodeExecutionResult } from '../run-task.js';
import { parseOrigins } from '../tools/origin-policy.js';
import { type FlagKind, intFlag, languageFlag, parseArgs } from './args.js';
import { environmentWithEnvFile, readLlmSettings } from './llm-settings.js';
import { ProgressPrinter } from './progress.js';
import type { CliIO } from './main.js';

export const RUN_USAGE = `Usage: drop-in-page-agent run --url <url> [options] "<task>"

Runs the agent in Chromium from Node: it opens <url>, does the task across pages and tabs, and prints
the answer on stdout (progress on stderr).

Options:
  --url <url>                  the page the task starts on (required)
  --json                       print the whole result as JSON (answer, history, visited URLs, usage)
  --schema <file.json>         a JSON Schema: the answer is data of that shape, printed as JSON
  --headed                     show the browser window, with the agent's panel mirroring the run
  --max-steps <n>              the maximum number of model calls (default 40)
  --allowed-origins <list>     origins the agent may open (comma-separated; the start URL's is always allowed)
  --storage-state <file>       a Playwright storage-state file to start logged in
  --screenshot-on-fail <dir>   save a screenshot of the page there when the task fails
  --language <en-US|zh-CN>     the model's language
  --base-url <url>             the OpenAI-compatible endpoint (default: LLM_BASE_URL)
  --model <name>               the model (default: LLM_MODEL)
  --api-key <key>              the API key (default: LLM_API_KEY; prefer the environment)
  --env-file <path>            read variables from this file (default: ./.env when it exists)
  -h, --help                   show this help

Environment (or .env): LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, CHROMIUM_PATH.
Exit codes: 0 done, 1 task failed, 2 usage or configuration error, 3 browser or network failure,
130 interrupted. See docs/node.md.`;

const RUN_FLAGS: Record<string, FlagKind> = {
  url: 'value',
  json: 'boolean',
  schema: 'value',
  headed: 'boolean',
  'max-steps': 'value',
  'allowed-origins': 'list',
  'storage-state': 'value',
  'screenshot-on-fail': 'value',
  language: 'value',
  'base-url': 'value',
  model: 'value',
  'api-key': 'value',
  'env-file': 'value',
};

/** The result as JSON without the raw request and response bodies (they hold whole prompts). */
export function resultJson(result: NodeExecutionResult): string {
  const history = result.history.map((event) => {
    if (!('rawResponse' in event) && !('rawRequest' in event)) return event;
    const { rawResponse: _response, rawRequest: _request, ...rest } = event as typeof event & { rawRequest?: unknown };
    return rest;
  });
  return JSON.stringify({ ...result, history }, null, 2);
}

/** The JSON Schema of `--schema <file>`, read and parsed; a NodeRunError names the file and what is wrong. */
function schemaFlag(file: string | undefined, cwd: string): Record<string, unknown> | undefined {
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new NodeRunError('usage', `run: --schema ${file}: cannot read the file (${(error as Error).message.split('\n')[0]}).`);
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new NodeRunError('usage', `run: --schema ${file}: not JSON (${(error as Error).message}).`);
  }
}

/** Runs the `run` command; resolves to the exit code. */
export async function runCommand(args: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseArgs(args, RUN_FLAGS, 'run');
  if (flags.help) {
    io.out(RUN_USAGE);
    return EXIT.success;
  }
  const url = flags.url as string | undefined;
  if (!url) throw new NodeRunError('usage', 'run: --url is required (the page the task starts on).');
  const task = positionals.join(' ').trim();
  if (!task) throw new NodeRunError('usage', 'run: give the task in quotes after the options, e.g. run --url https://example.com "find the contact email".');
  const language = languageFlag(flags.language);
  const env = environmentWithEnvFile(io.env, io.cwd, flags['env-file'] as string | undefined);
  const llm = readLlmSettings({ baseURL: flags['base-url'] as string, model: flags.model as string, apiKey: flags['api-key'] as string }, env);
  const allowedOrigins = parseOrigins((flags['allowed-origins'] as string[] | undefined) ?? []);
  const outputSchema = schemaFlag(flags.schema as string | undefined, io.cwd);
  const progress = new ProgressPrinter(io.progress);
  let result: NodeExecutionResult;
  try {
    result = await runTask({
      task,
      url,
      outputSchema,
      ...llm,
      maxSteps: intFlag(flags['max-steps'], 'max-steps', 1, 1000),
      language,
      headed: flags.headed === true,
      allowedOrigins,
      storageState: flags['storage-state'] as string | undefined,
      screenshotOnFail: flags['screenshot-on-fail'] as string | undefined,
      env,
      signal: io.signal,
      // The command stops the run on Ctrl+C itself (bin/drop-in-page-agent.mjs), then closes the browser.
      handleSignals: !io.signal,
      onAgent: (agent) => progress.follow(agent),
    });
  } finally {
    progress.stop();
  }
  if (flags.json) io.out(resultJson(result));
  else if (typeof result.data !== 'string') io.out(JSON.stringify(result.data, null, 2));
  else if (result.data) io.out(result.data);
  if (result.status === 'stopped') {
    progress.line('Interrupted; the browser was closed.');
    return EXIT.interrupted;
  }
  if (result.success) return EXIT.success;
  if (result.failure) {
    progress.line(`drop-in-page-agent run: ${result.failure.message}`);
    return result.failure.kind === 'config' ? EXIT.usage : EXIT.environment;
  }
  progress.line(`The task failed${result.screenshot ? `; screenshot: ${result.screenshot}` : ''}.`);
  return EXIT.failed;
}
