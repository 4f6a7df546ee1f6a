// @vitest-environment node
// The relay's body policy (#19): output-token and `n` caps, and unknown top-level fields dropped.
import { describe, expect, it } from 'vitest';
import { applyBodyPolicy, FORWARDED_FIELDS, outputTokenField, type BodyPolicy } from '../../../relay/body-policy.js';

const POLICY: BodyPolicy = { maxTokens: 8192, maxN: 1, extraFields: [] };
const OPENROUTER = 'https://openrouter.ai/api/v1';
const messages = [{ role: 'user', content: 'hi' }];

describe('applyBodyPolicy', () => {
  it('lowers max_tokens, max_completion_tokens and n to their caps and names what it changed', () => {
    const result = applyBodyPolicy({ messages, max_tokens: 100_000, max_completion_tokens: 9000, n: 8 }, POLICY, 'm', OPENROUTER);
    expect(result).toEqual({
      ok: true,
      body: { messages, max_tokens: 8192, max_completion_tokens: 8192, n: 1 },
      capped: ['max_tokens=8192', 'max_completion_tokens=8192', 'n=1'],
      dropped: [],
    });
  });

  it('keeps values under the caps as they are', () => {
    expect(applyBodyPolicy({ messages, max_tokens: 500, n: 1 }, POLICY, 'm', OPENROUTER)).toEqual({ ok: true, body: { messages, max_tokens: 500, n: 1 }, capped: [], dropped: [] });
  });

  it('inserts the cap when the client sets none, in the field the upstream understands', () => {
    expect(applyBodyPolicy({ messages }, POLICY, 'qwen-plus', 'https://dashscope.aliyuncs.com/compatible-mode/v1')).toMatchObject({ body: { max_tokens: 8192 } });
    expect(applyBodyPolicy({ messages }, POLICY, 'gpt-4.1-mini', 'https://api.openai.com/v1')).toMatchObject({ body: { max_completion_tokens: 8192 } });
    expect(applyBodyPolicy({ messages }, POLICY, 'openai/o4-mini', OPENROUTER)).toMatchObject({ body: { max_completion_tokens: 8192 } });
    // null means "the model's maximum": the cap takes its place.
    const nulled = applyBodyPolicy({ messages, max_tokens: null }, POLICY, 'm', OPENROUTER);
    expect(nulled).toEqual({ ok: true, body: { messages, max_tokens: 8192 }, capped: [], dropped: [] });
  });

  it('forwards any value, and inserts nothing, when the token cap is off', () => {
    const off = { ...POLICY, maxTokens: 0 };
    expect(applyBodyPolicy({ messages }, off, 'm', OPENROUTER)).toEqual({ ok: true, body: { messages }, capped: [], dropped: [] });
    expect(applyBodyPolicy({ messages, max_tokens: 100_000 }, off, 'm', OPENROUTER)).toMatchObject({ body: { max_tokens: 100_000 }, capped: [] });
  });

  it('refuses a cap field that is not a positive whole number, naming it', () => {
    for (const [field, value] of [['max_tokens', '100000'], ['max_completion_tokens', -5], ['n', 2.5], ['n', 0]] as const) {
      const result = applyBodyPolicy({ messages, [field]: value }, POLICY, 'm', OPENROUTER);
      expect(result).toEqual({ ok: false, field, message: `The request's ${field} must be a whole number of at least 1, got ${JSON.stringify(value)}.` });
    }
  });

  it('drops top-level fields outside the standard list unless RELAY_ALLOWED_FIELDS names them', () => {
    const input = { messages, store: true, metadata: { a: 1 }, service_tier: 'priority', web_search_options: {}, audio: {}, modalities: ['audio'], custom: 1, max_tokens: 10 };
    expect(applyBodyPolicy(input, POLICY, 'm', OPENROUTER)).toEqual({
      ok: true,
      body: { messages, max_tokens: 10 },
      capped: [],
      dropped: ['store', 'metadata', 'service_tier', 'web_search_options', 'audio', 'modalities', 'custom'],
    });
    expect(applyBodyPolicy(input, { ...POLICY, extraFields: ['custom', 'store'] }, 'm', OPENROUTER)).toMatchObject({
      body: { messages, max_tokens: 10, custom: 1, store: true },
      dropped: ['metadata', 'service_tier', 'web_search_options', 'audio', 'modalities'],
    });
    expect(applyBodyPolicy(input, { ...POLICY, extraFields: '*' }, 'm', OPENROUTER)).toMatchObject({ body: input, dropped: [] });
  });

  it('lets through every field the agent client sends, model quirks included', () => {
    const client = { model: 'qwen3', messages, tools: [], tool_choice: 'required', parallel_tool_calls: false, temperature: 0, enable_thinking: false, thinking: { type: 'disabled' }, reasoning_effort: 'none', chat_template_kwargs: {} };
    const result = applyBodyPolicy(client, POLICY, 'qwen3', OPENROUTER);
    expect(result).toMatchObject({ ok: true, dropped: [] });
    for (const field of Object.keys(client)) expect(FORWARDED_FIELDS).toContain(field);
  });

  it('does not change the body it was given', () => {
    const input = { messages, n: 3 };
    applyBodyPolicy(input, POLICY, 'm', OPENROUTER);
    expect(input).toEqual({ messages, n: 3 });
  });
});

describe('outputTokenField', () => {
  it('picks max_completion_tokens for OpenAI and reasoning models, max_tokens elsewhere', () => {
    expect(outputTokenField('gpt-5-mini', 'https://gw.example/v1')).toBe('max_completion_tokens');
    expect(outputTokenField('o3', 'https://gw.example/v1')).toBe('max_completion_tokens');
    expect(outputTokenField('deepseek-chat', 'https://api.deepseek.com/v1')).toBe('max_tokens');
    expect(outputTokenField('qwen2.5:7b', 'http://localhost:11434/v1')).toBe('max_tokens');
    expect(outputTokenField('gpt-4o', 'https://api.openai.com/v1')).toBe('max_completion_tokens');
  });
});
