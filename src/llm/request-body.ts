// Builds the chat-completions request body: messages, tools from zod, tool_choice, the model's quirks,
// then the user's transformRequestBody. Pure apart from calling that user hook.
import { messageOf } from '../base/index.js';
import { LLMError } from './errors.js';
import { findModelQuirks, normalizeModelName, type ToolChoiceMode } from './model-quirks.js';
import { toOpenAITool } from './tool-schema.js';
import type { LLMDebugLogger, Message, Tool } from './types.js';

/** Inputs of {@link buildRequestBody}. */
export interface RequestBodyInput {
  model: string;
  messages: Message[];
  tools: Record<string, Tool>;
  toolChoiceName?: string;
  /** Ask for an SSE stream (with usage in its last chunk). */
  stream?: unknown;
  disableNamedToolChoice?: boolean;
  temperature?: number;
  /** The chat-completions URL, which some quirk rows look at. */
  endpoint: string;
  transformRequestBody?: (body: Record<string, unknown>) => Record<string, unknown> | undefined;
  log: LLMDebugLogger;
}

/** The request body for one attempt, quirks applied and transformRequestBody run last. */
export function buildRequestBody(input: RequestBodyInput): Record<string, unknown> {
  const name = normalizeModelName(input.model);
  const quirks = findModelQuirks(input.model, input.endpoint);
  const changes = quirks.map((quirk) => quirk.changes(name));
  // Later rows win on tool_choice.
  let mode: ToolChoiceMode = input.toolChoiceName && !input.disableNamedToolChoice ? 'named' : 'required';
  for (const change of changes) mode = change.toolChoice ?? mode;
  const body: Record<string, unknown> = {
    model: input.model,
    messages: input.messages,
    tools: Object.entries(input.tools).map(([name, tool]) => toOpenAITool(name, tool)),
    tool_choice: mode === 'named' ? { type: 'function', function: { name: input.toolChoiceName } } : mode,
    parallel_tool_calls: false,
  };
  if (mode === 'omit') delete body.tool_choice;
  if (input.temperature !== undefined) body.temperature = input.temperature;
  if (input.stream) (body.stream = true), (body.stream_options = { include_usage: true });

  quirks.forEach((quirk, i) => {
    for (const field of changes[i]!.remove ?? []) delete body[field];
    for (const [key, value] of Object.entries(changes[i]!.body ?? {})) {
      if (!(key in body)) body[key] = value;
    }
    input.log(`quirk ${quirk.id} applied for model "${input.model}"`);
  });

  if (!input.transformRequestBody) return body;
  try {
    return input.transformRequestBody(body) ?? body;
  } catch (error) {
    throw new LLMError('config', `LLM config: \`transformRequestBody\` threw: ${messageOf(error)}`, { rawError: error });
  }
}
