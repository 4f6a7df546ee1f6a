// Shared pieces of the Node-runner tests: a mock model scripted step by step that finds its targets
// by their words on the indexed lines of the page text it is sent, like a person reading the listing.
import { spawn, type ChildProcess } from 'node:child_process';
import { agentStep, type MockHandler, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';

/** What a run of the bin printed, and its exit code. */
export interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs of the bin still going. */
const running = new Set<ChildProcess>();

/** Runs `node bin ...args` in `cwd` with exactly `env`, collecting its output; `onStart` sees the child. */
export function runBin(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, onStart?: (child: ChildProcess) => void): Promise<Spawned> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    running.add(child);
    child.on('close', (code) => {
      running.delete(child);
      done({ code, stdout, stderr });
    });
    onStart?.(child);
  });
}

/**
 * Stops every run of the bin still going as Ctrl+C does (the bin then closes its Chromium) and waits
 * for it: a test that failed or timed out must not leave its run asking the shared mock model for
 * the next test's replies. For `afterEach`.
 */
export async function stopBins(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const closed = new Promise((done) => child.once('close', done));
      child.kill('SIGINT');
      return closed;
    }),
  );
}

/** The text of the last user message of a chat request (the page as the agent sent it). */
export function lastUserText(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as { role: string; content: unknown }[];
  const user = messages.filter((message) => message.role === 'user').at(-1);
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return (user.content as { text?: string }[]).map((part) => part.text ?? '').join('\n');
}

/** The index of the first listed element whose line contains `words`; throws when none does. */
export function indexOf(request: RecordedRequest, words: string): number {
  for (const line of lastUserText(request).split('\n')) {
    const match = /\*?\[(\d+)\]</.exec(line);
    if (match && line.includes(words)) return Number(match[1]);
  }
  throw new Error(`no indexed line mentions "${words}" in:\n${lastUserText(request)}`);
}

/** One step of a scripted model: the action for this request. */
export type ScriptStep = (request: RecordedRequest) => Record<string, unknown>;

/**
 * A mock model that plays `steps` in order for the agent's calls and answers the plain calls of
 * `extract` with `answer(request)`; it records an error reply when the script runs out.
 */
export function scriptedModel(steps: ScriptStep[], answer: (request: RecordedRequest) => string = () => 'not found'): MockHandler & { errors: string[] } {
  let step = 0;
  const errors: string[] = [];
  const handler = (request: RecordedRequest): MockReply => {
    if (!request.body?.tools) return { content: answer(request) };
    const next = steps[step++];
    if (!next) {
      errors.push(`the script ran out of steps at call ${step}`);
      return { json: { error: { message: 'script ran out of steps' } }, status: 500 };
    }
    try {
      return agentStep(next(request), `step ${step}`);
    } catch (error) {
      // Kept for the test to assert on: the agent retries a failed call, which would hide it.
      errors.push(`step ${step}: ${(error as Error).message}`);
      throw error;
    }
  };
  return Object.assign(handler, { errors });
}

