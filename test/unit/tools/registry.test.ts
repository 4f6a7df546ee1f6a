// The tool registry and the AgentOutput macro tool: what the model is offered and how its call is read.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolToJSONSchema } from '../../../src/llm/index.js';
import {
  actionOf,
  buildAgentOutput,
  createBuiltInTools,
  createToolRegistry,
  reflectionOf,
  selectOfferedTools,
  tool,
} from '../../../src/tools/index.js';

const PAGE_AGENT_NAMES = ['done', 'wait', 'ask_user', 'click_element_by_index', 'input_text', 'select_dropdown_option', 'scroll', 'scroll_horizontally'];
const custom = tool({ description: 'custom', inputSchema: z.object({ id: z.string() }), execute: async () => 'ok' });

describe('createToolRegistry', () => {
  it("keeps page-agent's built-in names and adds ours beside them", () => {
    const names = [...createToolRegistry().keys()];
    expect(names.slice(0, PAGE_AGENT_NAMES.length)).toEqual(PAGE_AGENT_NAMES);
    expect(names).toContain('press_key');
    expect(names).toContain('hover_element');
  });

  it('adds execute_javascript only when opted in', () => {
    expect(createToolRegistry().has('execute_javascript')).toBe(false);
    expect(createToolRegistry({ experimentalScriptExecutionTool: true }).has('execute_javascript')).toBe(true);
    expect(createBuiltInTools().has('execute_javascript')).toBe(true);
  });

  it('overrides by name, removes with null and appends new tools', () => {
    const tools = createToolRegistry({ customTools: { scroll: custom, wait: null, lookup: custom } });
    expect(tools.get('scroll')).toBe(custom);
    expect(tools.has('wait')).toBe(false);
    expect([...tools.keys()].at(-1)).toBe('lookup');
  });
});

describe('selectOfferedTools', () => {
  const tools = createToolRegistry();

  it('leaves out the built-in ask_user without a handler', () => {
    expect(selectOfferedTools(tools, { canAskUser: false, lastStep: false }).has('ask_user')).toBe(false);
    expect(selectOfferedTools(tools, { canAskUser: true, lastStep: false }).has('ask_user')).toBe(true);
  });

  it('keeps a custom ask_user, which brings its own way to reach the user', () => {
    const withCustom = createToolRegistry({ customTools: { ask_user: custom } });
    expect(selectOfferedTools(withCustom, { canAskUser: false, lastStep: false }).get('ask_user')).toBe(custom);
  });

  it('offers only done on the last step, unless done was removed', () => {
    expect([...selectOfferedTools(tools, { canAskUser: true, lastStep: true }).keys()]).toEqual(['done']);
    const noDone = createToolRegistry({ customTools: { done: null } });
    expect(selectOfferedTools(noDone, { canAskUser: false, lastStep: true }).size).toBeGreaterThan(1);
  });
});

describe('buildAgentOutput', () => {
  const offered = selectOfferedTools(createToolRegistry(), { canAskUser: false, lastStep: false });
  const { tools, macro } = buildAgentOutput(offered);
  const agentOutput = tools.AgentOutput!;

  it('describes one action per offered tool in the JSON schema, reflection fields optional', () => {
    const schema = toolToJSONSchema(agentOutput.inputSchema) as any;
    expect(schema.required).toEqual(['action']);
    expect(Object.keys(schema.properties)).toEqual(['evaluation_previous_goal', 'memory', 'next_goal', 'action']);
    const variants = schema.properties.action.anyOf;
    expect(variants.map((v: any) => Object.keys(v.properties)[0])).toEqual([...offered.keys()]);
    expect(variants.find((v: any) => v.properties.click_element_by_index).description).toBe('Click an element.');
    expect(Object.keys(macro.actions)).toEqual([...offered.keys()]);
  });

  it('validates the call and decodes it once in execute into reflection and action (actions run in the loop)', async () => {
    const args = { next_goal: 'click', action: { click_element_by_index: { index: 2 } } };
    expect((agentOutput.inputSchema as any).safeParse(args).success).toBe(true);
    expect((agentOutput.inputSchema as any).safeParse({ action: { click_element_by_index: { index: 'first' } } }).success).toBe(false);
    expect(await agentOutput.execute(args)).toEqual({ reflection: { next_goal: 'click' }, action: { name: 'click_element_by_index', input: { index: 2 } } });
  });

  it('offers a single done without a union', () => {
    const only = buildAgentOutput(new Map([['done', createBuiltInTools().get('done')!]]));
    const schema = toolToJSONSchema(only.tools.AgentOutput!.inputSchema) as any;
    expect(schema.properties.action.anyOf).toBeUndefined();
    expect(Object.keys(schema.properties.action.properties)).toEqual(['done']);
  });
});

describe('reading an AgentOutput call', () => {
  it('keeps only the reflection fields that were given', () => {
    expect(reflectionOf({ action: {}, evaluation_previous_goal: ' fine ', memory: '', next_goal: undefined })).toEqual({ evaluation_previous_goal: 'fine' });
    expect(reflectionOf(undefined)).toEqual({});
  });

  it('reads the single action', () => {
    expect(actionOf({ action: { scroll: { down: true } } })).toEqual({ name: 'scroll', input: { down: true } });
    expect(actionOf({ action: {} })).toBeUndefined();
    expect(actionOf({} as any)).toBeUndefined();
  });
});
