// The relay's environment variables: names, defaults and one-line meanings, as docs/configuration.md
// renders them. Data only; relay/config.ts reads the values.

/** Defaults for the limits; documented in docs/relay.md. */
export const RELAY_DEFAULTS = {
  maxBodyBytes: 2 * 1024 * 1024,
  rateLimitMax: 60,
  rateLimitWindowSeconds: 60,
  timeoutSeconds: 90,
  headersTimeoutSeconds: 10,
  bodyTimeoutSeconds: 30,
  maxTokens: 8192,
  maxN: 1,
} as const;

/** One environment variable the relay reads: what docs/configuration.md renders. */
export interface RelayVariable {
  name: string;
  default?: string;
  description: string;
}

/** Every variable the relay reads, with its default (the CLI's --port/--host/--env-file override some). */
export const RELAY_VARIABLES: readonly RelayVariable[] = [
  { name: 'LLM_BASE_URL', description: 'Upstream API root, e.g. https://api.openai.com/v1 (a pasted …/chat/completions is trimmed).' },
  { name: 'LLM_API_KEY', description: 'Upstream key, sent as `Authorization: Bearer`; never logged, echoed or sent to the browser. Optional for loopback upstreams (Ollama, LM Studio).' },
  { name: 'LLM_MODEL', description: 'The default model. Without LLM_ALLOWED_MODELS every request is pinned to it, whatever the page asks for.' },
  { name: 'LLM_ALLOWED_MODELS', description: 'Comma-separated models a page may choose; a missing model or `"default"` gets LLM_MODEL, anything else is refused with 400.' },
  { name: 'RELAY_ALLOWED_ORIGINS', default: '(own origin only)', description: "Comma-separated browser origins allowed besides the relay's own, or `*`. Other origins get 403. An origin check is not authentication: see RELAY_TOKEN_SECRET and RELAY_VERIFY_URL." },
  { name: 'RELAY_ALLOW_NO_ORIGIN', default: 'false', description: 'Forward chat requests that carry no Origin header (curl, servers). Off: they get 403 `origin_required`, since browsers always send Origin on POST.' },
  { name: 'RELAY_HOSTS', default: '(listen address, localhost, hosts of RELAY_ALLOWED_ORIGINS)', description: 'Comma-separated host names the relay answers to (the `Host` header, or `X-Forwarded-Host` with RELAY_TRUST_PROXY), or `*`. Other hosts get 421, which stops DNS-rebinding pages.' },
  { name: 'RELAY_MAX_BODY_BYTES', default: String(RELAY_DEFAULTS.maxBodyBytes), description: 'Largest request body accepted; larger ones get 413.' },
  { name: 'RELAY_MAX_TOKENS', default: String(RELAY_DEFAULTS.maxTokens), description: 'Cap on `max_tokens` / `max_completion_tokens`: larger values are lowered to it, and a request without either gets it (as `max_completion_tokens` for OpenAI and its o-series/GPT-5 models, else `max_tokens`). 0 turns the cap off.' },
  { name: 'RELAY_MAX_N', default: String(RELAY_DEFAULTS.maxN), description: 'Cap on `n` (answers per request); larger values are lowered to it.' },
  { name: 'RELAY_ALLOWED_FIELDS', default: '(none)', description: 'Comma-separated top-level body fields to forward besides the standard ones (docs/relay.md lists them), or `*` for every field. Other fields are dropped and named in `x-relay-dropped`.' },
  { name: 'RELAY_HEADERS_TIMEOUT_SECONDS', default: String(RELAY_DEFAULTS.headersTimeoutSeconds), description: 'Time a client has to send its request headers; slower connections are closed (408).' },
  { name: 'RELAY_BODY_TIMEOUT_SECONDS', default: String(RELAY_DEFAULTS.bodyTimeoutSeconds), description: 'Time a client has to send its request body once the headers are in; then 408 and the connection is closed.' },
  { name: 'RELAY_RATE_LIMIT', default: String(RELAY_DEFAULTS.rateLimitMax), description: 'Requests per client per window (token bucket); 0 turns the limit off. Over the limit: 429 with Retry-After.' },
  { name: 'RELAY_RATE_WINDOW_SECONDS', default: String(RELAY_DEFAULTS.rateLimitWindowSeconds), description: 'The rate-limit window in seconds.' },
  { name: 'RELAY_TIMEOUT_SECONDS', default: String(RELAY_DEFAULTS.timeoutSeconds), description: 'How long the upstream may stay silent, before its first byte and between streamed chunks; then 504.' },
  { name: 'RELAY_TRUST_PROXY', default: 'false', description: 'Behind nginx: identify clients by the last X-Forwarded-For entry, and the host and own origin by X-Forwarded-Host.' },
  { name: 'RELAY_PORT', default: '8787', description: 'Port of `drop-in-page-agent relay` (`--port` wins; the demo uses PORT, default 5173).' },
  { name: 'RELAY_HOST', default: '127.0.0.1', description: 'Address of `drop-in-page-agent relay` (`--host` wins; the demo uses HOST).' },
];
