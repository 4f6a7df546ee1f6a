// Turns a user's baseURL into the chat-completions URL. Pure string work: no fetch, no DOM.
//
// The rule, in order:
//   1. trailing slashes are dropped;
//   2. a URL that already ends in `/chat/completions` is used as given (a pasted full endpoint);
//   3. a bare origin (no path) gets `/v1`, because every OpenAI-compatible server we know serves
//      there: OpenAI, Ollama (`http://localhost:11434` → `/v1`), LM Studio, vLLM, and DeepSeek,
//      which answers on both `https://api.deepseek.com` and `https://api.deepseek.com/v1`;
//   4. any other path is the API root the provider documents (`/v1`, `/api/paas/v4`,
//      `/compatible-mode/v1`, `/v1beta/openai`, a relay's `/llm`) and gets `/chat/completions`.
// A path-absolute baseURL (`/relay/v1`) is accepted for a same-origin relay in the browser.
import { LLMError } from './errors.js';

const CHAT_COMPLETIONS = '/chat/completions';

/** Builds the `/chat/completions` URL for a baseURL, or throws a `config` LLMError naming `baseURL`. */
export function buildChatCompletionsURL(baseURL: unknown): string {
  if (typeof baseURL !== 'string' || baseURL.trim() === '') {
    throw new LLMError('config', 'LLM config: `baseURL` is required, e.g. "https://api.openai.com/v1".');
  }
  const trimmed = baseURL.trim();
  const isPathOnly = trimmed.startsWith('/') && !trimmed.startsWith('//');
  let url: URL;
  try {
    url = new URL(trimmed, isPathOnly ? 'http://relative.invalid' : undefined);
  } catch (error) {
    throw new LLMError('config', `LLM config: \`baseURL\` is not a valid URL: "${trimmed}". Use an http(s) URL such as "https://api.openai.com/v1".`, {
      rawError: error,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LLMError('config', `LLM config: \`baseURL\` must start with http:// or https:// (got "${trimmed}").`);
  }
  if (url.search || url.hash) {
    throw new LLMError('config', `LLM config: \`baseURL\` must not carry a query or fragment (got "${trimmed}"); never put an API key in a URL, use \`apiKey\` or a relay.`);
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(CHAT_COMPLETIONS)) path = `${path || '/v1'}${CHAT_COMPLETIONS}`;
  return isPathOnly ? path : `${url.origin}${path}`;
}
