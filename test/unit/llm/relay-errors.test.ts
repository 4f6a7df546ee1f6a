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
    // The relay's own sentence, said once (not "not configured: ... not configured ...").
    expect(error.message).toBe('LLM_API_KEY is not set on the relay.');
  });

  it('says the relay is not configured when its answer has no message', () => {
    const body = { error: { code: 'relay_not_configured' } };
    const error = classifyHttpError(503, new Headers(), JSON.stringify(body), body, { url: 'http://x', model: 'm' });
    expect(error.message).toBe('The LLM relay is not configured.');
  });

  it('still retries a plain 503', () => {
    const error = classifyHttpError(503, new Headers(), '{}', {}, { url: 'http://x', model: 'm' });
    expect(error.kind).toBe('server');
    expect(error.retryable).toBe(true);
  });
});
