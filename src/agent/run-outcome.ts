// How a run ends: the ExecutionResult with its final status, and the failures that end it (a stop,
// an error, a last step without done). Knows the loop's error kinds; not the page.
import { LLMError } from '../llm/index.js';
import type { AgentStatus, ExecutionResult, HistoricalEvent, Usage } from '../types.js';

/** The result a run resolves to and the status the agent takes after it. */
export interface Outcome {
  result: ExecutionResult<unknown>;
  status: AgentStatus;
}

/** A run's outcome; the usage is copied so later runs cannot change it. */
export function outcomeOf(success: boolean, data: unknown, status: AgentStatus, history: HistoricalEvent[], usage: Usage): Outcome {
  return { result: { success, data, history, usage: { ...usage } } as ExecutionResult<unknown>, status };
}

/** On the last step, a reply without a valid action means the model would not call done: say so. */
export function lastStepError(error: unknown, step: number, maxSteps: number, hasDone: boolean): unknown {
  if (!hasDone || step !== maxSteps - 1 || !(error instanceof LLMError)) return error;
  if (error.kind !== 'invalid_tool_args' && error.kind !== 'no_tool_call') return error;
  const message = `Stopped after ${maxSteps} steps (maxSteps): the model did not call done on the last step (${error.message})`;
  return new LLMError(error.kind, message, { status: error.status, rawResponse: error.rawResponse, rawError: error });
}
