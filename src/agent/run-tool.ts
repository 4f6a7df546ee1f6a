// Runs one tool for the loop: `executing`/`executed` activities, the run's signal, and a tool's
// throw turned into the text the model reads (an abort of the run still ends the step).
import { messageOf, raceAbort } from '../base/index.js';
import type { AgentActivity, PageAgentTool } from '../types.js';

/** The text form of whatever a tool returned. */
export function toolOutputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Executes the tool `name` with `this` = `thisArg` (the agent) and resolves to its result text. A
 * tool that ignores the signal cannot hold the run: the call rejects with the abort as soon as the signal fires.
 */
export async function runTool(
  tool: PageAgentTool,
  name: string,
  input: unknown,
  thisArg: unknown,
  signal: AbortSignal,
  emit: (activity: AgentActivity) => void,
): Promise<string> {
  emit({ type: 'executing', tool: name, input });
  const started = Date.now();
  let output: string;
  try {
    output = toolOutputText(await raceAbort(tool.execute.call(thisArg, input, { signal }), signal));
  } catch (error) {
    if (signal.aborted) throw error;
    output = `Error: ${messageOf(error)}`;
  }
  signal.throwIfAborted();
  emit({ type: 'executed', tool: name, input, output, duration: Date.now() - started });
  return output;
}
