// The LLM client: one `invoke` = one API call (plus retries) → one repaired, validated tool call →
// that tool executed once. Emits `retry` and `error` events. No DOM access; fetch only.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { sendRequest } from './send-request.js';
import { parseReply } from './parse-reply.js';
import { LLMError } from './errors.js';
import { buildRequestBody } from './request-body.js';
import { withRetry } from './retry.js';
import type { InvokeOptions, InvokeResult, LLMConfig, Message, Tool, Usage } from './types.js';
import { addUsage, emptyUsage, parseUsage } from './usage.js';
import { resolveLLMConfig, type ResolvedLLMConfig } from './config.js';

/** Detail of the `retry` event: `attempt` is the 1-based retry number, `maxAttempts` the retry budget (maxRetries). */
export interface LLMRetryDetail {
  attempt: number;
  maxAttempts: number;
  error: LLMError;
  /** How long the client waits before this retry, in milliseconds. */
  delayMs: number;
}

/** Detail of the `error` event, sent once when invoke gives up. */
export interface LLMErrorDetail {
  error: LLMError;
}

const NOTE_PREFIX = '[The previous reply was rejected]';
/** Endpoints that refused `stream`: asked without it from then on. */
const NO_STREAM = new Set<string>();

/** Attaches the reply to an LLMError raised while reading it, unless it carries one already. */
function withRawResponse(error: unknown, rawResponse: unknown): unknown {
  if (error instanceof LLMError && error.rawResponse === undefined) (error as { rawResponse: unknown }).rawResponse = rawResponse;
  return error;
}

/** An OpenAI-compatible chat-completions client that forces one tool call per invoke. */
export class LLM extends EventTarget {
  readonly config: ResolvedLLMConfig;

  /** Validates the config at once; throws a `config` LLMError naming the bad field. */
  constructor(config: LLMConfig) {
    super();
    this.config = resolveLLMConfig(config);
  }

  /**
   * Asks the endpoint once with an empty request, which costs no tokens: the message of a setup
   * problem the server names (a relay without an upstream), else undefined. Never rejects.
   */
  async setupProblem(): Promise<string | undefined> {
    try {
      await sendRequest({ ...this.config, url: this.config.endpoint, body: {} });
    } catch (error) {
      // Only a server that cannot serve at all (503 and a config kind: a relay without an upstream);
      // the empty request's own refusal (400) and a CSP block (the panel explains it) are not.
      if ((error as LLMError).kind === 'config' && (error as LLMError).status === 503) return (error as LLMError).message;
    }
  }

  /**
   * Calls the model once (plus retries), repairs and validates its tool call, runs `tools[name].execute(args)`
   * once and resolves to the call, the tool's result and the token usage of every attempt.
   * An abort rejects with the signal's own reason (an AbortError), never wrapped, never retried.
   * An error thrown by the tool itself passes through unchanged and is not retried (the tool may have acted).
   */
  async invoke<TResult = unknown>(
    messages: Message[],
    tools: Record<string, Tool>,
    abortSignal?: AbortSignal,
    options: InvokeOptions = {},
  ): Promise<InvokeResult<TResult>> {
    abortSignal?.throwIfAborted();
    if (!tools || !Object.keys(tools).length) throw new LLMError('config', 'invoke needs at least one tool in `tools`.');
    if (options.toolChoiceName && !tools[options.toolChoiceName]) {
      throw new LLMError('config', `invoke: \`toolChoiceName\` "${options.toolChoiceName}" is not in tools (${Object.keys(tools).join(', ')}).`);
    }
    const config = this.config;
    let usage = emptyUsage();

    const attempt = async (previous: LLMError | undefined) => {
      const attemptMessages = previous?.note ? [...messages, { role: 'user' as const, content: `${NOTE_PREFIX} ${previous.note}` }] : messages;
      // Both read only their own fields of the resolved config.
      const send = (stream?: InvokeOptions['onStream']) => {
        const body = buildRequestBody({ ...config, messages: attemptMessages, tools, toolChoiceName: options.toolChoiceName, stream });
        return sendRequest({ ...config, url: config.endpoint, body, signal: abortSignal, onStream: stream }).then(({ json }) => ({ json, body }));
      };
      const stream = NO_STREAM.has(config.endpoint) ? undefined : options.onStream;
      const { json, body } = await send(stream).catch((error) => {
        // A provider that rejects streaming (a 4xx naming it) is asked again at once without it.
        if (!stream || !(error.status < 500) || !/stream/i.test(error.message + JSON.stringify(error.rawResponse))) throw error;
        NO_STREAM.add(config.endpoint);
        return send();
      });
      usage = addUsage(usage, parseUsage(json));
      try {
        return { parsed: parseReply(json, tools, options, config.log), json, body };
      } catch (error) {
        // On a final call a reply that cannot be used is not asked for again.
        if (options.final) Object.assign(error as object, { retryable: false });
        throw withRawResponse(error, json);
      }
    };

    let outcome: Awaited<ReturnType<typeof attempt>>;
    try {
      outcome = await withRetry(attempt, {
        maxRetries: config.maxRetries,
        baseDelay: config.retryDelay,
        signal: abortSignal,
        onRetry: (n, error, delayMs) => {
          config.log(`retry ${n}/${config.maxRetries} in ${delayMs} ms after ${error.kind}: ${error.message}`);
          this.dispatchEvent(new CustomEvent<LLMRetryDetail>('retry', { detail: { attempt: n, maxAttempts: config.maxRetries, error, delayMs } }));
        },
      });
    } catch (error) {
      // An LLMError is never an abort (its name is LLMError): aborts pass through without the event.
      if (error instanceof LLMError) {
        this.dispatchEvent(new CustomEvent<LLMErrorDetail>('error', { detail: { error } }));
      }
      throw error;
    }

    const { parsed, json, body } = outcome;
    abortSignal?.throwIfAborted();
    const toolResult = (await tools[parsed.name]!.execute(parsed.args)) as TResult;
    return {
      toolCall: { name: parsed.name, args: parsed.args },
      toolResult,
      usage,
      rawResponse: json,
      rawRequest: body,
      repairs: parsed.repairs,
    };
  }
}
