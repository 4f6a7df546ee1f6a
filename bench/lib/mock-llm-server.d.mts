// Types of bench/lib/mock-llm-server.mjs for the TypeScript tests that share it.
import type { IncomingHttpHeaders } from 'node:http';

/** One request the server received (preflights are kept apart in `preflights`). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: any;
}

/** What the server answers; `delayMs` may be added to any reply. A tool call is streamed (SSE) when the request says `stream: true`. */
export type MockReply = (
  | {
      toolCall: { name?: string; args: unknown };
      usage?: Record<string, unknown>;
      /** false: answer with one JSON body even when the request asked for a stream. */
      stream?: boolean;
      /** Streamed: characters of the arguments per event (default 24). */
      chunkChars?: number;
      /** Streamed: milliseconds between events. */
      gapMs?: number;
      /** Streamed: cut the stream in the middle of the event after this many argument events. */
      cutAfter?: number;
    }
  | { toolCalls: Array<{ name: string; args: unknown }> }
  | { content: string; usage?: Record<string, unknown> }
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { text: string; status?: number; type?: string; headers?: Record<string, string> }
  | { sse: unknown[] }
  | { fault: 'rate_limit'; retryAfter?: number }
  | { fault: 'server'; status?: 500 | 502 | 503 }
  | { fault: 'auth'; status?: 401 | 403 }
  | { fault: 'context_length' }
  | { fault: 'content_filter' }
  | { fault: 'non_json' }
  | { fault: 'html' }
  | { fault: 'hang' }
  | { fault: 'drop' }
) & { delayMs?: number };

export type MockHandler = (request: RecordedRequest, index: number) => MockReply | Promise<MockReply>;

export interface MockLLMServer {
  /** Origin, e.g. http://127.0.0.1:40001 */
  origin: string;
  /** A baseURL to configure clients with (origin + /v1). */
  baseURL: string;
  /** Chat-completion requests received, in order. */
  requests: RecordedRequest[];
  /** CORS preflight (OPTIONS) requests received. */
  preflights: RecordedRequest[];
  /** Requests whose JSON body has no `messages` (the panel's setup check): answered 400, not in `requests`. */
  probes: RecordedRequest[];
  /** Appends replies to the queue; each request takes the next one. */
  enqueue(...replies: MockReply[]): void;
  /** Answers every request with a function instead of the queue (the queue is used first). */
  setHandler(handler: MockHandler | undefined): void;
  /** Clears queue, handler and records. */
  reset(): void;
  close(): Promise<void>;
}

/** A chat completion body carrying one function call. */
export declare function toolCallCompletion(name: string, args: unknown, usage?: Record<string, unknown>): unknown;
/** A chat completion body with plain assistant content and no tool call. */
export declare function contentCompletion(content: string, usage?: Record<string, unknown>): unknown;
/** Shorthand for an AgentOutput reply: `agentStep({ click_element_by_index: { index: 3 } }, 'click submit')`. */
export declare function agentStep(action: Record<string, unknown>, nextGoal?: string, extra?: Record<string, unknown>): MockReply;
/** Starts the mock server on 127.0.0.1 with an ephemeral port. */
export declare function startMockLLMServer(): Promise<MockLLMServer>;
