// @vitest-environment node
// The relay's "not configured" answer is a config error: shown at once, never retried.
import { describe, expect, it } from 'vitest';
import { classifyHttpError } from '../../../src/llm/http-errors.js';

describe('classifyHttpError', () => {
  it('treats relay_not_configured as a non-retryable config error that keeps the relay message', () => {
    const body = { error: { message: 'LLM_API_KEY is not set on the relay.', code: 'relay_not_configured', type: 'relay_error' } };
    const error = classifyHttpError(503, new Headers(), JSON.stringify(body), body, { url: 'http://x/api/llm/chat/completions', model: 'm' });
    expect(error.kind).toBe('config');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('LLM_API_KEY is not set on the relay.');
  });

  it('still retries a plain 503', () => {
    const error = classifyHttpError(503, new Headers(), '{}', {}, { url: 'http://x', model: 'm' });
    expect(error.kind).toBe('server');
    expect(error.retryable).toBe(true);
  });
});
