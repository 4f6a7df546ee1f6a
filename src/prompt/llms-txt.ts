// Opt-in llms.txt context (`experimentalLlmsTxt`): fetched once per origin, with a timeout and a
// size cap, and never an HTML fallback page. Knows fetch and URLs only.
// @see https://llmstxt.org/
import { clearTimer, setTimer } from '../base/index.js';

/** Limits of the llms.txt fetch. */
export interface LlmsTxtOptions {
  /** Give up after this many milliseconds. @default 3000 */
  timeoutMs?: number;
  /** Keep at most this many characters. @default 2000 */
  maxChars?: number;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** Cuts `text` to `max` characters, saying that it did. */
export function capLlmsTxt(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}\n…(truncated)` : trimmed;
}

/** Loads `<origin>/llms.txt` at most once per origin for its owner (one per agent). */
export class LlmsTxtLoader {
  #cache = new Map<string, Promise<string | null>>();
  #timeoutMs: number;
  #maxChars: number;
  #fetchFn: typeof globalThis.fetch | undefined;

  constructor({ timeoutMs = 3000, maxChars = 2000, fetch }: LlmsTxtOptions = {}) {
    this.#timeoutMs = timeoutMs;
    this.#maxChars = maxChars;
    this.#fetchFn = fetch;
  }

  /**
   * The llms.txt text for the page's origin, or null when there is none (404, HTML, timeout,
   * network error, non-http page). Rethrows only when `signal` (the run's) aborts.
   */
  async load(pageUrl: string, signal?: AbortSignal): Promise<string | null> {
    let origin: string;
    try {
      const url = new URL(pageUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      origin = url.origin;
    } catch {
      return null;
    }
    let pending = this.#cache.get(origin);
    if (!pending) {
      pending = this.#fetch(`${origin}/llms.txt`, signal);
      this.#cache.set(origin, pending);
      // An abort must not poison the cache: the next run tries again.
      pending.catch(() => this.#cache.delete(origin));
    }
    return pending;
  }

  async #fetch(endpoint: string, signal?: AbortSignal): Promise<string | null> {
    // Our own controller: aborted by the timeout or by the run's signal.
    const controller = new AbortController();
    const timer = setTimer(() => controller.abort(new DOMException('llms.txt timed out', 'TimeoutError')), this.#timeoutMs);
    const onAbort = () => controller.abort(signal!.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await (this.#fetchFn ?? globalThis.fetch)(endpoint, { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) return null;
      if (/html/i.test(response.headers.get('content-type') ?? '')) return null;
      const text = await response.text();
      if (/^\s*<(!doctype|html)/i.test(text) || !text.trim()) return null;
      return capLlmsTxt(text, this.#maxChars);
    } catch {
      if (signal?.aborted) throw signal.reason;
      return null;
    } finally {
      clearTimer(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
