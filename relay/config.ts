// Relay configuration from environment variables: upstream, model policy, hosts, origins and limits.
// Missing upstream settings are not fatal (the relay starts and explains); malformed values throw.
import type { BodyPolicy } from './body-policy.js';
import { RELAY_DEFAULTS } from './variables.js';

/** A relay setting with a malformed value; `variable` names it. */
export class RelayConfigError extends Error {
  override name = 'RelayConfigError';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
  }
}

/** Everything the relay needs to serve requests. */
export interface RelayConfig {
  /** Upstream base URL without a trailing slash, e.g. https://api.openai.com/v1 */
  baseURL?: string;
  /** Added server-side as `Authorization: Bearer <apiKey>`; never logged or echoed. */
  apiKey?: string;
  /** The default model: used when the client sends none, and for every request when pinned. */
  model?: string;
  /** Models a client may ask for; empty means the model is pinned to `model`. */
  allowedModels: string[];
  /** Browser origins allowed besides the relay's own; `'*'` allows any. */
  allowedOrigins: string[] | '*';
  /** Forward chat requests without an Origin header (servers, curl); refused by default. */
  allowNoOrigin: boolean;
  /**
   * Host names the relay answers to (lower case, no port); `'*'` any. Undefined means the default:
   * the address the request arrived at, `localhost`, and the hosts of `allowedOrigins`.
   */
  allowedHosts?: string[] | '*';
  /** Caps on output tokens and `n`, and the fields forwarded besides the standard ones. */
  body: BodyPolicy;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Requests per client per window; 0 turns the limit off. */
  rateLimit: { max: number; windowMs: number };
  /** How long the upstream may stay silent (before its headers, and between chunks). */
  timeoutMs: number;
  /** Time a client has to send its request headers. */
  headersTimeoutMs: number;
  /** Time a client has to send its request body once the headers are in. */
  bodyTimeoutMs: number;
  /** Trust X-Forwarded-For / X-Forwarded-Host from a reverse proxy in front of the relay. */
  trustProxy: boolean;
  /** Why the relay cannot forward requests, when it cannot; answered to every chat request. */
  problem?: string;
}

export { RELAY_DEFAULTS, RELAY_VARIABLES, type RelayVariable } from './variables.js';

/** The model name a client may send to mean "whatever the relay's default is". */
export const DEFAULT_MODEL_ALIAS = 'default';

type Env = Record<string, string | undefined>;

/** Builds the relay configuration from environment-style variables (already merged with .env). */
export function loadRelayConfig(env: Env): RelayConfig {
  const baseURL = readBaseURL(env.LLM_BASE_URL);
  const apiKey = nonEmpty(env.LLM_API_KEY);
  const model = nonEmpty(env.LLM_MODEL);
  const allowedModels = list(env.LLM_ALLOWED_MODELS);
  if (model && allowedModels.length > 0 && !allowedModels.includes(model)) allowedModels.unshift(model);

  const origins = list(env.RELAY_ALLOWED_ORIGINS);
  const allowedOrigins = origins.includes('*') ? '*' : origins.map((o) => readOrigin(o));

  const config: RelayConfig = {
    baseURL,
    apiKey,
    model: model ?? allowedModels[0],
    allowedModels,
    allowedOrigins,
    allowNoOrigin: flag(env, 'RELAY_ALLOW_NO_ORIGIN'),
    allowedHosts: readHosts(env.RELAY_HOSTS),
    body: {
      maxTokens: positiveInt(env, 'RELAY_MAX_TOKENS', RELAY_DEFAULTS.maxTokens, 0),
      maxN: positiveInt(env, 'RELAY_MAX_N', RELAY_DEFAULTS.maxN, 1),
      extraFields: readFields(env.RELAY_ALLOWED_FIELDS),
    },
    maxBodyBytes: positiveInt(env, 'RELAY_MAX_BODY_BYTES', RELAY_DEFAULTS.maxBodyBytes, 1),
    rateLimit: {
      max: positiveInt(env, 'RELAY_RATE_LIMIT', RELAY_DEFAULTS.rateLimitMax, 0),
      windowMs: positiveInt(env, 'RELAY_RATE_WINDOW_SECONDS', RELAY_DEFAULTS.rateLimitWindowSeconds, 1) * 1000,
    },
    timeoutMs: positiveInt(env, 'RELAY_TIMEOUT_SECONDS', RELAY_DEFAULTS.timeoutSeconds, 1) * 1000,
    headersTimeoutMs: positiveInt(env, 'RELAY_HEADERS_TIMEOUT_SECONDS', RELAY_DEFAULTS.headersTimeoutSeconds, 1) * 1000,
    bodyTimeoutMs: positiveInt(env, 'RELAY_BODY_TIMEOUT_SECONDS', RELAY_DEFAULTS.bodyTimeoutSeconds, 1) * 1000,
    trustProxy: flag(env, 'RELAY_TRUST_PROXY'),
  };
  config.problem = findProblem(config);
  return config;
}

function findProblem(config: RelayConfig): string | undefined {
  const missing: string[] = [];
  if (!config.baseURL) missing.push('LLM_BASE_URL');
  if (!config.model) missing.push('LLM_MODEL');
  if (!config.apiKey && !(config.baseURL && isLoopbackURL(config.baseURL))) missing.push('LLM_API_KEY');
  if (missing.length === 0) return undefined;
  const what = missing.length === 1 ? `${missing[0]} is` : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)} are`;
  return `The LLM relay has no upstream configured: ${what} not set on the server.`;
}

/** True for http(s) URLs on localhost / 127.0.0.0/8 / ::1, where local servers need no key. */
export function isLoopbackURL(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function readBaseURL(value: string | undefined): string | undefined {
  const raw = nonEmpty(value);
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RelayConfigError('LLM_BASE_URL', 'is not an absolute URL (expected e.g. https://api.openai.com/v1)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RelayConfigError('LLM_BASE_URL', `must be http or https, not ${url.protocol}`);
  }
  // A pasted endpoint URL is forgiven: the relay appends /chat/completions itself.
  return url.href.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
}

function readOrigin(value: string): string {
  try {
    const url = new URL(value);
    if (url.origin === 'null') throw new Error('opaque');
    return url.origin;
  } catch {
    throw new RelayConfigError('RELAY_ALLOWED_ORIGINS', `"${value}" is not an origin (expected e.g. https://app.example.com)`);
  }
}

function readHosts(value: string | undefined): string[] | '*' | undefined {
  const hosts = list(value);
  if (hosts.length === 0) return undefined;
  if (hosts.includes('*')) return '*';
  return hosts.map((raw) => {
    const host = raw.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
    // A bare IPv6 address has colons; anything else with a colon carries a port or a scheme.
    const isIPv6 = /^[0-9a-f:.]+$/.test(host) && host.includes(':');
    if (!isIPv6 && !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host)) {
      throw new RelayConfigError('RELAY_HOSTS', `"${raw}" is not a host name (expected names such as relay.example.com or 10.0.0.5, without a scheme or port)`);
    }
    return host;
  });
}

function readFields(value: string | undefined): string[] | '*' {
  const fields = list(value);
  if (fields.includes('*')) return '*';
  for (const field of fields) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new RelayConfigError('RELAY_ALLOWED_FIELDS', `"${field}" is not a field name (expected names such as top_k)`);
  }
  return fields;
}

function positiveInt(env: Env, name: string, fallback: number, min: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new RelayConfigError(name, `must be a whole number ${min === 0 ? '(0 or more)' : `of at least ${min}`}, got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new RelayConfigError(name, `must be 1/true/yes or 0/false/no, got "${raw}"`);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
