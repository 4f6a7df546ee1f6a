// Shared builders for the relay e2e tests: a relay on a free port over the mock upstream, and a
// chat request as a page on some origin (or a server without one) sends it.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import type { RelayLogger } from '../../../relay/logger.js';
import { startRelayServer, type RunningRelay } from '../../../relay/server.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';

/** The page origin the relays of these tests allow. */
export const PAGE_ORIGIN = 'http://app.example.test';

/** A logger that keeps its lines, for assertions on what the operator sees. */
export function recordingLogger(): RelayLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (line) => lines.push(`info ${line}`),
    warn: (line) => lines.push(`warn ${line}`),
    error: (line) => lines.push(`error ${line}`),
  };
}

/** Starts a relay on a free port in front of `upstream`, allowing PAGE_ORIGIN; `env` adds or overrides variables. */
export function startTestRelay(upstream: MockLLMServer, env: Record<string, string> = {}, logger?: RelayLogger): Promise<RunningRelay> {
  const config = loadRelayConfig({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: 'sk-relay-e2e-000111222', LLM_MODEL: 'mock-model', RELAY_ALLOWED_ORIGINS: PAGE_ORIGIN, ...env });
  return startRelayServer({ port: 0, config, logger });
}

/**
 * The file's mock upstream (reset before each test) and a `relayWith(env)` that starts relays in
 * front of it; both are closed after the file. `defaults` go to every relay.
 */
export function useRelayFixture(defaults: Record<string, string> = {}) {
  let upstream: MockLLMServer | undefined;
  const relays: RunningRelay[] = [];
  beforeAll(async () => {
    upstream = await startMockLLMServer();
  });
  beforeEach(() => upstream!.reset());
  afterAll(async () => {
    await Promise.all(relays.map((r) => r.close()));
    await upstream?.close();
  });
  return {
    get upstream(): MockLLMServer {
      return upstream!;
    },
    async relayWith(env: Record<string, string> = {}, logger = recordingLogger()) {
      const relay = await startTestRelay(upstream!, { ...defaults, ...env }, logger);
      relays.push(relay);
      return { relay, logger };
    },
  };
}

/** POSTs a chat request; `origin: null` sends none. Resolves to the status, headers and parsed body. */
export async function postChat(
  relay: RunningRelay,
  options: { origin?: string | null; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? PAGE_ORIGIN;
  const res = await fetch(`${relay.url}/chat/completions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body ?? { messages: [{ role: 'user', content: 'hi' }] }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an SSE stream or plain text stays text
  }
  return { status: res.status, headers: res.headers, body };
}
