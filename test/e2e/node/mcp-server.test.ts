// The MCP server (`drop-in-page-agent mcp`) in process, with the SDK's own Client over an in-memory
// transport and the shared Chromium: the generated tools, the page actions, approvals answered in the
// page's panel (approve, reject with a note), Stop in the panel, page_task with progress, bad input.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../../node/mcp/browser-host.js';
import { createMcpServer } from '../../../node/mcp/mcp-server.js';
import { getBrowser } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, scriptedModel } from './runner-helpers.js';

let llm: MockLLMServer;
let site: StaticServer;
const fixture = (path: string) => site.url(`/test/fixtures/${path}`);

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
});

interface Connected {
  client: Client;
  host: () => Promise<BrowserHost>;
  tab: () => Promise<Page>;
  close(): Promise<void>;
}

let open: Connected | undefined;
beforeEach(() => llm.reset());
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A server on the shared browser and a connected SDK client named "Test Agent". */
async function connect(options: Partial<BrowserHostOptions> = {}): Promise<Connected> {
  let opened: Promise<BrowserHost> | undefined;
  const browser = await getBrowser();
  const openHost = (client: string) => (opened ??= openBrowserHost({ approval: 'off', headed: false, browser, ...options }, client));
  const { server, close } = await createMcpServer({ openHost, withTask: !!options.llm, version: 'test' });
  const client = new Client({ name: 'Test Agent', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const host = () => openHost('Test Agent');
  open = {
    client,
    host,
    tab: async () => (await host()).tabs.current,
    async close() {
      await client.close();
      await close();
      await (await opened)?.close();
    },
  };
  return open;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

/** The index of the listed element whose line contains `words`, from page_read. */
async function indexIn(client: Client, words: string): Promise<number> {
  const listing = textOf(await client.callTool({ name: 'page_read', arguments: {} }));
  for (const line of listing.split('\n')) {
    const match = /\*?\[(\d+)\]</.exec(line);
    if (match && line.includes(words)) return Number(match[1]);
  }
  throw new Error(`no indexed line mentions "${words}" in:\n${listing}`);
}

const panel = (tab: Page) => tab.locator('page-agent-panel');
const panelText = (tab: Page) => panel(tab).evaluate((el) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' '));

describe('mcp server: tools', () => {
  it('lists the page tools generated from the agent, and page_task only with a model', async () => {
    const { client } = await connect({ url: fixture('mcp/form.html') });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['page_read', 'click', 'type', 'select', 'scroll', 'scroll_to_text', 'press_key', 'hover', 'navigate', 'tabs']);
    const click = tools.find((tool) => tool.name === 'click')!;
    expect(click.description).toContain('Click an element.');
    expect(click.inputSchema).toMatchObject({ type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] });
    await open!.close();
    open = undefined;
    const withModel = await connect({ url: fixture('mcp/form.html'), llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    expect((await withModel.client.listTools()).tools.map((tool) => tool.name)).toContain('page_task');
  });

  it('reads the page and types, selects, presses keys and clicks by index; the panel shows each remote action', async () => {
    const { client, tab } = await connect({ url: fixture('mcp/form.html') });
    const listing = textOf(await client.callTool({ name: 'page_read', arguments: {} }));
    expect(listing).toContain('Profile');
    expect(listing).toContain('Nothing saved yet.');
    const typed = await client.callTool({ name: 'type', arguments: { index: await indexIn(client, '<input'), text: 'Ada' } });
    expect(typed.isError).toBeFalsy();
    expect(typed.structuredContent).toMatchObject({ success: true });
    const selected = await client.callTool({ name: 'select', arguments: { index: await indexIn(client, '<select'), text: 'Blue' } });
    expect(selected.structuredContent).toMatchObject({ success: true });
    const pressed = await client.callTool({ name: 'press_key', arguments: { key: 'Enter', index: await indexIn(client, '<input') } });
    expect(pressed.structuredContent).toMatchObject({ success: true });
    expect(await (await tab()).locator('#status').textContent()).toBe('Enter pressed in the name field.');
    const clicked = await client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    expect(clicked.structuredContent).toMatchObject({ success: true });
    expect(textOf(await client.callTool({ name: 'page_read', arguments: {} }))).toContain('Saved Ada (Blue).');
    const shown = await panelText(await tab());
    expect(shown).toContain('Controlled by Test Agent via MCP');
    expect(shown).toMatch(/Save profile/);
  });

  it('runs the same action again and again (the client judges its own repeats; no question in the panel)', async () => {
    const { client } = await connect({ url: fixture('mcp/form.html') });
    const index = await indexIn(client, 'Save profile');
    for (let i = 0; i < 7; i++) {
      const result = await client.callTool({ name: 'click', arguments: { index } });
      expect(result.structuredContent, `click ${i + 1}`).toMatchObject({ success: true });
    }
  });

  it('navigates, follows a click to the next page and lists, opens, switches and closes tabs', async () => {
    const { client } = await connect({ url: fixture('node-runner/shop.html') });
    const clicked = await client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Add blue mug') } });
    expect(textOf(clicked)).toContain('cart.html');
    expect(textOf(await client.callTool({ name: 'page_read', arguments: {} }))).toContain('The cart holds 1 item.');
    expect(textOf(await client.callTool({ name: 'navigate', arguments: { url: 'shop.html' } }))).toContain('Opened');
    expect(textOf(await client.callTool({ name: 'page_read', arguments: {} }))).toContain('Mug shop');
    expect(textOf(await client.callTool({ name: 'tabs', arguments: { action: 'open', url: fixture('mcp/form.html') } }))).toMatch(/Tab 1/);
    const listed = textOf(await client.callTool({ name: 'tabs', arguments: {} }));
    expect(listed).toContain('*[tab 1] Profile');
    expect(listed).toContain('[tab 0] Mug shop');
    expect(textOf(await client.callTool({ name: 'tabs', arguments: { action: 'switch', tab: 0 } }))).toContain('Now in tab 0');
    expect(textOf(await client.callTool({ name: 'tabs', arguments: { action: 'close', tab: 1 } }))).toContain('Closed tab 1');
  });

  it('answers bad input with a clear error and runs nothing', async () => {
    const { client, tab } = await connect({ url: fixture('mcp/form.html') });
    const missing = await client.callTool({ name: 'click', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^click: Invalid arguments: index/);
    const wrongType = await client.callTool({ name: 'type', arguments: { index: 'two', text: 'x' } });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toContain('index');
    const stale = await client.callTool({ name: 'click', arguments: { index: 999 } });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toMatch(/999/);
    await expect(client.callTool({ name: 'page_task', arguments: { task: 'x' } })).rejects.toThrow(/page_task needs a model/);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool "no_such_tool"/);
    const badTabs = await client.callTool({ name: 'tabs', arguments: { action: 'explode' } });
    expect(textOf(badTabs)).toMatch(/list, open, switch or close/);
    expect(await (await tab()).locator('#status').textContent()).toBe('Nothing saved yet.');
  });
});

describe('mcp server: approval and stop', () => {
  it('asks in the panel before a risky action: approved runs it, rejected (with a note) does not, and the result says so', async () => {
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), approval: 'risky' });
    const page = await tab();
    const index = await indexIn(client, 'Delete account');
    const denied = client.callTool({ name: 'click', arguments: { index } });
    await panel(page).locator('.approval .note-input').fill('Keep my account');
    await panel(page).locator('.approval .deny').click();
    const deniedResult = await denied;
    expect(deniedResult.isError).toBe(true);
    expect(deniedResult.structuredContent).toMatchObject({ success: false, approval: 'denied' });
    expect(textOf(deniedResult)).toContain('Denied by the user');
    expect(textOf(deniedResult)).toContain('Keep my account');
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
    // A safe action runs without asking.
    const saved = await client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    expect(saved.structuredContent).toEqual({ success: true, message: expect.any(String) });
    const approved = client.callTool({ name: 'click', arguments: { index } });
    await panel(page).locator('.approval .allow').click();
    const approvedResult = await approved;
    expect(approvedResult.structuredContent).toMatchObject({ success: true, approval: 'approved' });
    expect(textOf(approvedResult)).toContain('Approved by the user');
    expect(await page.locator('#status').textContent()).toBe('Account deleted.');
  });

  it('Stop in the panel wins: the waiting action is cancelled and reported as stopped', async () => {
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), approval: 'all' });
    const page = await tab();
    const pending = client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    await panel(page).locator('.approval').waitFor();
    await panel(page).locator('.stop').click();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Stopped by the user/);
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
    // The next remote action starts again (and asks again).
    const next = client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    await panel(page).locator('.approval .allow').click();
    expect((await next).structuredContent).toMatchObject({ success: true, approval: 'approved' });
    expect(await page.locator('#status').textContent()).toBe('Saved  (Red).');
  });
});

describe('mcp server: the page goes away mid-action', () => {
  it('reports an action whose tab closed while it waited for approval as not run', async () => {
    const { client, host, tab } = await connect({ url: fixture('mcp/form.html'), approval: 'all' });
    const first = await tab();
    const second = await (await host()).tabs.open();
    await second.goto(fixture('mcp/form.html'));
    const index = await indexIn(client, 'Save profile');
    const pending = client.callTool({ name: 'click', arguments: { index } });
    await panel(second).locator('.approval').waitFor();
    await second.close();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The tab closed during click; it was not run\. Call tabs to see where you are, then page_read\.\n\nTab 1 closed; you are now in tab 0/);
    expect(first.isClosed()).toBe(false);
  });

  it('reports an action whose page navigated while it waited for approval as not run', async () => {
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), approval: 'all' });
    const page = await tab();
    const pending = client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    await panel(page).locator('.approval').waitFor();
    await page.goto(fixture('node-runner/shop.html'));
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The page changed \(now .*shop\.html\) before click could run; it was not run\./);
  });
});

describe('mcp server: page_task', () => {
  it('runs a task with the server model, sends progress per step, and returns answer, success and steps', async () => {
    const model = scriptedModel([
      (r) => ({ input_text: { index: indexOf(r, '<input'), text: 'Grace' } }),
      (r) => ({ click_element_by_index: { index: indexOf(r, 'Save profile') } }),
      (r) => {
        expect(JSON.stringify(r.body)).toContain('Saved Grace (Red).');
        return { done: { text: 'Saved the profile as Grace.', success: true } };
      },
    ]);
    llm.setHandler(model);
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const progress: { progress: number; message?: string }[] = [];
    const result = await client.callTool({ name: 'page_task', arguments: { task: 'Save my profile as Grace' } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(model.errors).toEqual([]);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ success: true, status: 'completed', answer: 'Saved the profile as Grace.' });
    expect((result.structuredContent as { steps: string[] }).steps).toHaveLength(3);
    expect(progress.map((update) => update.progress)).toEqual([1, 2, 3]);
    expect(progress[1]!.message).toMatch(/^2\. click_element_by_index/);
    expect(await (await tab()).locator('#status').textContent()).toBe('Saved Grace (Red).');
  });

  it('returns typed data with output_schema, and refuses a schema that is not one', async () => {
    llm.setHandler(scriptedModel([() => ({ done: { text: 'The form asks for a name.', success: true, data: { fields: ['Name'], count: '1' } } })]));
    const { client } = await connect({ url: fixture('mcp/form.html'), llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const schema = { type: 'object', properties: { fields: { type: 'array', items: { type: 'string' } }, count: { type: 'integer' } }, required: ['fields', 'count'] };
    const result = await client.callTool({ name: 'page_task', arguments: { task: 'Which fields does the form have?', output_schema: schema } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ success: true, answer: { fields: ['Name'], count: 1 } });
    expect(textOf(result)).toMatch(/^\{\n  "fields": \[\n    "Name"\n  \],\n  "count": 1\n\}\n\nsuccess: true/);
    const bad = await client.callTool({ name: 'page_task', arguments: { task: 'x', output_schema: { fields: 'list' } } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe('page_task: outputSchema must be a zod schema or a JSON Schema object; got object.');
    const notObject = await client.callTool({ name: 'page_task', arguments: { task: 'x', output_schema: 'list' } });
    expect(notObject.isError).toBe(true);
  });

  it('Stop in the panel stops a running page_task', async () => {
    llm.setHandler(() => ({ fault: 'hang' }));
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const page = await tab();
    const pending = client.callTool({ name: 'page_task', arguments: { task: 'Save my profile' } });
    for (let waited = 0; llm.requests.length === 0 && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    await panel(page).locator('.stop').click();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, status: 'stopped', answer: 'Stopped by the user in the page.' });
  });

  it("holds page_task's risky action in the panel; a rejection reaches the model and nothing runs", async () => {
    const model = scriptedModel([
      (r) => ({ click_element_by_index: { index: indexOf(r, 'Delete account') } }),
      (r) => {
        expect(JSON.stringify(r.body)).toContain('Denied by the user');
        expect(JSON.stringify(r.body)).toContain('Not today');
        return { done: { text: 'The user declined deleting the account.', success: false } };
      },
    ]);
    llm.setHandler(model);
    const { client, tab } = await connect({ url: fixture('mcp/form.html'), approval: 'risky', llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const page = await tab();
    const pending = client.callTool({ name: 'page_task', arguments: { task: 'Delete my account' } });
    await panel(page).locator('.approval .note-input').fill('Not today');
    await panel(page).locator('.approval .deny').click();
    const result = await pending;
    expect(model.errors).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, answer: 'The user declined deleting the account.' });
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
  });
});
