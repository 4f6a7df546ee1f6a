// Reading the bundle's settings from its <script> tag: data-*, data-config, page-agent query parameters.
import { describe, expect, it } from 'vitest';
import { missingSettings, readScriptSettings } from '../../../src/config/index.js';

function tag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

describe('readScriptSettings', () => {
  it('reads data attributes', () => {
    const settings = readScriptSettings(
      tag({ 'data-model': 'gpt-4.1-mini', 'data-base-url': 'https://relay.test/v1', 'data-language': 'zh-CN', 'data-max-steps': '12', 'data-show-panel': 'false' }),
    );
    expect(settings.config).toEqual({ model: 'gpt-4.1-mini', baseURL: 'https://relay.test/v1', language: 'zh-CN', maxSteps: 12 });
    expect(settings).toMatchObject({ autoInit: true, showPanel: false, warnings: [] });
    expect(settings.error).toBeUndefined();
  });

  it('reads data-remember-tasks as the rememberTasks option, above data-config', () => {
    expect(readScriptSettings(tag({ 'data-remember-tasks': 'false' })).config).toEqual({ rememberTasks: false });
    expect(readScriptSettings(tag({ 'data-config': '{"rememberTasks": false}', 'data-remember-tasks': 'true' })).config).toEqual({ rememberTasks: true });
    expect(readScriptSettings(tag({})).config).not.toHaveProperty('rememberTasks');
  });

  it('merges data-config under the individual attributes', () => {
    const settings = readScriptSettings(tag({ 'data-config': '{"maxSteps": 5, "model": "a", "stepDelay": 0.2}', 'data-model': 'b' }));
    expect(settings.config).toEqual({ maxSteps: 5, model: 'b', stepDelay: 0.2 });
  });

  it('reports invalid data-config JSON naming the attribute', () => {
    const settings = readScriptSettings(tag({ 'data-config': '{maxSteps: 5}' }));
    expect(settings.error?.attribute).toBe('data-config');
    expect(settings.error?.message).toMatch(/data-config is not valid JSON/);
  });

  it('rejects data-config that is not an object and data-max-steps that is not a whole number', () => {
    expect(readScriptSettings(tag({ 'data-config': '[1]' })).error?.attribute).toBe('data-config');
    expect(readScriptSettings(tag({ 'data-max-steps': 'ten' })).error?.attribute).toBe('data-max-steps');
  });

  it("reads page-agent's query parameters and warns about a key in the URL", () => {
    const script = tag({ src: 'https://cdn.test/page-agent.iife.js?model=qwen&baseURL=https%3A%2F%2Fllm.test%2Fv1&apiKey=sk-1&lang=zh-CN&showPanel=false' });
    const settings = readScriptSettings(script);
    expect(settings.config).toEqual({ model: 'qwen', baseURL: 'https://llm.test/v1', apiKey: 'sk-1', language: 'zh-CN' });
    expect(settings.showPanel).toBe(false);
    expect(settings.warnings).toHaveLength(1);
    expect(settings.warnings[0]).toMatch(/script URL .*relay/);
  });

  it('lets data attributes override query parameters and warns about data-api-key', () => {
    const settings = readScriptSettings(tag({ src: '/x.js?model=old&autoInit=false', 'data-model': 'new', 'data-api-key': 'sk-2' }));
    expect(settings.config).toMatchObject({ model: 'new', apiKey: 'sk-2' });
    expect(settings.autoInit).toBe(false);
    expect(settings.warnings[0]).toMatch(/data-api-key/);
  });

  it('takes the nonce from data-nonce or from the script itself', () => {
    expect(readScriptSettings(tag({ 'data-nonce': 'abc' })).nonce).toBe('abc');
    expect(readScriptSettings(tag({ nonce: 'xyz' })).nonce).toBe('xyz');
  });

  it('defaults the language from a Chinese page and works without a script', () => {
    expect(readScriptSettings(null, 'zh-Hans').config).toEqual({ language: 'zh-CN' });
    expect(readScriptSettings(undefined)).toMatchObject({ autoInit: true, showPanel: true, config: {} });
  });
});

describe('missingSettings', () => {
  it('names baseURL and model when absent or blank', () => {
    expect(missingSettings({})).toEqual(['baseURL', 'model']);
    expect(missingSettings({ baseURL: ' ', model: 'm' })).toEqual(['baseURL']);
    expect(missingSettings({ baseURL: 'https://x', model: 'm' })).toEqual([]);
  });
});
