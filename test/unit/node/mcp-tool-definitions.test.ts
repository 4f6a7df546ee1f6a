// The MCP tool catalog is generated from the agent's own tool definitions: the same descriptions and
// the same JSON Schemas the agent sends its model, under the MCP names; input checked by the tools' schemas.
import { describe, expect, it } from 'vitest';
import { PageAgentCore, schema, toolToJSONSchema, type AgentPageController, type PageAgentTool } from 'drop-in-page-agent';
import { ACTION_TOOLS, checkToolInput, mcpToolCatalog } from '../../../node/mcp/tool-definitions.js';

// The catalog agent never acts: a controller that would say so if it were asked to.
const refuse = async () => ({ success: false, message: 'no page' });
const noPage: AgentPageController = {
  getBrowserState: async () => ({ url: '', title: '', header: '', content: '', footer: '' }),
  clickElement: refuse,
  inputText: refuse,
  selectOption: refuse,
  scroll: refuse,
  scrollHorizontally: refuse,
  cleanUpHighlights: async () => undefined,
  showMask: async () => undefined,
  hideMask: async () => undefined,
  dispose: () => undefined,
};
const tabTool = (description: string, shape: Parameters<typeof schema.object>[0]): PageAgentTool => ({ description, inputSchema: schema.object(shape), execute: async () => '' });
const nodeTools = {
  navigate: tabTool('Open a URL in the current tab.', { url: schema.string() }),
  open_new_tab: tabTool('Open a URL in a new tab.', { url: schema.string() }),
  switch_tab: tabTool('Switch to another open tab.', { tab: schema.int().describe('tab number') }),
  close_tab: tabTool('Close a tab.', { tab: schema.optional(schema.int()) }),
};
const agentTools = () => new PageAgentCore({ pageController: noPage, baseURL: 'http://x.invalid', model: 'm', customTools: nodeTools }).tools;

describe('mcpToolCatalog', () => {
  it('exposes each page action with the agent tool description and the JSON Schema the model gets', () => {
    const tools = agentTools();
    const catalog = mcpToolCatalog(tools, { withTask: false });
    expect(catalog.map((tool) => tool.name)).toEqual(['page_read', ...Object.keys(ACTION_TOOLS), 'tabs']);
    for (const [name, source] of Object.entries(ACTION_TOOLS)) {
      const entry = catalog.find((tool) => tool.name === name)!;
      expect(entry.inputSchema).toEqual(toolToJSONSchema(tools.get(source)!.inputSchema));
      expect(entry.description.startsWith(tools.get(source)!.description)).toBe(true);
    }
    expect(catalog.find((tool) => tool.name === 'click')!.description).toMatch(/index: the number in brackets/);
    expect(catalog.find((tool) => tool.name === 'navigate')!.description).not.toMatch(/index:/);
  });

  it('follows a change of an agent tool (one source of truth): a custom override shows in the catalog', () => {
    const tools = new Map(agentTools());
    tools.set('hover_element', tabTool('Hover, the custom way.', { index: schema.int(), ms: schema.optional(schema.int()) }));
    const hover = mcpToolCatalog(tools, { withTask: false }).find((tool) => tool.name === 'hover')!;
    expect(hover.description.startsWith('Hover, the custom way.')).toBe(true);
    expect(Object.keys(hover.inputSchema.properties as object)).toEqual(['index', 'ms']);
  });

  it('builds tabs from the agent tab tools and offers page_task only with a model', () => {
    const catalog = mcpToolCatalog(agentTools(), { withTask: true });
    const tabs = catalog.find((tool) => tool.name === 'tabs')!;
    expect(tabs.description).toContain('Open a URL in a new tab.');
    expect(tabs.description).toContain('Switch to another open tab.');
    expect(tabs.inputSchema.properties).toMatchObject({ action: { enum: ['list', 'open', 'switch', 'close'] }, url: { type: 'string' }, tab: { type: 'integer', description: 'tab number' } });
    expect(catalog.at(-1)!.name).toBe('page_task');
    expect(catalog.at(-1)!.inputSchema.required).toEqual(['task']);
  });

  it('refuses to generate a catalog when a tool it exposes is missing', () => {
    const tools = new Map(agentTools());
    tools.delete('press_key');
    expect(() => mcpToolCatalog(tools, { withTask: false })).toThrow('The agent has no "press_key" tool to expose over MCP.');
  });
});

describe('checkToolInput', () => {
  const tools = agentTools();
  it('fills defaults and accepts good input', () => {
    expect(checkToolInput(tools.get('scroll')!, {})).toEqual({ value: { down: true, num_pages: 1 } });
    expect(checkToolInput(tools.get('click_element_by_index')!, { index: 3 })).toEqual({ value: { index: 3 } });
  });
  it('names the field that is wrong', () => {
    const missing = checkToolInput(tools.get('click_element_by_index')!, {});
    expect('error' in missing && missing.error).toMatch(/^Invalid arguments: index: /);
    const wrong = checkToolInput(tools.get('input_text')!, { index: 1, text: 5 });
    expect('error' in wrong && wrong.error).toMatch(/text: /);
  });
});
