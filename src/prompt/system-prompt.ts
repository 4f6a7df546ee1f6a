// Chooses the system prompt: the user's `customSystemPrompt`, else ours in the configured language.
import type { SupportedLanguage } from '../types.js';
import { SYSTEM_PROMPT_EN } from './system-prompt-en.js';
import { SYSTEM_PROMPT_ZH } from './system-prompt-zh.js';

export { SYSTEM_PROMPT_EN } from './system-prompt-en.js';
export { SYSTEM_PROMPT_ZH } from './system-prompt-zh.js';

/** The system prompt for one step: `custom` when given (it replaces ours entirely), else ours in `language`. */
export function getSystemPrompt(language: SupportedLanguage | undefined, custom?: string): string {
  if (custom && custom.trim()) return custom;
  return language === 'zh-CN' ? SYSTEM_PROMPT_ZH : SYSTEM_PROMPT_EN;
}
