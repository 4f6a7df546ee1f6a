// @vitest-environment node
// Relay configuration from the environment, and the model policy (pinned or allowlist).
import { describe, expect, it } from 'vitest';
import { loadRelayConfig, RelayConfigError } from '../../../relay/config.js';
import { chooseModel } from '../../../relay/prepare-request.js';

const OPENAI = { LLM_BASE_URL: 'https://api.openai.com/v1/', LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4.1-mini' };

describe('loadRelayConfig', () => {
  it('reads the upstream and applies documented defaults', () => {
    const config = loadRelayConfig(OPENAI);
    expect(config).toMatchObject({
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4.1-mini',
      allowedModels: [],
      allowedOrigins: [],
      maxBodyBytes: 2 * 1024 * 1024,
      rateLimit: { max: 60, windowMs: 60_000 },
      timeoutMs: 90_000,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 30_000,
      allowNoOrigin: false,
      allowedHosts: undefined,
      trustProxy: false,
    });
    expect(config.problem).toBeUndefined();
  });

  it('forgives a base URL that already ends in /chat/completions', () => {
    expect(loadRelayConfig({ ...OPENAI, LLM_BASE_URL: 'https://x.example/v1/chat/completions' }).baseURL).toBe('https://x.example/v1');
  });

  it('names every missing upstream variable in the problem instead of throwing', () => {
    expect(loadRelayConfig({}).problem).toBe(
      'The LLM relay has no upstream configured: LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are not set on the server.',
    );
    expect(loadRelayConfig({ ...OPENAI, LLM_API_KEY: ' ' }).problem).toMatch(/: LLM_API_KEY is not set/);
  });

  it('needs no key for a loopback upstream such as Ollama or LM Studio', () => {
    expect(loadRelayConfig({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'qwen2.5:7b' }).problem).toBeUndefined();
    expect(loadRelayConfig({ LLM_BASE_URL: 'http://127.0.0.1:1234/v1', LLM_MODEL: 'm' }).problem).toBeUndefined();
    expect(loadRelayConfig({ LLM_BASE_URL: 'http://192.168.1.5:11434/v1', LLM_MODEL: 'm' }).problem).toMatch(/LLM_API_KEY/);
  });

  it('adds the default model to an allowlist that lacks it', () => {
    const config = loadRelayConfig({ ...OPENAI, LLM_ALLOWED_MODELS: 'gpt-4.1, o4-mini' });
    expect(config.allowedModels).toEqual(['gpt-4.1-mini', 'gpt-4.1', 'o4-mini']);
  });

  it('takes the first allowed model as the default when LLM_MODEL is unset', () => {
    const config = loadRelayConfig({ ...OPENAI, LLM_MODEL: '', LLM_ALLOWED_MODELS: 'a,b' });
    expect(config.model).toBe('a');
    expect(config.problem).toBeUndefined();
  });

  it('normalises allowed origins and accepts *', () => {
    expect(loadRelayConfig({ RELAY_ALLOWED_ORIGINS: 'https://app.example.com/, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    expect(loadRelayConfig({ RELAY_ALLOWED_ORIGINS: '*' }).allowedOrigins).toBe('*');
  });

  it('throws a RelayConfigError naming the variable for malformed values', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ LLM_BASE_URL: 'api.openai.com' }, /^LLM_BASE_URL: is not an absolute URL/],
      [{ LLM_BASE_URL: 'ftp://x/v1' }, /^LLM_BASE_URL: must be http or https/],
      [{ RELAY_ALLOWED_ORIGINS: 'example.com' }, /^RELAY_ALLOWED_ORIGINS: "example.com" is not an origin/],
      [{ RELAY_RATE_LIMIT: 'lots' }, /^RELAY_RATE_LIMIT: must be a whole number \(0 or more\), got "lots"/],
      [{ RELAY_MAX_BODY_BYTES: '0' }, /^RELAY_MAX_BODY_BYTES: must be a whole number of at least 1/],
      [{ RELAY_TIMEOUT_SECONDS: '1.5' }, /^RELAY_TIMEOUT_SECONDS/],
      [{ RELAY_TRUST_PROXY: 'maybe' }, /^RELAY_TRUST_PROXY: must be 1\/true\/yes or 0\/false\/no/],
      [{ RELAY_ALLOW_NO_ORIGIN: 'sometimes' }, /^RELAY_ALLOW_NO_ORIGIN: must be 1\/true\/yes/],
      [{ RELAY_HOSTS: 'relay.example.com:8787' }, /^RELAY_HOSTS: "relay.example.com:8787" is not a host name \(expected names such as relay.example.com or 10.0.0.5, without a scheme or port\)/],
      [{ RELAY_HOSTS: 'https://relay.example.com' }, /^RELAY_HOSTS: "https:\/\/relay.example.com" is not a host name/],
      [{ RELAY_HEADERS_TIMEOUT_SECONDS: '0' }, /^RELAY_HEADERS_TIMEOUT_SECONDS: must be a whole number of at least 1, got "0"/],
      [{ RELAY_BODY_TIMEOUT_SECONDS: 'soon' }, /^RELAY_BODY_TIMEOUT_SECONDS/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadRelayConfig(env)).toThrow(RelayConfigError);
      expect(() => loadRelayConfig(env)).toThrow(message);
    }
  });

  it('does not echo a malformed base URL, which may carry a key', () => {
    expect(() => loadRelayConfig({ LLM_BASE_URL: 'not a url?key=sk-secret' })).toThrow(/^(?!.*sk-secret)/);
  });

  it('reads limits, client deadlines and the proxy and no-Origin flags', () => {
    const config = loadRelayConfig({
      RELAY_RATE_LIMIT: '0',
      RELAY_RATE_WINDOW_SECONDS: '10',
      RELAY_TIMEOUT_SECONDS: '5',
      RELAY_MAX_BODY_BYTES: '1000',
      RELAY_TRUST_PROXY: 'true',
      RELAY_ALLOW_NO_ORIGIN: 'yes',
      RELAY_HEADERS_TIMEOUT_SECONDS: '3',
      RELAY_BODY_TIMEOUT_SECONDS: '4',
    });
    expect(config).toMatchObject({
      rateLimit: { max: 0, windowMs: 10_000 },
      timeoutMs: 5000,
      maxBodyBytes: 1000,
      trustProxy: true,
      allowNoOrigin: true,
      headersTimeoutMs: 3000,
      bodyTimeoutMs: 4000,
    });
  });
});

describe('chooseModel', () => {
  const pinned = { model: 'gpt-4.1-mini', allowedModels: [] };
  const listed = { model: 'gpt-4.1-mini', allowedModels: ['gpt-4.1-mini', 'gpt-4.1'] };

  it('pins every request to the default model when there is no allowlist', () => {
    expect(chooseModel(pinned, 'gpt-5-pro')).toEqual({ ok: true, model: 'gpt-4.1-mini' });
    expect(chooseModel(pinned, undefined)).toEqual({ ok: true, model: 'gpt-4.1-mini' });
  });

  it('uses the default for a missing, empty or "default" model under an allowlist', () => {
    for (const requested of [undefined, null, '', 'default']) expect(chooseModel(listed, requested)).toEqual({ ok: true, model: 'gpt-4.1-mini' });
  });

  it('passes an allowed model and refuses another, listing what is allowed', () => {
    expect(chooseModel(listed, 'gpt-4.1')).toEqual({ ok: true, model: 'gpt-4.1' });
    const refused = chooseModel(listed, 'o3-pro');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toBe(
      'The model "o3-pro" is not allowed by this relay. Allowed: gpt-4.1-mini, gpt-4.1 (LLM_ALLOWED_MODELS), or send "default".',
    );
  });
});
