// Wraps fetch for the run's model calls and remembers how the last one went, so a run that ended
// because the endpoint refused or could not be reached is reported as that (exit code 2 or 3).
import type { NodeRunErrorKind } from './errors.js';

/** The outcome of the last model request: fine, an HTTP refusal, or no connection at all. */
type LastCall = { ok: true } | { ok: false; kind: NodeRunErrorKind; message: string };

/** A fetch for the model endpoint that records the last call's outcome. */
export class LlmCallRecorder {
  #last: LastCall | undefined;
  readonly fetch: typeof fetch;

  constructor(inner: typeof fetch) {
    this.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let response: Response;
      try {
        response = await inner(input, init);
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        this.#last = { ok: false, kind: 'network', message: `The model endpoint ${originOf(url)} could not be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}.` };
        throw error;
      }
      if (response.ok) this.#last = { ok: true };
      else {
        const refused = response.status === 401 || response.status === 403;
        const detail = await response.clone().text().then(errorMessageOf, () => '');
        this.#last = {
          ok: false,
          kind: refused ? 'config' : 'network',
          message: `The model endpoint ${originOf(url)} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}${refused ? ' (check LLM_API_KEY)' : ''}.`,
        };
      }
      return response;
    };
  }

  /** The last call's failure, when the last model request failed. */
  failure(): { kind: NodeRunErrorKind; message: string } | undefined {
    return this.#last && !this.#last.ok ? { kind: this.#last.kind, message: this.#last.message } : undefined;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The `error.message` of an OpenAI-style error body, cut short; never the whole body. */
function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message.slice(0, 200) : '';
  } catch {
    return '';
  }
}
