// @vitest-environment node
// One test per row of the model-quirk table, on the request body the client really sends.
import { describe, expect, it } from 'vitest';
import { findModelQuirks, LLM, MODEL_QUIRKS, normalizeModelName } from '../../../src/llm/index.js';
import { jsonResponse, MACRO, USER, macroTool, stubFetch, toolCallBody } from './helpers.js';

const NAMED = { type: 'function', function: { name: 'AgentOutput' } };
const DONE_ARGS = { action: { done: { text: 'ok' } } };

/** The body the client sends for a model at a baseURL. */
async function bodyFor(model: string, baseURL = 'https://gateway.example/v1', extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const customFetch = stubFetch(jsonResponse(toolCallBody('AgentOutput', DONE_ARGS)));
  await new LLM({ baseURL, model, customFetch, ...extra }).invoke(USER, macroTool().tools, undefined, { toolChoiceName: 'AgentOutput', macro: MACRO });
  return customFetch.requests[0]!.body;
}

const ids = (model: string, baseURL = 'https://gateway.example/v1/chat/completions') => findModelQuirks(model, baseURL).map((q) => q.id);

describe('normalizeModelName', () => {
  it.each([
    ['openai/GPT-5.1', 'gpt-5-1'],
    ['accounts/fireworks/models/qwen3-235b-a22b', 'qwen3-235b-a22b'],
    ['qwen3:8b', 'qwen3'],
    ['claude-3-7-sonnet:thinking', 'claude-3-7-sonnet-thinking'],
    ['GLM_4.5', 'glm-4-5'],
  ])('%s → %s', (model, expected) => {
    expect(normalizeModelName(model)).toBe(expected);
  });
});

describe('model quirks', () => {
  it('leaves an unknown model alone: named tool_choice, parallel_tool_calls false, nothing added', async () => {
    const body = await bodyFor('gpt-4.1-mini');
    expect(ids('gpt-4.1-mini')).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'parallel_tool_calls', 'tool_choice', 'tools']);
    expect(body.tool_choice).toEqual(NAMED);
  });

  it('qwen: disables thinking', async () => {
    for (const model of ['qwen3-max', 'Qwen/Qwen3-32B', 'qwq-plus']) expect(ids(model)).toEqual(['qwen']);
    const body = await bodyFor('qwen-plus');
    expect(body.enable_thinking).toBe(false);
    expect(body.tool_choice).toEqual(NAMED);
  });

  it('deepseek: disables thinking so the forced choice is accepted; reasoner sends no tool_choice', async () => {
    const chat = await bodyFor('deepseek-v4-flash');
    expect(chat.thinking).toEqual({ type: 'disabled' });
    expect(chat.tool_choice).toEqual(NAMED);
    const reasoner = await bodyFor('deepseek-reasoner');
    expect(reasoner).not.toHaveProperty('tool_choice');
    expect(reasoner).not.toHaveProperty('thinking');
    expect(await bodyFor('deepseek/deepseek-r1')).not.toHaveProperty('tool_choice');
  });

  it('gpt-5: minimal reasoning for 5.0, none for 5.1+, no temperature; gpt-5-chat untouched', async () => {
    expect((await bodyFor('gpt-5-mini')).reasoning_effort).toBe('minimal');
    const five1 = await bodyFor('gpt-5.1', undefined, { temperature: 0.2 });
    expect(five1.reasoning_effort).toBe('none');
    expect(five1).not.toHaveProperty('temperature');
    expect(ids('gpt-5-chat-latest')).toEqual([]);
  });

  it('o-series: no parallel_tool_calls, no temperature, low reasoning', async () => {
    for (const model of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'openai/o3']) expect(ids(model)).toEqual(['o-series']);
    expect(ids('omni-moderation')).toEqual([]);
    const body = await bodyFor('o4-mini', undefined, { temperature: 0 });
    expect(body).not.toHaveProperty('parallel_tool_calls');
    expect(body).not.toHaveProperty('temperature');
    expect(body.reasoning_effort).toBe('low');
    expect(body.tool_choice).toEqual(NAMED);
  });

  it('claude via a gateway: named choice normally, "auto" for thinking variants', async () => {
    expect((await bodyFor('anthropic/claude-sonnet-4.5', 'https://openrouter.ai/api/v1')).tool_choice).toEqual(NAMED);
    expect((await bodyFor('anthropic/claude-3.7-sonnet:thinking', 'https://openrouter.ai/api/v1')).tool_choice).toBe('auto');
  });

  it('gemini: no parallel_tool_calls; reasoning none on 2.5 Flash, low elsewhere', async () => {
    const flash = await bodyFor('gemini-2.5-flash', 'https://generativelanguage.googleapis.com/v1beta/openai');
    expect(flash).not.toHaveProperty('parallel_tool_calls');
    expect(flash.reasoning_effort).toBe('none');
    expect((await bodyFor('google/gemini-2.5-pro')).reasoning_effort).toBe('low');
  });

  it('glm: tool_choice auto and thinking disabled', async () => {
    const body = await bodyFor('glm-4.6', 'https://open.bigmodel.cn/api/paas/v4');
    expect(body.tool_choice).toBe('auto');
    expect(body.thinking).toEqual({ type: 'disabled' });
  });

  it('kimi: thinking disabled on K2; K3 uses "required" without parallel_tool_calls', async () => {
    const k2 = await bodyFor('kimi-k2.6');
    expect(k2.thinking).toEqual({ type: 'disabled' });
    expect(k2.tool_choice).toEqual(NAMED);
    const k3 = await bodyFor('moonshotai/kimi-k3');
    expect(k3.tool_choice).toBe('required');
    expect(k3).not.toHaveProperty('parallel_tool_calls');
    expect(k3).not.toHaveProperty('thinking');
  });

  it('ollama: "required" instead of a named choice, reasoning_effort none (low for gpt-oss)', async () => {
    const body = await bodyFor('llama3.1:8b', 'http://localhost:11434');
    expect(ids('llama3.1:8b', 'http://localhost:11434/v1/chat/completions')).toEqual(['ollama']);
    expect(body.tool_choice).toBe('required');
    expect(body.reasoning_effort).toBe('none');
    expect((await bodyFor('gpt-oss:20b', 'http://127.0.0.1:11434/v1')).reasoning_effort).toBe('low');
    // Model rows still apply on Ollama; the server row decides tool_choice.
    expect(ids('qwen3:8b', 'http://localhost:11434/v1/chat/completions')).toEqual(['qwen', 'ollama']);
  });

  it('lm studio: "required" instead of a named choice', async () => {
    expect((await bodyFor('qwen/qwen3-4b', 'http://localhost:1234/v1')).tool_choice).toBe('required');
    expect(ids('m', 'https://api.example.com:1234/v1/chat/completions')).toEqual([]);
  });

  it('vllm: keeps the named choice and switches hybrid thinking off in chat_template_kwargs', async () => {
    const body = await bodyFor('meta-llama/Llama-3.3-70B-Instruct', 'http://127.0.0.1:8000/v1');
    expect(body.tool_choice).toEqual(NAMED);
    expect(body.chat_template_kwargs).toEqual({ enable_thinking: false });
  });

  it('has a test above for every row', () => {
    expect(MODEL_QUIRKS.map((q) => q.id)).toEqual(['qwen', 'deepseek', 'gpt-5', 'o-series', 'claude', 'gemini', 'glm', 'kimi', 'ollama', 'lm-studio', 'vllm']);
  });

  it('lets transformRequestBody override any quirk', async () => {
    const body = await bodyFor('glm-4.6', undefined, {
      transformRequestBody: (b: Record<string, unknown>) => ({ ...b, tool_choice: 'required', thinking: { type: 'enabled' } }),
    });
    expect(body.tool_choice).toBe('required');
    expect(body.thinking).toEqual({ type: 'enabled' });
  });

  it('logs each applied quirk at debug level', async () => {
    const lines: string[] = [];
    await bodyFor('qwen-plus', undefined, { debug: (line: string) => lines.push(line) });
    expect(lines).toContain('quirk qwen applied for model "qwen-plus"');
  });
});
