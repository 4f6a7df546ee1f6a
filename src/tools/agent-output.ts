// The AgentOutput macro tool: one forced function call per step carrying the model's reflection and
// exactly one action `{ <tool name>: input }`. It only shapes and reads the call; the loop runs it.
import type { MacroToolSpec, Tool } from '../llm/index.js';
import * as s from '../schema/index.js';
import type { AgentReflection, PageAgentTool } from '../types.js';

/** The function name the model must call every step (page-agent 1.x protocol). */
export const AGENT_OUTPUT = 'AgentOutput';

/** The arguments of one AgentOutput call, after the LLM client repaired and validated them. */
export interface AgentOutputInput extends Partial<AgentReflection> {
  action: Record<string, unknown>;
}

/** The chosen action of one step. */
export interface ChosenAction {
  name: string;
  input: unknown;
}

/** One AgentOutput call decoded once: the reflection the model gave and its single action (undefined when none). */
export interface DecodedStep {
  reflection: Partial<AgentReflection>;
  action: ChosenAction | undefined;
}

const REFLECTION_KEYS = ['evaluation_previous_goal', 'memory', 'next_goal'] as const;

/**
 * The `tools` record and macro spec for `LLM.invoke`, offering exactly `offered`. The tool's
 * execute decodes the validated call once into a `DecodedStep`; the action runs in the loop, never
 * inside a retry.
 */
export function buildAgentOutput(offered: ReadonlyMap<string, PageAgentTool>): { tools: Record<string, Tool>; macro: MacroToolSpec } {
  // Each variant wraps the tool's own schema (ours, or a user's zod) and carries its description.
  const variants = [];
  const actions: MacroToolSpec['actions'] = {};
  for (const [name, tool] of offered) {
    variants.push(s.object({ [name]: tool.inputSchema }).describe(tool.description));
    actions[name] = tool.inputSchema;
  }
  const action = variants.length === 1 ? variants[0]! : s.union(variants);
  const inputSchema = s.object({
    evaluation_previous_goal: s.optional(s.string()),
    memory: s.optional(s.string()),
    next_goal: s.optional(s.string()),
    action,
  });
  const agentOutput: Tool<AgentOutputInput, DecodedStep> = {
    description: 'Every step: judge the last action, note what to remember, set the next goal, and choose exactly one action.',
    inputSchema,
    execute: async (args) => ({ reflection: reflectionOf(args), action: actionOf(args) }),
  };
  return { tools: { [AGENT_OUTPUT]: agentOutput }, macro: { actions } };
}

/** How many characters of each reflection field are kept (and sent back in later prompts). */
export const REFLECTION_CAPS = { memory: 2000, evaluation_previous_goal: 500, next_goal: 500 } as const;

/**
 * The reflection fields the model actually gave; a missing or empty one is left out, never
 * "undefined". Each is cut at its cap with a note, so no later prompt grows by more than the caps.
 */
export function reflectionOf(input: Partial<AgentOutputInput> | undefined): Partial<AgentReflection> {
  const reflection: Partial<AgentReflection> = {};
  for (const key of REFLECTION_KEYS) {
    const value = input?.[key];
    const text = typeof value === 'string' ? value.trim() : '';
    const cap = REFLECTION_CAPS[key];
    if (text) reflection[key] = text.length > cap ? `${text.slice(0, cap)}… (cut at ${cap} characters)` : text;
  }
  return reflection;
}

/** The single action of an AgentOutput call, or undefined when there is none. */
export function actionOf(input: Partial<AgentOutputInput> | undefined): ChosenAction | undefined {
  const action = input?.action;
  if (typeof action !== 'object' || !action) return undefined;
  const name = Object.keys(action)[0];
  return name === undefined ? undefined : { name, input: action[name] };
}

/** What a person may read of an AgentOutput call still arriving: its evaluation, then its next goal once that starts. */
export function streamedGoal(args: string): string {
  let said = '';
  for (const [, raw] of args.matchAll(/"(?:evaluation_previous_goal|next_goal)"\s*:\s*"((?:[^"\\]|\\.)*)/g)) {
    try {
      said = JSON.parse(`"${raw}"`);
    } catch {
      // a \u escape cut short: the text before this field stays
    }
  }
  return said;
}
