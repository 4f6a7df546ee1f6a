// `mcp --pair`: the user's own open tab (with our IIFE in it) paired to the MCP server, with the SDK's
// own Client (in memory; over stdio to the real bin for the killed server): pairing accepted in the
// panel, the tools in the paired tab, approvals and Stop in the panel, and the bad inputs (wrong,
// expired and burned codes, a second pairing, another Origin, a missing secret, the tab or the server
// going away mid-action).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMcpServer } from '../../../node/mcp/mcp-server.js';
import { startPairedHost, type PairedHost, type PairedHostOptions } from '../../../node/mcp/pair/paired-host.js';
import { PairingCodes } from '../../../node/mcp/pair/pairing-codes.js';
import { getBrowser } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, scriptedModel } from './runner-helpers.js';

let site: StaticServer;
let llm: MockLLMServer;
const PAGE = () => site.url('/test/fixtures/mcp/paired.html');

beforeAll(async () => {
  [site, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
});
afterAll(async () => {
  await Promise.all([site?.close(), llm?.close()]);
});

interface Paired {
  client: Client;
  host: PairedHost;
  logs: string[];
  close(): Promise<void>;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A pairing server with an MCP server on it and a connected SDK client named "Test Agent". */
async function serve(options: Partial<PairedHostOptions> = {}): Promise<Paired> {
  const logs: string[] = [];
  const host = await startPairedHost({ port: 0, approval: 'off', log: (line) => logs.push(line), ...options });
  const { server, close } = await createMcpServer({
    openHost: async (name) => {
      host.setClient(name);
      return host;
    },
    withTask: !!options.llm,
    version: 'test',
  });
  const client = new Client({ name: 'Test Agent', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const paired = {
    client,
    host,
    logs,
    async close() {
      await client.close();
      await close();
      await host.close();
    },
  };
  cleanups.push(() => paired.close());
  return paired;
}

/** A tab of the user's browser on the test page (the page's own agent loaded by its script tag). */
async function openTab(): Promise<{ context: BrowserContext; page: Page; warnings: string[] }> {
  const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => warnings.push(message.text()));
  await page.goto(PAGE());
  await page.waitForFunction(() => !!window.pageAgent);
  return { context, page, warnings };
}

/** The remote run's panel (the page's own panel is hidden while paired). */
const remotePanel = (page: Page) => page.locator('page-agent-panel').last();
const panelText = (page: Page) => remotePanel(page).evaluate((el) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' '));

/** Runs the terminal's snippet in the tab (as the user would in its console). */
const runSnippet = (page: Page, snippet: string) => page.evaluate(snippet);

/** Pairs `page`: runs the snippet and allows the pairing step in the panel. */
async function pair(page: Page, paired: Paired): Promise<void> {
  await runSnippet(page, paired.host.server.offer().snippet);
  await remotePanel(page).locator('.approval .allow').click();
  await expect.poll(() => paired.host.tab?.url).toBe(PAGE());
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

async function indexIn(client: Client, words: string): Promise<number> {
  const listing = textOf(await client.callTool({ name: 'page_read', arguments: {} }));
  for (const line of listing.split('\n')) {
    const match = /\*?\[(\d+)\]</.exec(line);
    if (match && line.includes(words)) return Number(match[1]);
  }
  throw new Error(`no indexed line mentions "${words}" in:\n${listing}`);
}

/** A raw WebSocket to the pairing endpoint, as a page of `origin` would open it; its messages and close. */
async function rawSocket(paired: Paired, origin: string) {
  const socket = new WebSocket(`${paired.host.server.origin.replace('http', 'ws')}/pair`, { origin });
  cleanups.push(async () => socket.terminate());
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((done) => socket.on('close', (code, reason) => done({ code, reason: String(reason) })));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  const next = async (type: string) => {
    await expect.poll(() => messages.find((message) => message.type === type), { timeout: 10_000 }).toBeTruthy();
    return messages.find((message) => message.type === type)!;
  };
  return { socket, messages, closed, next, send: (message: unknown) => socket.send(JSON.stringify(message)) };
}

describe('mcp --pair: pairing a tab', () => {
  it('pairs a tab after the user allows the code in its panel; lists the tools, reads, types and clicks in it', async () => {
    const paired = await serve();
    const { code } = paired.host.server.offer();
    expect(paired.logs.join('\n')).toContain(`pairing code ${code}`);
    expect(paired.logs.join('\n')).toContain(`/pair.js?code=${code}`);
    const { page } = await openTab();
    await runSnippet(page, paired.host.server.offer().snippet);
    const card = remotePanel(page).locator('.approval');
    await expect.poll(() => card.textContent()).toContain(code);
    expect(await card.textContent()).toContain('Test Agent');
    expect(paired.logs.join('\n')).toContain(`accept it in the page's panel if its code is ${code}`);
    expect(paired.host.tab).toBeUndefined();
    await card.locator('.allow').click();
    await expect.poll(() => paired.host.tab?.origin).toBe(site.origin);

    const { tools } = await paired.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['page_read', 'click', 'type', 'select', 'scroll', 'scroll_to_text', 'press_key', 'hover']);
    const listing = textOf(await paired.client.callTool({ name: 'page_read', arguments: {} }));
    expect(listing).toContain('Nothing saved yet.');
    const typed = await paired.client.callTool({ name: 'type', arguments: { index: await indexIn(paired.client, '<input'), text: 'Ada' } });
    expect(typed.structuredContent).toMatchObject({ success: true });
    const clicked = await paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Save profile') } });
    expect(clicked.structuredContent).toMatchObject({ success: true });
    expect(await page.locator('#status').textContent()).toBe('Saved Ada.');
    const shown = await panelText(page);
    expect(shown).toContain('Controlled by Test Agent via MCP');
    expect(shown).toMatch(/Save profile/);
    // The page's own agent is untouched, its panel hidden while the tab is paired.
    expect(await page.evaluate(() => window.pageAgent!.status)).toBe('idle');
    expect(await page.evaluate(() => window.pageAgent!.panel.wrapper.hidden)).toBe(true);
    // No mask while paired: the tab stays the user's to use between remote actions.
    await page.locator('#delete').click({ timeout: 15_000 });
    expect(await page.locator('#status').textContent()).toBe('Account deleted.');
  });

  it('answers tool calls before any tab is paired with how to pair one, and runs nothing', async () => {
    const paired = await serve();
    const read = await paired.client.callTool({ name: 'page_read', arguments: {} });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toContain('No tab is paired yet.');
    expect(textOf(read)).toContain(paired.host.server.offer().snippet);
    const click = await paired.client.callTool({ name: 'click', arguments: { index: 1 } });
    expect(click.isError).toBe(true);
    expect(textOf(click)).toContain('No tab is paired yet.');
    await expect(paired.client.callTool({ name: 'navigate', arguments: { url: 'https://example.com/' } })).rejects.toThrow(/Unknown tool "navigate"/);
  });
});

describe('mcp --pair: the figure on the demo', () => {
  it("pairs the demo's orders page, lists the tools, types and clicks, rejects an approval, runs page_task and stops from the panel", async () => {
    const model = scriptedModel([
      (r) => ({ input_text: { index: indexOf(r, 'Customer or order #'), text: '1042' } }),
      () => ({ done: { text: 'Searched for order 1042.', success: true } }),
    ]);
    llm.reset();
    llm.setHandler(model);
    const paired = await serve({ approval: 'all', llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await page.goto(site.url('/demo/admin.html'));
    await page.waitForFunction(() => !!window.pageAgent);
    await runSnippet(page, paired.host.server.offer().snippet);
    await remotePanel(page).locator('.approval .allow').click();
    await expect.poll(() => paired.host.tab?.url).toBe(site.url('/demo/admin.html'));
    const allowNext = () => remotePanel(page).locator('.approval .allow').click();

    expect((await paired.client.listTools()).tools.map((tool) => tool.name)).toEqual(['page_read', 'click', 'type', 'select', 'scroll', 'scroll_to_text', 'press_key', 'hover', 'page_task']);
    expect(textOf(await paired.client.callTool({ name: 'page_read', arguments: {} }))).toContain('Orders');
    const typed = paired.client.callTool({ name: 'type', arguments: { index: await indexIn(paired.client, 'Customer or order #'), text: 'Germany' } });
    await allowNext();
    expect((await typed).structuredContent).toMatchObject({ success: true, approval: 'approved' });
    expect(await page.locator('#q').inputValue()).toBe('Germany');
    const sorted = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, '>Total />') } });
    await allowNext();
    expect((await sorted).structuredContent).toMatchObject({ success: true, approval: 'approved' });

    const label = await page.locator('#page-label').textContent();
    const rejected = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Next →') } });
    await remotePanel(page).locator('.approval .note-input').fill('Stay on this page');
    await remotePanel(page).locator('.approval .deny').click();
    const denied = await rejected;
    expect(denied.structuredContent).toMatchObject({ success: false, approval: 'denied' });
    expect(textOf(denied)).toContain('Stay on this page');
    expect(await page.locator('#page-label').textContent()).toBe(label);

    const task = paired.client.callTool({ name: 'page_task', arguments: { task: 'Find order 1042' } });
    await allowNext();
    const done = await task;
    expect(model.errors).toEqual([]);
    expect(done.structuredContent).toMatchObject({ success: true, answer: 'Searched for order 1042.' });
    expect(await page.locator('#q').inputValue()).toBe('1042');

    const stopped = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Next →') } });
    await remotePanel(page).locator('.approval').waitFor();
    await remotePanel(page).locator('.stop').click();
    expect(textOf(await stopped)).toMatch(/Stopped by the user/);
    expect(await page.locator('#page-label').textContent()).toBe(label);
  });
});

describe('mcp --pair: refusals', () => {
  it('refuses a wrong code in the page and in the terminal, and burns the code after five wrong tries', async () => {
    const paired = await serve();
    const { page, warnings } = await openTab();
    const { code } = paired.host.server.offer();
    const wrong = code === '000000' ? '000001' : '000000';
    await runSnippet(page, paired.host.server.offer().snippet.replace(code, wrong));
    await expect.poll(() => warnings.join('\n')).toContain('Wrong pairing code');
    expect(paired.logs.join('\n')).toContain('refused a pairing: Wrong pairing code');
    expect(await page.locator('page-agent-panel .approval').count()).toBe(0);
    for (let i = 2; i <= 5; i++) {
      const raw = await rawSocket(paired, site.origin);
      raw.send({ type: 'hello', code: wrong, origin: site.origin, url: PAGE() });
      expect((await raw.next('refused')).message).toMatch(i < 5 ? /^Wrong pairing code: / : /for the fifth time: that code no longer works/);
    }
    // The right code no longer works: the terminal shows a new one.
    expect(paired.host.server.offer().code).not.toBe(code);
    const late = await rawSocket(paired, site.origin);
    late.send({ type: 'hello', code, origin: site.origin, url: PAGE() });
    expect((await late.next('refused')).message).toMatch(/Wrong pairing code/);
    expect(paired.logs.filter((line) => line.startsWith('pairing code'))).toHaveLength(2);
  });

  it('refuses a message that is not JSON, and a page that does not say hello first, without using up the code', async () => {
    const paired = await serve();
    const garbled = await rawSocket(paired, site.origin);
    garbled.socket.send('{not json');
    expect((await garbled.next('refused')).message).toBe('a message from the page was not JSON.');
    const rude = await rawSocket(paired, site.origin);
    rude.send({ type: 'accept' });
    expect((await rude.next('refused')).message).toBe('the page must say hello first.');
    const { page } = await openTab();
    await pair(page, paired);
  });

  it('refuses an expired code', async () => {
    let now = 1_000_000;
    const paired = await serve({ codes: new PairingCodes({ now: () => now }) });
    const { code } = paired.host.server.offer();
    now += 121_000;
    const raw = await rawSocket(paired, site.origin);
    raw.send({ type: 'hello', code, origin: site.origin, url: PAGE() });
    expect((await raw.next('refused')).message).toMatch(/The pairing code expired/);
    expect((await raw.closed).code).toBe(4403);
  });

  it('refuses a WebSocket whose Origin is not the origin the page declares, and one with no page Origin', async () => {
    const paired = await serve();
    const raw = await rawSocket(paired, 'https://evil.example');
    raw.send({ type: 'hello', code: paired.host.server.offer().code, origin: site.origin, url: PAGE() });
    expect((await raw.next('refused')).message).toContain('its browser says https://evil.example');
    const status = await new Promise<number>((done) => {
      const socket = new WebSocket(`${paired.host.server.origin.replace('http', 'ws')}/pair`);
      socket.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(403);
    // The code was not used up by the refused origin.
    const { page } = await openTab();
    await pair(page, paired);
  });

  it('refuses a second pairing while a tab is paired, and ends the pairing on a message without its secret', async () => {
    const paired = await serve();
    const raw = await rawSocket(paired, site.origin);
    raw.send({ type: 'hello', code: paired.host.server.offer().code, origin: site.origin, url: PAGE() });
    expect(await raw.next('confirm')).toMatchObject({ client: 'Test Agent' });
    raw.send({ type: 'accept' });
    const { secret } = (await raw.next('paired')) as { secret: string };
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const second = await rawSocket(paired, site.origin);
    second.send({ type: 'hello', code: paired.host.server.offer().code, origin: site.origin, url: PAGE() });
    expect((await second.next('refused')).message).toMatch(/Another tab is already paired/);
    // A call goes out; a reply without the secret is refused and the pairing ends.
    const read = paired.client.callTool({ name: 'page_read', arguments: {} });
    const call = (await raw.next('call')) as { id: number };
    raw.send({ type: 'reply', id: call.id, value: { url: 'x', title: 'x', header: '', content: 'forged', footer: '' } });
    expect((await raw.closed).code).toBe(4400);
    const result = await read;
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('forged');
    expect(textOf(result)).toContain('went away');
    expect(paired.host.tab).toBeUndefined();
  });
});

describe('mcp --pair: the user in the page', () => {
  it('declining the pairing in the panel pairs nothing and says so on both sides', async () => {
    const paired = await serve();
    const { page, warnings } = await openTab();
    await runSnippet(page, paired.host.server.offer().snippet);
    await remotePanel(page).locator('.approval .deny').click();
    await expect.poll(() => paired.logs.join('\n')).toContain('the pairing was declined in the page');
    await expect.poll(() => warnings.join('\n')).toContain('The pairing was declined in the page.');
    expect(paired.host.tab).toBeUndefined();
    await expect.poll(() => paired.logs.filter((line) => line.startsWith('pairing code')).length).toBe(2);
    // The remote panel is gone and the page's own is back.
    expect(await page.locator('page-agent-panel').count()).toBe(1);
    expect(await page.evaluate(() => window.pageAgent!.panel.wrapper.hidden)).toBe(false);
    const read = await paired.client.callTool({ name: 'page_read', arguments: {} });
    expect(textOf(read)).toContain('No tab is paired yet.');
  });

  it('asks in the panel before a risky action: a rejection with a note reaches the client and nothing runs', async () => {
    const paired = await serve({ approval: 'risky' });
    const { page } = await openTab();
    await pair(page, paired);
    const pending = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Delete account') } });
    await remotePanel(page).locator('.approval .note-input').fill('Keep my account');
    await remotePanel(page).locator('.approval .deny').click();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, approval: 'denied' });
    expect(textOf(result)).toContain('Keep my account');
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
    const approved = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Delete account') } });
    await remotePanel(page).locator('.approval .allow').click();
    expect((await approved).structuredContent).toMatchObject({ success: true, approval: 'approved' });
    expect(await page.locator('#status').textContent()).toBe('Account deleted.');
  });

  it('Stop in the panel wins: the waiting action is cancelled, the server hears it, and the pairing goes on', async () => {
    const paired = await serve({ approval: 'all' });
    const { page } = await openTab();
    await pair(page, paired);
    const pending = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Save profile') } });
    await remotePanel(page).locator('.approval').waitFor();
    await remotePanel(page).locator('.stop').click();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Stopped by the user/);
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
    await expect.poll(() => paired.logs.join('\n')).toContain('The user pressed Stop in the paired tab.');
    const next = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Save profile') } });
    await remotePanel(page).locator('.approval .allow').click();
    expect((await next).structuredContent).toMatchObject({ success: true, approval: 'approved' });
    expect(await page.locator('#status').textContent()).toBe('Saved .');
  });

  it('runs page_task with the server model in the paired tab', async () => {
    const model = scriptedModel([
      (r) => ({ input_text: { index: indexOf(r, '<input'), text: 'Grace' } }),
      (r) => ({ click_element_by_index: { index: indexOf(r, 'Save profile') } }),
      () => ({ done: { text: 'Saved the profile as Grace.', success: true } }),
    ]);
    llm.reset();
    llm.setHandler(model);
    const paired = await serve({ llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const { page } = await openTab();
    await pair(page, paired);
    expect((await paired.client.listTools()).tools.map((tool) => tool.name)).toContain('page_task');
    const result = await paired.client.callTool({ name: 'page_task', arguments: { task: 'Save my profile as Grace' } });
    expect(model.errors).toEqual([]);
    expect(result.structuredContent).toMatchObject({ success: true, answer: 'Saved the profile as Grace.', url: PAGE() });
    expect(await page.locator('#status').textContent()).toBe('Saved Grace.');
  });
});

describe('mcp --pair: Stop during page_task', () => {
  it('Stop in the paired tab stops a running page_task', async () => {
    llm.reset();
    llm.setHandler(() => ({ fault: 'hang' }));
    const paired = await serve({ llm: { baseURL: llm.baseURL, model: 'mock-model' } });
    const { page } = await openTab();
    await pair(page, paired);
    const pending = paired.client.callTool({ name: 'page_task', arguments: { task: 'Save my profile' } });
    await expect.poll(() => llm.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await remotePanel(page).locator('.stop').click();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, status: 'stopped', answer: 'Stopped by the user in the page.' });
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
  });
});

describe('mcp --pair: the tab or the server goes away', () => {
  it('reports an action whose tab closed while it waited for approval as not run', async () => {
    const paired = await serve({ approval: 'all' });
    const { page } = await openTab();
    await pair(page, paired);
    const pending = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Save profile') } });
    await remotePanel(page).locator('.approval').waitFor();
    await page.close();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The paired tab went away during click \(the tab was closed or left\); it was not run\./);
    expect(textOf(result)).toContain('No tab is paired now.');
    expect(paired.host.tab).toBeUndefined();
  });

  it('a click that leaves the page is done, ends the pairing, and the next page does not carry the remote task', async () => {
    const paired = await serve();
    const { page } = await openTab();
    await pair(page, paired);
    const result = await paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Another page') } });
    expect(result.structuredContent).toMatchObject({ success: true });
    expect(textOf(result)).toContain('paired.html?page=2');
    expect(textOf(result)).toContain('ask the user to pair the new page');
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => !!window.pageAgent);
    // The page's own agent (its own model) must not continue "Controlled by … via MCP".
    expect(await page.evaluate(() => window.pageAgent!.status)).toBe('idle');
    expect(await page.evaluate(() => sessionStorage.getItem('page-agent:task'))).toBeNull();
  });

  it('the server closing mid-action ends the pairing in the page with a clear message and leaves the page usable', async () => {
    const paired = await serve({ approval: 'all' });
    const { page, warnings } = await openTab();
    await pair(page, paired);
    const pending = paired.client.callTool({ name: 'click', arguments: { index: await indexIn(paired.client, 'Save profile') } });
    await remotePanel(page).locator('.approval').waitFor();
    await paired.host.close();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('it was not run');
    await expect.poll(() => warnings.join('\n')).toContain('The MCP server closed the connection; the pairing ended');
    await expect.poll(() => remotePanel(page).locator('.approval').count()).toBe(0);
    expect(await page.evaluate(() => window.pageAgent!.status)).toBe('idle');
    await page.locator('#save').click();
    expect(await page.locator('#status').textContent()).toBe('Saved .');
    // The remote panel keeps the reason until the user closes it; then the page's own panel is back.
    expect(await panelText(page)).toContain('The MCP server closed the connection');
    await remotePanel(page).locator('.close').click();
    await expect.poll(() => page.evaluate(() => !window.pageAgent!.panel.wrapper.hidden)).toBe(true);
    expect(await page.locator('page-agent-panel').count()).toBe(1);
  });

  it('closing the remote panel (after Stop) ends the pairing, and the server reports the tab gone', async () => {
    const paired = await serve();
    const { page } = await openTab();
    await pair(page, paired);
    expect(await page.evaluate(() => window.pageAgent!.panel.wrapper.hidden)).toBe(true);
    await remotePanel(page).locator('.stop').click();
    await remotePanel(page).locator('.close').click();
    await expect.poll(() => paired.host.tab).toBeUndefined();
    expect(paired.logs.join('\n')).toContain('ended: the user closed the remote panel in the page');
    const read = await paired.client.callTool({ name: 'page_read', arguments: {} });
    expect(textOf(read)).toContain('The paired tab is gone (the user closed the remote panel in the page); no tab is paired now.');
    expect(await page.evaluate(() => window.pageAgent!.panel.wrapper.hidden)).toBe(false);
  });

  it('the server process killed mid-action (the real bin over stdio): the client gets an error, the page stops the run and stays usable', async () => {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
    const bin = join(resolve(import.meta.dirname, '../../..'), 'bin/drop-in-page-agent.mjs');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--pair', '--pair-port', String(port), '--approval', 'all'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => (stderr += chunk));
    const client = new Client({ name: 'Test Agent', version: '1.0.0' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    const snippet = /^\s+(document\.head\.appendChild.*)$/m;
    await expect.poll(() => snippet.exec(stderr)?.[1], { timeout: 20_000 }).toBeTruthy();
    const { page, warnings } = await openTab();
    await runSnippet(page, snippet.exec(stderr)![1]!);
    await remotePanel(page).locator('.approval .allow').click();
    await expect.poll(() => stderr).toContain('paired with');
    const pending = client.callTool({ name: 'click', arguments: { index: await indexIn(client, 'Save profile') } });
    await remotePanel(page).locator('.approval').waitFor();
    process.kill(transport.pid!, 'SIGKILL');
    await expect(pending).rejects.toThrow();
    await expect.poll(() => warnings.join('\n')).toContain('The MCP server closed the connection; the pairing ended');
    await expect.poll(() => remotePanel(page).locator('.approval').count()).toBe(0);
    expect(await page.locator('#status').textContent()).toBe('Nothing saved yet.');
    await page.locator('#save').click();
    expect(await page.locator('#status').textContent()).toBe('Saved .');
  });
});
