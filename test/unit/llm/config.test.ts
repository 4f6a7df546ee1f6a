// @vitest-environment node
// Config validation and the baseURL → /chat/completions rule (src/llm/endpoint.ts documents it).
import { describe, expect, it } from 'vitest';
import { buildChatCompletionsURL, LLM, LLMError, resolveLLMConfig } from '../../../src/llm/index.js';

function configError(run: () => unknown): LLMError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LLMError);
    expect((error as LLMError).kind).toBe('config');
    expect((error as LLMError).retryable).toBe(false);
    return error as LLMError;
  }
  throw new Error('expected a config error');
}

describe('buildChatCompletionsURL', () => {
  it.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/v1/chat/completions'],
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1/chat/completions'],
    ['https://api.openai.com/v1///', 'https://api.openai.com/v1/chat/completions'],
    // A bare origin gets /v1: DeepSeek serves both, Ollama and LM Studio only /v1.
    ['https://api.deepseek.com', 'https://api.deepseek.com/v1/chat/completions'],
    ['https://api.deepseek.com/', 'https://api.deepseek.com/v1/chat/completions'],
    ['http://localhost:11434', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1', 'http://localhost:11434/v1/chat/completions'],
    // Provider roots with their own path are kept as documented.
    ['https://open.bigmodel.cn/api/paas/v4', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    ['https://dashscope.aliyuncs.com/compatible-mode/v1', 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
    ['https://generativelanguage.googleapis.com/v1beta/openai/', 'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions'],
    // A pasted full endpoint is used as is.
    ['https://example.com/v1/chat/completions', 'https://example.com/v1/chat/completions'],
    ['https://example.com/v1/chat/completions/', 'https://example.com/v1/chat/completions'],
    // A same-origin relay path.
    ['/api/llm', '/api/llm/chat/completions'],
    ['  https://api.openai.com/v1  ', 'https://api.openai.com/v1/chat/completions'],
  ])('%s → %s', (baseURL, expected) => {
    expect(buildChatCompletionsURL(baseURL)).toBe(expected);
  });

  it.each([undefined, '', '   ', 42])('rejects a missing baseURL (%s) naming the field', (baseURL) => {
    expect(configError(() => buildChatCompletionsURL(baseURL)).message).toContain('`baseURL` is required');
  });

  it('rejects an unparsable baseURL', () => {
    expect(configError(() => buildChatCompletionsURL('http://exa mple.com')).message).toContain('`baseURL` is not a valid URL');
  });

  it('rejects a baseURL without http(s)', () => {
    expect(configError(() => buildChatCompletionsURL('localhost:11434')).message).toContain('`baseURL` must start with http:// or https://');
    expect(configError(() => buildChatCompletionsURL('ftp://example.com/v1')).message).toContain('`baseURL`');
  });

  it('rejects a query string, where API keys must never go', () => {
    expect(configError(() => buildChatCompletionsURL('https://example.com/v1?key=sk-123')).message).toContain('never put an API key in a URL');
  });
});

describe('resolveLLMConfig', () => {
  it('applies the defaults: 2 retries, 120 s timeout', () => {
    const config = resolveLLMConfig({ baseURL: 'https://api.openai.com/v1', model: ' gpt-4.1 ' });
    expect(config.maxRetries).toBe(2);
    expect(config.timeout).toBe(120_000);
    expect(config.model).toBe('gpt-4.1');
    expect(config.endpoint).toBe('https://api.openai.com/v1/chat/completions');
  });

  it.each([undefined, '', '  '])('rejects an empty model (%s) naming the field', (model) => {
    expect(configError(() => new LLM({ baseURL: 'https://x.test/v1', model: model as string })).message).toContain('`model` is required');
  });

  it.each([
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['timeout', { timeout: 0 }],
    ['timeout', { timeout: Number.NaN }],
    ['retryDelay', { retryDelay: -5 }],
    ['apiKey', { apiKey: 123 }],
    ['customFetch', { customFetch: 'fetch' }],
    ['transformRequestBody', { transformRequestBody: {} }],
    ['headers', { headers: 'x' }],
  ])('names %s when it is invalid', (field, extra) => {
    const error = configError(() => new LLM({ baseURL: 'https://x.test/v1', model: 'm', ...(extra as object) }));
    expect(error.message).toContain(`\`${field}\``);
  });

  it('throws a config error for a missing config object', () => {
    configError(() => new LLM(undefined as never));
  });

  it('logs with console.debug only when debug is true', () => {
    const quiet = resolveLLMConfig({ baseURL: 'https://x.test', model: 'm' });
    const lines: string[] = [];
    const custom = resolveLLMConfig({ baseURL: 'https://x.test', model: 'm', debug: (message) => lines.push(message) });
    quiet.log('nothing');
    custom.log('hello');
    expect(lines).toEqual(['hello']);
  });
});
