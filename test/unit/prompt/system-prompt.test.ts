// The system prompts: within 60% of page-agent's size (measured from its published package), and
// covering what the model must know; zh-CN asks for Chinese with the same rules.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSystemPrompt, SYSTEM_PROMPT_EN, SYSTEM_PROMPT_ZH } from '../../../src/prompt/index.js';

/** page-agent 1.x's system prompt, read from its package (a string literal in the bundle). */
function pageAgentPrompt(): string {
  const file = resolve(import.meta.dirname, '../../../node_modules/@page-agent/core/dist/esm/page-agent-core.js');
  const source = readFileSync(file, 'utf8');
  const literal = /var system_prompt_default = ("(?:[^"\\]|\\.)*");/.exec(source)?.[1];
  if (!literal) throw new Error('page-agent system prompt not found');
  return JSON.parse(literal.replace(/\t/g, '\\t'));
}

describe('system prompt size', () => {
  const reference = pageAgentPrompt();

  it('reads a page-agent prompt of the expected size', () => {
    expect(reference.length).toBeGreaterThan(9000);
  });

  it.each([
    ['en-US', SYSTEM_PROMPT_EN],
    ['zh-CN', SYSTEM_PROMPT_ZH],
  ])('keeps the %s prompt at or below 60%% of page-agent’s characters', (_language, prompt) => {
    expect(prompt.length).toBeLessThanOrEqual(reference.length * 0.6);
  });
});

describe('system prompt content', () => {
  it.each([
    ['en-US', SYSTEM_PROMPT_EN],
    ['zh-CN', SYSTEM_PROMPT_ZH],
  ])('%s covers input layout, page text, browser rules, completion, reasoning and output', (_language, prompt) => {
    for (const tag of ['<instructions>', '<task>', '<step>', '<history>', '<page>']) expect(prompt).toContain(tag);
    for (const token of ['[12]', '*[12]', 'data-scrollable', 'note:', 'done', 'success', 'evaluation_previous_goal', 'memory', 'next_goal', 'AgentOutput', 'input_text', 'select_dropdown_option', 'wait']) {
      expect(prompt).toContain(token);
    }
  });

  it('says that a full page load ends the work', () => {
    expect(SYSTEM_PROMPT_EN).toMatch(/full page load[^.]*ends your work/);
  });

  it('asks for Simplified Chinese in zh-CN, with the same rules as in English', () => {
    expect(SYSTEM_PROMPT_ZH).toMatch(/\nWrite the evaluation, memory, goal and the done text in Simplified Chinese \(简体中文\)[^\n]*$/);
    expect(SYSTEM_PROMPT_EN).not.toContain('Chinese');
    const rules = (prompt: string) => prompt.slice(0, prompt.lastIndexOf('\n'));
    expect(rules(SYSTEM_PROMPT_ZH)).toBe(rules(SYSTEM_PROMPT_EN));
  });

  it('chooses by language and lets customSystemPrompt replace it', () => {
    expect(getSystemPrompt(undefined)).toBe(SYSTEM_PROMPT_EN);
    expect(getSystemPrompt('zh-CN')).toBe(SYSTEM_PROMPT_ZH);
    expect(getSystemPrompt('zh-CN', 'Custom.')).toBe('Custom.');
    expect(getSystemPrompt('en-US', '  ')).toBe(SYSTEM_PROMPT_EN);
  });
});
