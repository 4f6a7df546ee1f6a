// The public index of prompt/: the system prompts, the per-step user message, and llms.txt.
export { EXTRACT_PROMPT, extractMessage } from './extract.js';
export { getSystemPrompt, SYSTEM_PROMPT_EN, SYSTEM_PROMPT_ZH } from './system-prompt.js';
export {
  buildUserMessage,
  formatHistory,
  formatHistoryEvent,
  formatInstructions,
  formatPage,
  formatStepInfo,
  formatTask,
  type InstructionParts,
  type StepInfo,
  type UserMessageParts,
} from './user-message.js';
export { LlmsTxtLoader, capLlmsTxt, type LlmsTxtOptions } from './llms-txt.js';
export { earlierEntry, formatEarlierTasks, EARLIER_CHARS } from './earlier-tasks.js';
