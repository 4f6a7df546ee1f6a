// zod/mini twins of the built-in tool schemas and of the AgentOutput macro, written as src/tools/
// wrote them before src/schema/ took zod out of the bundle. What the model receives for each built-in
// (JSON Schema) and what validation answers must stay the same as for its twin.
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

const index = () => z.int();

/** Each built-in tool's input schema, in zod/mini, by tool name. */
export const ZOD_TWINS: Record<string, $ZodType> = {
  done: z.object({ text: z.string(), success: z._default(z.boolean(), true) }),
  wait: z.object({ seconds: z._default(z.number().check(z.minimum(1), z.maximum(10)), 1) }),
  ask_user: z.object({ question: z.string() }),
  click_element_by_index: z.object({ index: index() }),
  input_text: z.object({ index: index(), text: z.string() }),
  select_dropdown_option: z.object({ index: index(), text: z.string() }),
  scroll: z.object({
    down: z._default(z.boolean(), true),
    num_pages: z._default(z.number().check(z.minimum(0), z.maximum(10)), 1),
    pixels: z.optional(z.int()),
    index: z.optional(index()),
  }),
  scroll_horizontally: z.object({ right: z._default(z.boolean(), true), pixels: z.int(), index: z.optional(index()) }),
  scroll_to_text: z.object({ text: z.string(), nth: z.optional(z.int()) }),
  press_key: z.object({ key: z.string(), index: z.optional(index()) }),
  hover_element: z.object({ index: index() }),
  execute_javascript: z.object({ script: z.string() }),
};

/** The AgentOutput schema as buildAgentOutput built it with zod/mini, for tools given as (name, description, schema). */
export function zodAgentOutput(tools: Iterable<[string, { description: string; inputSchema: unknown }]>): $ZodType {
  const variants = [...tools].map(([name, tool]) => z.object({ [name]: tool.inputSchema as $ZodType }).check(z.describe(tool.description)));
  const action = variants.length === 1 ? variants[0]! : z.union(variants);
  return z.object({
    evaluation_previous_goal: z.optional(z.string()),
    memory: z.optional(z.string()),
    next_goal: z.optional(z.string()),
    action,
  });
}

/** The built-in tools with their zod twins in place of their schemas, in the same order. */
export function withTwins<T extends { description: string; inputSchema: unknown }>(tools: ReadonlyMap<string, T>): Array<[string, T]> {
  return [...tools].map(([name, tool]) => {
    const twin = ZOD_TWINS[name];
    return [name, twin ? { ...tool, inputSchema: twin } : tool];
  });
}
