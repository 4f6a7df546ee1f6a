// The two messages of one step: the system prompt and the user message, gathered from the config
// (instructions, transformPageContent, llms.txt) around the pure assembly in prompt/.
import { messageOf } from '../base/index.js';
import type { BrowserState } from '../dom/index.js';
import type { Message } from '../llm/index.js';
import { buildUserMessage, getSystemPrompt, type LlmsTxtLoader } from '../prompt/index.js';
import type { HistoricalEvent } from '../types.js';
import type { ResolvedAgentConfig } from './core-config.js';

/**
 * System and user messages for one step (`step` is 0-based; `hasDone`: whether the agent has a
 * `done` tool; `fence`: the run's random page marker; `earlier`: the conversation's `<earlier_tasks>` block). A failing getPageInstructions is logged and the step goes on without page
 * instructions; a failing transformPageContent throws.
 */
export async function composeMessages(
  config: ResolvedAgentConfig,
  task: string,
  history: readonly HistoricalEvent[],
  state: BrowserState,
  step: number,
  hasDone: boolean,
  llmsTxtLoader: LlmsTxtLoader,
  signal: AbortSignal,
  fence?: string,
  earlier?: string,
): Promise<Message[]> {
  const { instructions, experimentalLlmsTxt } = config;
  let pageInstructions: string | null | undefined;
  try {
    pageInstructions = instructions?.getPageInstructions?.(state.url);
  } catch (error) {
    console.warn('[page-agent] instructions.getPageInstructions failed; continuing without page instructions:', error);
  }
  const llmsTxt = experimentalLlmsTxt ? await llmsTxtLoader.load(state.url, signal) : null;
  const content = await transformedContent(config, state.content);
  const user = buildUserMessage({
    instructions: { system: instructions?.system, page: typeof pageInstructions === 'string' ? pageInstructions : null, llmsTxt },
    task,
    step: { step: step + 1, maxSteps: config.maxSteps, now: new Date(), hasDone },
    history,
    page: { header: state.header, content, footer: state.footer },
    fence,
    earlier,
  });
  return [
    { role: 'system', content: getSystemPrompt(config.language, config.customSystemPrompt) },
    { role: 'user', content: user },
  ];
}

/** Page text after the config's `transformPageContent` (a throw names the hook); the `extract` tool sends it the same way. */
export async function transformedContent(config: ResolvedAgentConfig, content: string): Promise<string> {
  try {
    return config.transformPageContent ? String(await config.transformPageContent(content)) : content;
  } catch (error) {
    throw new Error(`transformPageContent failed: ${messageOf(error)}`);
  }
}
