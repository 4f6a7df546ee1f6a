// The relay's request handler: routing, origin policy, rate limit, body cap and model policy in
// front of the forwarder. Knows nothing of how it is mounted or of the process it runs in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MODEL_ALIAS, type RelayConfig } from './config.js';
import { checkOrigin, preflightHeaders } from './cors.js';
import { forwardChatCompletion } from './forward.js';
import { clientAddress, readBody, sendJson, sendRelayError } from './http-io.js';
import { SILENT_LOGGER, scrubbingLogger, type RelayLogger } from './logger.js';
import { scrubText } from './key-scrubber.js';
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
}

/** Builds the handler for one configuration. */
export function createRelayHandler(config: RelayConfig, options: RelayHandlerOptions = {}): RelayHandler {
  const logger = scrubbingLogger(options.logger ?? SILENT_LOGGER, config.apiKey);
  const limiter = createRateLimiter({ ...config.rateLimit, now: options.now });

  return async (req, res, path) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const client = clientAddress(req, config.trustProxy);
    const verdict = checkOrigin(req, config.allowedOrigins, config.trustProxy);
    const log = (status: number, note = '') =>
      logger.info(`${method} ${path} ${status || 'aborted'} ${Date.now() - started}ms client=${client}${verdict.origin ? ` origin=${verdict.origin}` : ''}${note}`);

    if (!verdict.allowed) {
      sendRelayError(
        res,
        403,
        'origin_not_allowed',
        `The origin ${scrubText(verdict.origin ?? '', config.apiKey)} may not use this LLM relay. Add it to RELAY_ALLOWED_ORIGINS on the server.`,
        verdict.headers,
      );
      logger.warn(`refused origin ${verdict.origin} (${method} ${path}); allow it with RELAY_ALLOWED_ORIGINS`);
      return;
    }
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
      sendRelayError(res, 404, 'not_found', `No such relay endpoint: ${scrubText(path, config.apiKey)}. The relay serves POST /chat/completions and GET /health.`, verdict.headers);
      log(404);
      return;
    }
    if (method !== 'POST') return methodNotAllowed(res, 'POST, OPTIONS', verdict.headers);

    if (config.problem) {
      sendRelayError(res, 503, 'relay_not_configured', notConfiguredMessage(config.problem), verdict.headers, {
        providers: PROVIDER_EXAMPLES,
      });
      log(503, ' not configured');
      return;
    }

    const decision = limiter.take(client);
    if (!decision.allowed) {
      const retry = String(decision.retryAfterSeconds);
      sendRelayError(
        res,
        429,
        'rate_limited',
        `Too many requests to the LLM relay from this client; try again in ${retry} s.`,
        { ...verdict.headers, 'retry-after': retry },
      );
      log(429, ' rate limited');
      return;
    }

    const read = await readBody(req, config.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'aborted') return log(0);
      sendRelayError(
        res,
        413,
        'body_too_large',
        `The request body is larger than the relay accepts (${config.maxBodyBytes} bytes, RELAY_MAX_BODY_BYTES).`,
        { ...verdict.headers, connection: 'close' },
      );
      log(413);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(read.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      sendRelayError(res, 400, 'invalid_json', 'The request body must be a JSON object (an OpenAI chat completion request).', verdict.headers);
      log(400, ' invalid json');
      return;
    }

    const chosen = chooseModel(config, (body as { model?: unknown }).model);
    if (!chosen.ok) {
      sendRelayError(res, 400, 'model_not_allowed', chosen.message, verdict.headers, { allowed_models: config.allowedModels });
      log(400, ' model refused');
      return;
    }

    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const status = await forwardChatCompletion(res, {
      baseURL: config.baseURL!,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      body: { ...(body as Record<string, unknown>), model: chosen.model },
      headers: { ...verdict.headers, 'x-relay-model': chosen.model },
      signal: gone.signal,
    });
    log(status, ` model=${chosen.model}${(body as { stream?: unknown }).stream === true ? ' stream' : ''}`);
  };
}

type ModelChoice = { ok: true; model: string } | { ok: false; message: string };

/** Applies the model policy: pinned to `model`, or an allowlist with `model` as the default. */
export function chooseModel(config: Pick<RelayConfig, 'model' | 'allowedModels'>, requested: unknown): ModelChoice {
  const fallback = config.model!;
  if (config.allowedModels.length === 0) return { ok: true, model: fallback };
  if (requested === undefined || requested === null || requested === '' || requested === DEFAULT_MODEL_ALIAS) {
    return { ok: true, model: fallback };
  }
  if (typeof requested === 'string' && config.allowedModels.includes(requested)) return { ok: true, model: requested };
  return {
    ok: false,
    message: `The model ${JSON.stringify(requested).slice(0, 80)} is not allowed by this relay. Allowed: ${config.allowedModels.join(', ')} (LLM_ALLOWED_MODELS), or send "${DEFAULT_MODEL_ALIAS}".`,
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
