// Turns an incoming chat request into the body to forward: reads it under the size cap and the
// body deadline, parses it, applies the model policy and the body policy. Refusals are values.
import type { IncomingMessage } from 'node:http';
import { applyBodyPolicy } from './body-policy.js';
import { DEFAULT_MODEL_ALIAS, type RelayConfig } from './config.js';
import { readBody, type Refusal } from './http-io.js';
import { scrubText } from './key-scrubber.js';

/** A request ready to forward: the body (model set), its size, and the headers naming what the relay changed. */
export interface PreparedRequest {
  body: Record<string, unknown>;
  model: string;
  /** Bytes of the request as received, for the token estimate of a budget. */
  bytes: number;
  /** `x-relay-capped` / `x-relay-dropped` when the body policy changed something. */
  changes: Record<string, string>;
}

/** Reads and checks the body; `'aborted'` when the client went away while sending it. */
export async function prepareChatRequest(req: IncomingMessage, config: RelayConfig): Promise<PreparedRequest | Refusal | 'aborted'> {
  const read = await readBody(req, config.maxBodyBytes, config.bodyTimeoutMs);
  if (!read.ok) {
    if (read.reason === 'aborted') return 'aborted';
    if (read.reason === 'timeout') {
      return {
        status: 408,
        code: 'body_timeout',
        message: `The request body did not arrive within ${config.bodyTimeoutMs / 1000} s (RELAY_BODY_TIMEOUT_SECONDS).`,
        headers: { connection: 'close' },
        note: ' body timeout',
      };
    }
    return {
      status: 413,
      code: 'body_too_large',
      message: `The request body is larger than the relay accepts (${config.maxBodyBytes} bytes, RELAY_MAX_BODY_BYTES).`,
      headers: { connection: 'close' },
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(read.body.toString('utf8'));
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { status: 400, code: 'invalid_json', message: 'The request body must be a JSON object (an OpenAI chat completion request).', note: ' invalid json' };
  }

  const chosen = chooseModel(config, (body as { model?: unknown }).model);
  if (!chosen.ok) return { status: 400, code: 'model_not_allowed', message: chosen.message, extra: { allowed_models: config.allowedModels }, note: ' model refused' };

  const shaped = applyBodyPolicy(body as Record<string, unknown>, config.body, chosen.model, config.baseURL!);
  if (!shaped.ok) return { status: 400, code: 'invalid_field', message: shaped.message, extra: { param: shaped.field }, note: ` invalid ${shaped.field}` };
  const changes: Record<string, string> = {};
  if (shaped.capped.length) changes['x-relay-capped'] = shaped.capped.join(', ');
  if (shaped.dropped.length) changes['x-relay-dropped'] = headerList(shaped.dropped, config.apiKey);
  return { body: { ...shaped.body, model: chosen.model }, model: chosen.model, bytes: read.body.length, changes };
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

/** Client-chosen field names as a header value: printable ASCII only (anything else would throw in writeHead), bounded. */
function headerList(names: string[], secret: string | undefined): string {
  return names
    .map((name) => scrubText(name, secret).replace(/[^\x21-\x7e]/g, '?').slice(0, 60))
    .join(', ')
    .slice(0, 500);
}
