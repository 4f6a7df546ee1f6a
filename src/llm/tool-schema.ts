// Turns zod tool schemas into the JSON Schema that OpenAI-style `tools` carry.
// Knows zod and JSON Schema only; nothing about requests or providers.
import type { z } from 'zod';
// The core converter, not classic `z`: importing classic zod would put all of it in the bundle.
import { toJSONSchema } from 'zod/v4/core';
import type { Tool } from './types.js';

/** A JSON Schema object as sent to the model. */
export type JSONSchema = Record<string, unknown>;

/** One entry of the request's `tools` array. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters: JSONSchema };
}

// zod bounds `.int()` by the safe-integer range; to a model these limits are noise tokens.
const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function stripNoise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripNoise);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if ((key === 'maximum' || key === 'minimum') && typeof value === 'number' && SAFE_BOUNDS.has(value)) continue;
    out[key] = stripNoise(value);
  }
  return out;
}

/**
 * JSON Schema of a tool's input. Uses zod's `input` view, so a field with a default is optional
 * (the model may omit it; zod fills it in), and types zod cannot express become `{}`.
 */
export function toolToJSONSchema(schema: z.ZodType): JSONSchema {
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return stripNoise(json) as JSONSchema;
}

/** The `tools` entry for one named tool. */
export function toOpenAITool(name: string, tool: Tool): OpenAITool {
  const fn: OpenAITool['function'] = { name, parameters: toolToJSONSchema(tool.inputSchema) };
  if (tool.description) fn.description = tool.description;
  return { type: 'function', function: fn };
}
