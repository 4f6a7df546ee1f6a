// Chooses the system prompt: the user's `customSystemPrompt`, else ours in the configured language.
// There is one prompt, written in English; zh-CN swaps its last line for one that asks for Chinese
// (as page-agent does). A separate Chinese translation cost 2.3 KB gzip of the bundle and had to be
// kept in step by hand, while models follow English rules as well when asked to write in Chinese.
import type { SupportedLanguage } from '../types.js';
import { SYSTEM_PROMPT_EN } from './system-prompt-en.js';

export { SYSTEM_PROMPT_EN } from './system-prompt-en.js';

/** The line of the English prompt that sets the language of the model's own fields. */
const LANGUAGE_LINE = /\n[^\n]*$/;

/** The default system prompt for zh-CN: the English rules, with thinking and answers in Simplified Chinese. */
export const SYSTEM_PROMPT_ZH = SYSTEM_PROMPT_EN.replace(
  LANGUAGE_LINE,
  '\nWrite the evaluation, memory, goal and the done text in Simplified Chinese (简体中文), unless the user writes in another language.',
);

/** The system prompt for one step: `custom` when given (it replaces ours entirely), else ours in `language`. */
export function getSystemPrompt(language: SupportedLanguage | undefined, custom?: string): string {
  if (custom && custom.trim()) return custom;
  return language === 'zh-CN' ? SYSTEM_PROMPT_ZH : SYSTEM_PROMPT_EN;
}
