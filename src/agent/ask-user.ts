// The model's ask_user question put to the host's onAskUser handler: an `asking` activity, the run's
// signal, and the answer as text. Knows nothing of the loop or the page.
import { raceAbort } from '../base/index.js';
import type { AgentActivity } from '../types.js';

/** `onAskUser`: answers the model's question; should reject when `signal` aborts. */
export type AskUserHandler = (question: string, options?: { signal: AbortSignal }) => Promise<string>;

/** Asks the handler (`this` = `thisArg`), racing the signal (a handler that ignores it cannot hold the run); resolves to the answer as a string. */
export async function askUser(
  handler: AskUserHandler,
  thisArg: unknown,
  question: string,
  signal: AbortSignal,
  emit: (activity: AgentActivity) => void,
): Promise<string> {
  signal.throwIfAborted();
  emit({ type: 'asking', question });
  const answer = await raceAbort(handler.call(thisArg, question, { signal }), signal);
  return typeof answer === 'string' ? answer : String(answer ?? '');
}
