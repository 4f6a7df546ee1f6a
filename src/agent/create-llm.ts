// Creates the LLM client for one run and maps its events onto the agent's: a bad LLM setting becomes
// a ConfigError naming the field, each retry is reported through `onRetry`.
import { ConfigError } from '../config/index.js';
import { LLM, LLMError, type LLMRetryDetail } from '../llm/index.js';
import type { ResolvedAgentConfig } from './core-config.js';

/** A client for one run; `onRetry` hears every retry the client makes. */
export function createAgentLLM(config: ResolvedAgentConfig, onRetry: (detail: LLMRetryDetail) => void): LLM {
  let llm: LLM;
  try {
    llm = new LLM(config);
  } catch (error) {
    if (error instanceof LLMError && error.kind === 'config') throw new ConfigError(/`(\w+)`/.exec(error.message)?.[1] ?? 'config', error.message);
    throw error;
  }
  llm.addEventListener('retry', (event) => onRetry((event as CustomEvent<LLMRetryDetail>).detail));
  return llm;
}
