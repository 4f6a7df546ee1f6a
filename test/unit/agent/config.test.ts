// Config validation (ConfigError names the field), defaults, and the documented option list.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_OPTIONS, ConfigError, PageAgentCore, tool } from '../../../src/agent.js';
import { resolveAgentConfig } from '../../../src/agent/core-config.js';
import { listCheckedOptions } from '../../../src/config/index.js';
import { FakeController } from '../../fixtures/agent/fake-controller.js';

const base = () => ({ baseURL: 'https://llm.test/v1', model: 'm', pageController: new FakeController() });

function fieldOf(config: Record<string, unknown>): string | undefined {
  try {
    new PageAgentCore({ ...base(), ...config } as any);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`\`${(error as ConfigError).field}\``);
    return (error as ConfigError).field;
  }
}

describe('config validation', () => {
  it('applies page-agent defaults', () => {
    const agent = new PageAgentCore(base());
    expect(agent.config.maxSteps).toBe(40);
    expect(agent.config.language).toBe('en-US');
    expect(agent.config.stepDelay).toBeUndefined();
  });

  it.each([
    [{ maxSteps: 0 }, 'maxSteps'],
    [{ maxSteps: 2.5 }, 'maxSteps'],
    [{ maxSteps: '40' }, 'maxSteps'],
    [{ stepDelay: -1 }, 'stepDelay'],
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ language: 'fr-FR' }, 'language'],
    [{ baseURL: 42 }, 'baseURL'],
    [{ customFetch: 'fetch' }, 'customFetch'],
    [{ onBeforeTask: true }, 'onBeforeTask'],
    [{ approveAction: 'sometimes' }, 'approveAction'],
    [{ instructions: 'be nice' }, 'instructions'],
    [{ instructions: { system: 3 } }, 'instructions.system'],
    [{ instructions: { getPageInstructions: 'x' } }, 'instructions.getPageInstructions'],
    [{ customTools: { mine: { description: 'no schema' } } }, 'customTools.mine'],
    [{ experimentalLlmsTxt: 'yes' }, 'experimentalLlmsTxt'],
    [{ pageController: undefined }, 'pageController'],
  ])('rejects %j with a ConfigError naming %s', (config, field) => {
    expect(fieldOf(config)).toBe(field);
  });

  it('accepts every documented shape', () => {
    const custom = tool({ description: 'd', inputSchema: z.object({}), execute: async () => '' });
    expect(
      fieldOf({
        approveAction: 'risky',
        customTools: { custom, scroll: null },
        instructions: { system: 's', getPageInstructions: () => null },
        stepDelay: 0.4,
        language: 'zh-CN',
        maxRetries: 0,
      }),
    ).toBeUndefined();
    expect(fieldOf({ approveAction: () => true })).toBeUndefined();
  });

  it('allows a missing baseURL and model until a task runs', () => {
    expect(() => resolveAgentConfig({ pageController: new FakeController() } as any)).not.toThrow();
  });

  it('quotes the bad value in the message', () => {
    expect(() => new PageAgentCore({ ...base(), maxSteps: 0 })).toThrow('Invalid config: `maxSteps` must be an integer ≥ 1 (got 0).');
  });
});

describe('CONFIG_OPTIONS', () => {
  it('documents each option once with a type and a one-line description', () => {
    const names = CONFIG_OPTIONS.map((option) => option.name);
    expect(new Set(names).size).toBe(names.length);
    for (const option of CONFIG_OPTIONS) {
      expect(option.type).not.toBe('');
      expect(option.description).not.toMatch(/\n/);
      expect(option.description.length).toBeGreaterThan(10);
    }
  });

  it('documents every option that is validated', () => {
    const documented = new Set(CONFIG_OPTIONS.map((option) => option.name));
    expect(listCheckedOptions().filter((name) => !documented.has(name))).toEqual([]);
  });

  it("lists page-agent 1.x's options with their defaults", () => {
    const byName = new Map(CONFIG_OPTIONS.map((option) => [option.name, option]));
    for (const name of [
      'baseURL', 'model', 'apiKey', 'language', 'maxSteps', 'stepDelay', 'maxRetries', 'customTools', 'instructions.system',
      'instructions.getPageInstructions', 'transformPageContent', 'customSystemPrompt', 'experimentalScriptExecutionTool',
      'experimentalLlmsTxt', 'customFetch', 'transformRequestBody', 'disableNamedToolChoice', 'onBeforeTask', 'onAfterTask',
      'onBeforeStep', 'onAfterStep', 'onDispose', 'enableMask', 'viewportExpansion', 'interactiveBlacklist',
      'interactiveWhitelist', 'includeAttributes', 'approveAction',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('maxSteps')!.default).toBe('40');
    expect(byName.get('maxRetries')!.default).toBe('2');
    expect(byName.get('language')!.default).toBe("'en-US'");
  });
});

describe('ConfigError and secrets', () => {
  it('never echoes the value of apiKey or headers', async () => {
    const { resolveAgentConfig: resolve } = await import('../../../src/agent/core-config.js');
    const { FakeController } = await import('../../fixtures/agent/fake-controller.js');
    const secret = 'sk-secret-should-not-appear';
    for (const config of [{ apiKey: [secret] }, { apiKey: { key: secret } }, { headers: [['authorization', secret]] }, { headers: { authorization: [secret] } }]) {
      let message = '';
      try {
        resolve({ baseURL: 'http://x/v1', model: 'm', pageController: new FakeController(), ...config } as never);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/Invalid config: `(apiKey|headers)/);
      expect(message).not.toContain(secret);
    }
  });
});
