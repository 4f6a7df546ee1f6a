// The two messages of one step: the system prompt and the user message, gathered from the config
// (instructions, transformPageContent, llms.txt) around the pure assembly in prompt/.
import type { ResolvedAgentConfig } from '../config.js';
import type { BrowserState } from '../dom/index.js';
import type { Message } from '../llm/index.js';
import { buildUserMessage, getSystemPrompt, type LlmsTxtLoader } from '../prompt/index.js';
import type { HistoricalEvent } from '../types.js';
import { messageOf } from './errors.js';

/** Everything a step's messages are made from. */
export interface StepContext {
  config: ResolvedAgentConfig;
  task: string;
  history: readonly HistoricalEvent[];
  state: BrowserState;
  /** 0-based step index. */
  step: number;
  /** Whether the agent has a `done` tool (customTools may remove it); true when absent. */
  hasDone?: boolean;
  llmsTxt: LlmsTxtLoader;
  signal: AbortSignal;
  /** Hears a failing getPageInstructions (the step goes on without page instructions). */
  onPageInstructionsError: (error: unknown) => void;
}

/** System and user messages for one step; throws when transformPageContent fails. */
export async function composeMessages(context: StepContext): Promise<Message[]> {
  const { config, state } = context;
  const { instructions, experimentalLlmsTxt, transformPageContent } = config;
  let pageInstructions: string | null | undefined;
  try {
    pageInstructions = instructions?.getPageInstructions?.(state.url);
  } catch (error) {
    context.onPageInstructionsError(error);
  }
  const llmsTxt = experimentalLlmsTxt ? await context.llmsTxt.load(state.url, context.signal) : null;
  let content = state.content;
  if (transformPageContent) {
    try {
      content = String(await transformPageContent(content));
    } catch (error) {
      throw new Error(`transformPageContent failed: ${messageOf(error)}`);
    }
  }
  const user = buildUserMessage({
    instructions: { system: instructions?.system, page: typeof pageInstructions === 'string' ? pageInstructions : null, llmsTxt },
    task: context.task,
    step: { step: context.step + 1, maxSteps: config.maxSteps, now: new Date(), hasDone: context.hasDone ?? true },
    history: context.history,
    page: { header: state.header, content, footer: state.footer },
  });
  return [
    { role: 'system', content: getSystemPrompt(config.language, config.customSystemPrompt) },
    { role: 'user', content: user },
  ];
}
