// Shared pieces of the Node-runner tests: a mock model scripted step by step that finds its targets
// by their words on the indexed lines of the page text it is sent, like a person reading the listing.
import { agentStep, type MockHandler, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';

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

