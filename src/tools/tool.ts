// The `tool()` helper and what a tool may rely on from the agent that runs it (`this`).
// Knows the page controller's public shape only; nothing of the loop, the LLM or the panel.
import type { ActionResult, BrowserState, ElementRegistry } from '../dom/index.js';
import type { PageAgentTool, ToolContext } from '../types.js';

export type { PageAgentTool, ToolContext } from '../types.js';

/**
 * The page controller as the agent uses it: page-agent 1.x's methods, plus optional ones of ours
 * (key presses, hover, finding text, the index registry). A controller without an optional method still works;
 * the tools that need it report that they are unsupported.
 */
export interface AgentPageController {
  getBrowserState(): Promise<BrowserState>;
  clickElement(index: number, signal?: AbortSignal): Promise<ActionResult>;
  inputText(index: number, text: string, options?: { keyByKey?: boolean; signal?: AbortSignal }): Promise<ActionResult>;
  selectOption(index: number, optionText: string, signal?: AbortSignal): Promise<ActionResult>;
  scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number; signal?: AbortSignal }): Promise<ActionResult>;
  scrollHorizontally(options: { right: boolean; pixels: number; index?: number; signal?: AbortSignal }): Promise<ActionResult>;
  pressKey?(key: string, index?: number): Promise<ActionResult>;
  hoverElement?(index: number): Promise<ActionResult>;
  scrollToText?(text: string, nth?: number, signal?: AbortSignal): Promise<ActionResult>;
  executeJavascript?(script: string, signal?: AbortSignal): Promise<ActionResult>;
  /** Ours: the whole page's text, not cut to the observation budget (the `extract` tool reads it). */
  getPageText?(): Promise<string>;
  cleanUpHighlights(): Promise<void>;
  showMask(): Promise<void>;
  hideMask(): Promise<void>;
  dispose(): void;
  resetTaskState?(): void;
  readonly registry?: Pick<ElementRegistry, 'description' | 'resolve'>;
}

/** What built-in tools read from `this` (the agent). Custom tools get the whole agent. */
export interface ToolHost {
  readonly pageController: AgentPageController;
  onAskUser?: (question: string, options?: { signal: AbortSignal }) => Promise<string>;
}

/**
 * Declares a tool for `customTools`: a description for the model, a zod input schema, and
 * `execute(args, { signal })` returning the text the model reads as the action's result.
 * @example
 * tool({ description: 'Read the cart total', inputSchema: z.object({}), execute: async () => readTotal() })
 */
export function tool<TParams>(options: PageAgentTool<TParams>): PageAgentTool<TParams> {
  return options;
}

/** Runs a controller action and turns its `{ success, message }` into the text the model reads. */
export function resultText(result: ActionResult | undefined): string {
  if (!result) return 'The action returned no result.';
  return result.message || (result.success ? 'Done.' : 'The action failed.');
}

/** The message a tool returns when the controller lacks an optional method. */
export function unsupported(toolName: string): string {
  return `${toolName} is not supported by this page controller; use another action.`;
}
