// Builds the chat-completions request body: messages, tools from zod, tool_choice, model quirks,
// then the user's transformRequestBody. Pure apart from calling that user hook.
import { LLMError } from './errors.js';
import type { ModelQuirk, ToolChoiceMode } from './model-quirks.js';
import { toOpenAITool } from './tool-schema.js';
import type { LLMDebugLogger, Message, Tool } from './types.js';

/** Inputs of {@link buildRequestBody}. */
export interface RequestBodyInput {
  model: string;
  messages: Message[];
  tools: Record<string, Tool>;
  toolChoiceName?: string;
  disableNamedToolChoice?: boolean;
  temperature?: number;
  quirks: readonly ModelQuirk[];
  transformRequestBody?: (body: Record<string, unknown>) => Record<string, unknown> | undefined;
  log: LLMDebugLogger;
}

function resolveToolChoice(input: RequestBodyInput, model: string): ToolChoiceMode {
  let mode: ToolChoiceMode = input.toolChoiceName && !input.disableNamedToolChoice ? 'named' : 'required';
  for (const quirk of input.quirks) {
    const wanted = typeof quirk.toolChoice === 'function' ? quirk.toolChoice(model) : quirk.toolChoice;
    if (wanted && !(wanted === 'named' && !input.toolChoiceName)) mode = wanted;
  }
  return mode;
}

function toolChoiceValue(mode: ToolChoiceMode, name: string | undefined): unknown {
  if (mode === 'named') return { type: 'function', function: { name } };
  return mode === 'omit' ? undefined : mode;
}

/** The request body for one attempt, quirks applied and transformRequestBody run last. */
export function buildRequestBody(input: RequestBodyInput, normalizedModel: string): Record<string, unknown> {
  const tools = Object.entries(input.tools).map(([name, tool]) => toOpenAITool(name, tool));
  const body: Record<string, unknown> = {
    model: input.model,
    messages: input.messages,
    tools,
    tool_choice: toolChoiceValue(resolveToolChoice(input, normalizedModel), input.toolChoiceName),
    parallel_tool_calls: false,
  };
  if (body.tool_choice === undefined) delete body.tool_choice;
  if (input.temperature !== undefined) body.temperature = input.temperature;

  for (const quirk of input.quirks) {
    const omitParallel = typeof quirk.omitParallelToolCalls === 'function' ? quirk.omitParallelToolCalls(normalizedModel) : quirk.omitParallelToolCalls;
    if (omitParallel) delete body.parallel_tool_calls;
    for (const field of quirk.removeFields?.(normalizedModel) ?? []) delete body[field];
    for (const [key, value] of Object.entries(quirk.body?.(normalizedModel) ?? {})) {
      if (!(key in body)) body[key] = value;
    }
    input.log(`quirk ${quirk.id} applied for model "${input.model}"`);
  }

  if (!input.transformRequestBody) return body;
  try {
    return input.transformRequestBody(body) ?? body;
  } catch (error) {
    throw new LLMError('config', `LLM config: \`transformRequestBody\` threw: ${(error as Error)?.message ?? String(error)}`, { rawError: error });
  }
}
