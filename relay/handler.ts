// The relay's request handler: routing, host and origin policy, rate limit, then the prepared body
// to the forwarder. Each check answers with a Refusal value; this file only orders them. Knows
// nothing of how it is mounted or of the process it runs in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RelayConfig } from './config.js';
import { checkOrigin, preflightHeaders, type OriginVerdict } from './cors.js';
import { forwardChatCompletion } from './forward.js';
import { checkHost } from './host-check.js';
import { clientAddress, sendJson, sendRelayError, type Refusal } from './http-io.js';
import { SILENT_LOGGER, scrubbingLogger, type RelayLogger } from './logger.js';
import { scrubText } from './key-scrubber.js';
import { prepareChatRequest } from './prepare-request.js';
import { PROVIDER_EXAMPLES } from './providers.js';
import { createRateLimiter } from './rate-limiter.js';

declare const __VERSION__: string;

/** A request handler for paths relative to where the relay is mounted (`/health`, `/chat/completions`). */
export type RelayHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/** Options for `createRelayHandler`. */
export interface RelayHandlerOptions {
  /** Where log lines go (scrubbed of the key). Defaults to silence. */
  logger?: RelayLogger;
  /** Clock for the rate limiter (tests). */
  now?: () => number;
  /** The host the server listens on, accepted as a host name by default (see RELAY_HOSTS). */
  listenHost?: string;
}

/** Builds the handler for one configuration. */
export function createRelayHandler(config: RelayConfig, options: RelayHandlerOptions = {}): RelayHandler {
  const logger = scrubbingLogger(options.logger ?? SILENT_LOGGER, config.apiKey);
  const limiter = createRateLimiter({ ...config.rateLimit, now: options.now });
  const scrub = (text: string) => scrubText(text, config.apiKey);

  return async (req, res, path) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const client = clientAddress(req, config.trustProxy);
    const verdict = checkOrigin(req, config.allowedOrigins, config.trustProxy);
    const log = (status: number, note = '') =>
      logger.info(`${method} ${path} ${status || 'aborted'} ${Date.now() - started}ms client=${client}${verdict.origin ? ` origin=${verdict.origin}` : ''}${note}`);
    const refuse = (refusal: Refusal, cors: Record<string, string> = verdict.headers) => {
      sendRelayError(res, refusal.status, refusal.code, refusal.message, { ...cors, ...refusal.headers }, refusal.extra);
      if (refusal.warn) logger.warn(`${refusal.warn} (${method} ${path})`);
      else log(refusal.status, refusal.note);
    };

    const host = checkHost(req, config, options.listenHost);
    if (!host.allowed) {
      const shown = scrub(host.host ?? '(none)').slice(0, 200);
      // No CORS grant: a rebinding page sees its own origin as "same host", and must learn nothing.
      return refuse(
        {
          status: 421,
          code: 'misdirected_host',
          message: `This LLM relay does not answer to the host name ${shown}. It answers to ${host.accepted.join(', ')}; add the name to RELAY_HOSTS on the server if it is yours.`,
          headers: { connection: 'close' },
          warn: `refused host ${shown}; allow it with RELAY_HOSTS`,
        },
        {},
      );
    }
    if (!verdict.allowed) return refuse(originRefusal(verdict, scrub));
    if (method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(req, verdict)).end();
      return;
    }

    if (path === '/health' || path === '/healthz') {
      if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD', verdict.headers);
      sendJson(res, config.problem ? 503 : 200, health(config), verdict.headers);
      return;
    }
    if (!/^(\/v1)?\/chat\/completions$/.test(path)) {
      return refuse({
        status: 404,
        code: 'not_found',
        message: `No such relay endpoint: ${scrub(path)}. The relay serves POST /chat/completions and GET /health.`,
      });
    }
    if (method !== 'POST') return methodNotAllowed(res, 'POST, OPTIONS', verdict.headers);
    if (config.problem) {
      return refuse({ status: 503, code: 'relay_not_configured', message: notConfiguredMessage(config.problem), extra: { providers: PROVIDER_EXAMPLES }, note: ' not configured' });
    }
    if (verdict.origin === undefined && !config.allowNoOrigin) {
      return refuse({
        status: 403,
        code: 'origin_required',
        message:
          'This LLM relay forwards only requests from web pages, which carry an Origin header. For server-to-server use, set RELAY_ALLOW_NO_ORIGIN=1 on the relay.',
        warn: 'refused a request without an Origin header; allow such requests with RELAY_ALLOW_NO_ORIGIN=1',
      });
    }

    const decision = limiter.take(client);
    if (!decision.allowed) {
      const retry = String(decision.retryAfterSeconds);
      return refuse({
        status: 429,
        code: 'rate_limited',
        message: `Too many requests to the LLM relay from this client; try again in ${retry} s.`,
        headers: { 'retry-after': retry },
        note: ' rate limited',
      });
    }

    const prepared = await prepareChatRequest(req, config);
    if (prepared === 'aborted') return log(0);
    if ('status' in prepared) {
      // A client still trickling its body in is disconnected rather than drained.
      if (prepared.code === 'body_timeout') res.once('finish', () => req.socket.destroy());
      return refuse(prepared);
    }

    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const status = await forwardChatCompletion(res, {
      baseURL: config.baseURL!,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      body: prepared.body,
      headers: { ...verdict.headers, 'x-relay-model': prepared.model, ...prepared.changes },
      signal: gone.signal,
    });
    const notes = Object.entries(prepared.changes).map(([name, value]) => ` ${name.slice('x-relay-'.length)}=[${value}]`).join('');
    log(status, ` model=${prepared.model}${prepared.body.stream === true ? ' stream' : ''}${notes}`);
  };
}

function originRefusal(verdict: OriginVerdict, scrub: (text: string) => string): Refusal {
  const origin = scrub(verdict.origin ?? '');
  return {
    status: 403,
    code: 'origin_not_allowed',
    message: `The origin ${origin} may not use this LLM relay. Add it to RELAY_ALLOWED_ORIGINS on the server.`,
    warn: `refused origin ${origin}; allow it with RELAY_ALLOWED_ORIGINS`,
  };
}

function health(config: RelayConfig): Record<string, unknown> {
  return {
    ok: !config.problem,
    version: __VERSION__,
    upstream: config.baseURL ? new URL(config.baseURL).host : null,
    model: config.model ?? null,
    models: config.allowedModels.length ? config.allowedModels : config.model ? [config.model] : [],
    pinned: config.allowedModels.length === 0,
    keyConfigured: Boolean(config.apiKey),
    ...(config.problem ? { problem: config.problem, providers: PROVIDER_EXAMPLES } : {}),
  };
}

/** Short enough to be shown whole in the panel (which clips messages at 400 characters). */
function notConfiguredMessage(problem: string): string {
  return (
    `${problem} Set LLM_BASE_URL, LLM_MODEL and LLM_API_KEY where the relay runs (.env or environment) and restart it. ` +
    'Works with OpenAI, DeepSeek, Qwen (DashScope), OpenRouter, Ollama (http://localhost:11434/v1, no key) and LM Studio; see docs/relay.md.'
  );
}

function methodNotAllowed(res: ServerResponse, allow: string, headers: Record<string, string>): void {
  sendRelayError(res, 405, 'method_not_allowed', `Use ${allow.split(', ')[0]} here.`, { ...headers, allow });
}
