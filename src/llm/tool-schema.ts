// Turns tool input schemas (zod's, or the agent's zod-shaped own) into the `tools` entries of an
// OpenAI-style request. Knows zod's schema shape and JSON Schema only; nothing about requests or providers.
import { zodToJSONSchema, type JSONSchema } from './json-schema.js';
import type { Tool, ToolInputSchema } from './types.js';

export type { JSONSchema } from './json-schema.js';

/** One entry of the request's `tools` array. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters: JSONSchema };
}

/**
 * JSON Schema of a tool's input. Uses zod's `input` view, so a field with a default is optional
 * (the model may omit it; zod fills it in), and types JSON cannot express become `{}`.
 */
export const toolToJSONSchema = zodToJSONSchema as unknown as (schema: ToolInputSchema) => JSONSchema;

/** The `tools` entry for one named tool. */
export function toOpenAITool(name: string, tool: Tool): OpenAITool {
  const fn: OpenAITool['function'] = { name, parameters: toolToJSONSchema(tool.inputSchema) };
  if (tool.description) fn.description = tool.description;
  return { type: 'function', function: fn };
}
