// Mounting the relay under a path prefix, either as a listener with a fallback or inside an
// existing node:http server (the demo mounts it at /api/llm). Knows nothing of the relay's policies.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { loadRelayConfig, type RelayConfig } from './config.js';
import { createRelayHandler, type RelayHandlerOptions } from './handler.js';
import { sendRelayError } from './http-io.js';
import { scrubText } from './key-scrubber.js';
import type { RelayLogger } from './logger.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Options for mounting: the configuration (or the environment to read it from) and a logger. */
export interface MountOptions extends RelayHandlerOptions {
  /** Path prefix such as `/api/llm`; `/` or empty mounts at the root. */
  prefix?: string;
  /** A ready configuration; otherwise it is read from `env` (default `process.env`). */
  config?: RelayConfig;
  env?: Record<string, string | undefined>;
  logger?: RelayLogger;
}

/** A listener that serves the relay under the prefix and passes other paths to `fallback` (404 without one). */
export function createRelayListener(options: MountOptions = {}, fallback?: Listener): Listener {
  const prefix = normalizePrefix(options.prefix);
  const config = options.config ?? loadRelayConfig(options.env ?? process.env);
  const handle = createRelayHandler(config, options);
  const logger = options.logger;

  return (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const path = relativePath(pathname, prefix);
    if (path === undefined) {
      if (fallback) return fallback(req, res);
      sendRelayError(res, 404, 'not_found', `No such relay endpoint: ${scrubText(pathname, config.apiKey)}.`);
      return;
    }
    handle(req, res, path).catch((error: unknown) => {
      logger?.error(`unexpected failure on ${req.method} ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
      sendRelayError(res, 500, 'internal_error', 'The relay failed unexpectedly; see its log.');
    });
  };
}

/**
 * Mounts the relay at `prefix` inside an existing server: requests under the prefix go to the
 * relay, every other request to the server's own `request` listeners, unchanged. The server's
 * `headersTimeout` is lowered to RELAY_HEADERS_TIMEOUT_SECONDS when it is longer; create the
 * server with `relayServerOptions(config)` to have slow clients closed within a second of it.
 */
export function mountRelay(server: Server, options: MountOptions & { prefix: string }): void {
  const config = options.config ?? loadRelayConfig(options.env ?? process.env);
  // Tighten, never loosen, the host server's header deadline; the relay times request bodies itself.
  if (server.headersTimeout === 0 || server.headersTimeout > config.headersTimeoutMs) server.headersTimeout = config.headersTimeoutMs;
  const existing = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const rest: Listener = (req, res) => {
    for (const listener of existing) listener.call(server, req, res);
  };
  server.on('request', createRelayListener({ ...options, config }, existing.length ? rest : undefined));
}

function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The path below the prefix (`/chat/completions`), or undefined when the path is outside it. */
function relativePath(pathname: string, prefix: string): string | undefined {
  if (prefix === '') return pathname || '/';
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}
