// The one tool registry: built-ins, then `customTools` (a tool overrides its namesake, `null`
// removes it), and the per-step choice of what the model is offered. Knows nothing of the loop.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import type { PageAgentTool } from '../types.js';
import { CONTROL_TOOLS } from './control-tools.js';
import { PAGE_TOOLS } from './page-tools.js';
import { executeJavascriptTool } from './execute-javascript.js';

/** Names of the tools that change nothing on the page (never subject to approval). */
export const CONTROL_TOOL_NAMES: ReadonlySet<string> = new Set(Object.keys(CONTROL_TOOLS));

/** A fresh map of every built-in tool, in the order the model sees them. */
export function createBuiltInTools(): Map<string, PageAgentTool> {
  return new Map<string, PageAgentTool>(Object.entries({ ...CONTROL_TOOLS, ...PAGE_TOOLS, execute_javascript: executeJavascriptTool }));
}

/** Options that shape the registry at construction. */
export interface ToolRegistryOptions {
  customTools?: Record<string, PageAgentTool | null | undefined>;
  experimentalScriptExecutionTool?: boolean;
}

/**
 * The agent's `tools` map: built-ins, minus execute_javascript unless opted in, with `customTools`
 * applied last (so a custom execute_javascript is kept even without the flag).
 */
export function createToolRegistry(options: ToolRegistryOptions = {}): Map<string, PageAgentTool> {
  const tools = createBuiltInTools();
  if (!options.experimentalScriptExecutionTool) tools.delete('execute_javascript');
  for (const [name, custom] of Object.entries(options.customTools ?? {})) {
    if (custom === null) tools.delete(name);
    else if (custom !== undefined) tools.set(name, custom);
  }
  return tools;
}

/** What the loop knows when it picks the tools for one step. */
export interface OfferContext {
  /** An `onAskUser` handler is set right now. */
  canAskUser: boolean;
  /** This is the last step the budget allows: offer only `done`. */
  lastStep: boolean;
}

/**
 * The tools offered to the model this step: the built-in `ask_user` only while a handler is set (it
 * comes back when one is set later), and only `done` on the last step when `done` exists.
 */
export function selectOfferedTools(tools: ReadonlyMap<string, PageAgentTool>, context: OfferContext): Map<string, PageAgentTool> {
  const done = tools.get('done');
  if (context.lastStep && done) return new Map([['done', done]]);
  const offered = new Map(tools);
  // A custom ask_user brings its own way to reach the user; only the built-in needs the handler.
  if (!context.canAskUser && offered.get('ask_user') === CONTROL_TOOLS.ask_user) offered.delete('ask_user');
  return offered;
}
