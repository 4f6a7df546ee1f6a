// page_task: one natural-language task with an agent in Node and the server's model, as `run` does;
// a progress notification per step, and the answer, success and steps as the result. The page's
// own agent still applies the approval policy to each action (remote-run.ts).
import type { AgentStepEvent, ExecutionResult, PageAgentCore } from 'drop-in-page-agent';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpHost } from './mcp-host.js';

/** One MCP progress notification's content. */
export interface TaskProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** How a step reads in a progress message and in the result: `2. click_element_by_index {"index":4} → Clicked …`. */
export function describeStep(event: AgentStepEvent): string {
  const input = JSON.stringify(event.action.input ?? {});
  const output = event.action.output.length > 300 ? `${event.action.output.slice(0, 299)}…` : event.action.output;
  return `${event.stepIndex + 1}. ${event.action.name} ${input} → ${output}`;
}

/** Reads page_task's input; a message naming what is wrong, or the task and step budget. */
function checkInput(input: Record<string, unknown>): { task: string; maxSteps?: number; outputSchema?: Record<string, unknown> } | { error: string } {
  const extra = Object.keys(input).filter((key) => key !== 'task' && key !== 'max_steps' && key !== 'output_schema');
  if (extra.length) return { error: `page_task: unknown argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (it takes task, max_steps and output_schema).` };
  const schema = input.output_schema;
  if (schema !== undefined && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) return { error: 'page_task: output_schema must be a JSON Schema object.' };
  if (typeof input.task !== 'string' || input.task.trim() === '') return { error: 'page_task: task must be a non-empty string saying what to do.' };
  const steps = input.max_steps;
  if (steps !== undefined && (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 1 || steps > 200)) {
    return { error: `page_task: max_steps must be a whole number from 1 to 200, got ${JSON.stringify(steps)}.` };
  }
  return { task: input.task.trim(), maxSteps: steps as number | undefined, outputSchema: schema as Record<string, unknown> | undefined };
}

/** Runs the task; resolves with its result (a stop or a cancelled request included), never throws for the task's own failure. */
export async function runPageTask(
  host: McpHost,
  input: Record<string, unknown>,
  signal: AbortSignal,
  progress: (progress: TaskProgress) => void,
  onAgent: (agent: PageAgentCore) => void,
): Promise<CallToolResult> {
  const checked = checkInput(input);
  if ('error' in checked) return { content: [{ type: 'text', text: checked.error }], isError: true };
  const agent = host.taskAgent(checked.maxSteps);
  if (!agent) return { content: [{ type: 'text', text: 'page_task needs a model on the server side (LLM_BASE_URL and LLM_MODEL).' }], isError: true };
  onAgent(agent);
  const total = agent.config.maxSteps;
  let reported = 0;
  agent.addEventListener('historychange', () => {
    const steps = agent.history.filter((event): event is AgentStepEvent => event.type === 'step');
    for (; reported < steps.length; reported++) progress({ progress: reported + 1, total, message: describeStep(steps[reported]!) });
  });
  const cancel = () => void agent.stop('Cancelled by the MCP client.');
  signal.addEventListener('abort', cancel, { once: true });
  try {
    let result: ExecutionResult<unknown>;
    try {
      result = await agent.execute(checked.task, { outputSchema: checked.outputSchema });
    } catch (error) {
      if ((error as Error).name !== 'ConfigError') throw error;
      return { content: [{ type: 'text', text: `page_task: ${(error as Error).message}` }], isError: true };
    }
    const steps = result.history.filter((event): event is AgentStepEvent => event.type === 'step').map(describeStep);
    const structured = { success: result.success, status: agent.status, answer: result.data, url: host.tabs.current.url(), steps };
    const answer = typeof result.data === 'string' ? result.data : JSON.stringify(result.data, null, 2);
    const lines = [answer || (result.success ? 'Done.' : 'The task did not finish.'), '', `success: ${result.success} (${agent.status}), ${steps.length} step${steps.length === 1 ? '' : 's'}:`, ...steps];
    return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: structured, ...(result.success ? {} : { isError: true }) };
  } finally {
    // Not disposed: its controller is the page's, which the remote session keeps using.
    signal.removeEventListener('abort', cancel);
  }
}
