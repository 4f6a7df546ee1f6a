// `drop-in-page-agent mcp` through the real bin over stdio (dist/node.mjs, its own headless Chromium),
// driven by the MCP SDK's own Client: the tools, an action, page_task with the mock model, the
// client going away or the server dying mid-task, and usage errors before anything starts.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, scriptedModel } from './runner-helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/drop-in-page-agent.mjs');
const work = mkdtempSync(join(tmpdir(), 'mcp-cli-'));

let llm: MockLLMServer;
let site: StaticServer;
const page = (name: string) => site.url(`/test/fixtures/${name}`);

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => llm.reset());

let client: Client | undefined;
afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
});

/** The processes whose command line mentions `profileRoot` (the Chromium of one server run). */
const processesUnder = (profileRoot: string) => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(profileRoot));

async function waitUntilGone(profileRoot: string): Promise<string[]> {
  for (let waited = 0; processesUnder(profileRoot).length > 0 && waited < 20_000; waited += 200) await new Promise((done) => setTimeout(done, 200));
  return processesUnder(profileRoot);
}

/** Starts the server through the bin and connects the SDK client; Chromium's profile goes under its own TMPDIR. */
async function startServer(args: string[], env: Record<string, string> = {}): Promise<{ client: Client; transport: StdioClientTransport; profileRoot: string; stderr: () => string }> {
  const profileRoot = mkdtempSync(join(work, 'tmp-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--headless', ...args],
    cwd: work,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: profileRoot, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  client = new Client({ name: 'CLI Test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, profileRoot, stderr: () => stderr };
}

/** A loopback port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[]).map((part) => part.text).join('\n');

// Each test starts the bin, most with their own Chromium: up to 30 s on a loaded two-core machine.
describe('drop-in-page-agent mcp (stdio)', { timeout: 120_000 }, () => {
  it('serves the page tools, acts, runs page_task, and closes Chromium when the client goes', async () => {
    llm.setHandler(
      scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Add red mug') } }),
        () => ({ done: { text: 'The red mug is in the cart.', success: true } }),
      ]),
    );
    const server = await startServer(['--url', page('node-runner/shop.html')], { LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'mock-model' });
    const names = (await server.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(['page_read', 'click', 'type', 'select', 'scroll', 'scroll_to_text', 'press_key', 'hover', 'navigate', 'tabs', 'page_task']);
    const listing = textOf(await server.client.callTool({ name: 'page_read', arguments: {} }));
    expect(listing).toContain('Mug shop');
    const found = await server.client.callTool({ name: 'scroll_to_text', arguments: { text: 'Red mug, $14' } });
    expect(found.isError).toBeFalsy();
    const progress: number[] = [];
    const task = await server.client.callTool({ name: 'page_task', arguments: { task: 'Put the red mug in the cart' } }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(task.structuredContent).toMatchObject({ success: true, answer: 'The red mug is in the cart.' });
    expect(progress).toEqual([1, 2]);
    expect(textOf(await server.client.callTool({ name: 'page_read', arguments: {} }))).toContain('The cart holds 1 item.');
    expect(server.stderr()).toContain('Chromium is open (headless) for CLI Test; approval: risky.');
    await server.client.close();
    client = undefined;
    expect(await waitUntilGone(server.profileRoot)).toEqual([]);
  });

  it('offers no page_task without a model; a killed server fails the call in flight with a clear error', async () => {
    llm.setHandler(() => ({ fault: 'hang' }));
    const server = await startServer(['--url', page('node-runner/shop.html')]);
    expect((await server.client.listTools()).tools.map((tool) => tool.name)).not.toContain('page_task');
    expect(server.stderr()).toContain('no model configured');
    const pending = server.client.callTool({ name: 'page_read', arguments: {} }).then(() => server.client.callTool({ name: 'navigate', arguments: { url: llm.baseURL } }));
    // The navigation hangs on the model server's socket: kill the server meanwhile.
    for (let waited = 0; llm.requests.length === 0 && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    process.kill(server.transport.pid!, 'SIGKILL');
    await expect(pending).rejects.toThrow(/closed/i);
    expect(await waitUntilGone(server.profileRoot)).toEqual([]);
  });

  it('serves Streamable HTTP with --http: one client at a time, other origins refused, Ctrl+C closes all', async () => {
    const port = await freePort();
    const profileRoot = mkdtempSync(join(work, 'tmp-'));
    const child = spawn(process.execPath, [BIN, 'mcp', '--headless', '--http', '--port', String(port), '--url', page('mcp/form.html')], {
      cwd: work,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: profileRoot },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    for (let waited = 0; !stderr.includes('listening on') && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    expect(stderr).toContain(`listening on http://127.0.0.1:${port}/mcp`);
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    client = new Client({ name: 'HTTP Test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    expect(textOf(await client.callTool({ name: 'page_read', arguments: {} }))).toContain('Nothing saved yet.');
    const second = new Client({ name: 'Second', version: '1.0.0' });
    await expect(second.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(/Another MCP client is connected/);
    const foreign = await fetch(url, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(foreign.status).toBe(403);
    const malformed = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('Parse error');
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await waitUntilGone(profileRoot)).toEqual([]);
  });

  it('with --pair launches no browser: prints the pairing code and snippet, serves /pair.js, and exits when the client goes', async () => {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
    const child = spawn(process.execPath, [BIN, 'mcp', '--pair', '--pair-port', String(port)], { cwd: work, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const closed = new Promise<number | null>((done) => child.on('close', done));
    for (let waited = 0; !/pairing code \d{6}/.test(stderr) && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    const code = /pairing code (\d{6})/.exec(stderr)?.[1];
    expect(code).toBeDefined();
    expect(stderr).toContain(`http://127.0.0.1:${port}/pair.js?code=${code}`);
    const script = await fetch(`http://127.0.0.1:${port}/pair.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain(`ws://127.0.0.1:${port}/pair`);
    child.stdin.end();
    expect(await closed).toBe(0);
  });

  it('answers a line that is not JSON-RPC with a parse error, says so on stderr, and goes on', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--headless'], { cwd: work, env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: mkdtempSync(join(work, 'tmp-')) } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const closed = new Promise<number | null>((done) => child.on('close', done));
    const send = (line: string) => child.stdin.write(`${line}\n`);
    const replies = () => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: unknown; result?: { tools?: unknown[] }; error?: { code: number; message: string } });
    const reply = async (id: unknown) => {
      for (let waited = 0; waited < 30_000; waited += 50) {
        const found = replies().find((message) => message.id === id);
        if (found) return found;
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`no reply ${String(id)} in ${stdout}`);
    };
    send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    await reply(1);
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    send('{this is not json');
    expect((await reply(null)).error).toMatchObject({ code: -32700, message: expect.stringMatching(/^Parse error: not a JSON-RPC message/) });
    send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such' }));
    expect((await reply(2)).error?.code).toBe(-32601);
    send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect((await reply(3)).result?.tools).toHaveLength(10);
    expect(stderr).toContain('a message from the client could not be read');
    child.stdin.end();
    expect(await closed).toBe(0);
  });

  it.each([
    [['mcp', '--approval', 'maybe'], '--approval must be off, risky or all, got "maybe"'],
    [['mcp', '--url', 'ftp://example.com/'], '--url must be http, https or file'],
    [['mcp', '--port', '9000'], '--port needs --http'],
    [['mcp', '--http', '--port', 'x'], '--port must be a whole number from 1 to 65535'],
    [['mcp', 'extra'], 'mcp takes no positional arguments'],
    [['mcp', '--pair', '--url', 'https://example.com/'], '--pair drives a tab of your own browser; --url is for the browser mcp launches'],
    [['mcp', '--pair-port', '9000'], '--pair-port needs --pair'],
    [['mcp', '--base-url', 'not a url', '--model', 'm'], 'LLM_BASE_URL "not a url" is not a URL'],
  ])('exits 2 on a usage error before starting anything: %j', async (args, message) => {
    const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: work, env: { PATH: process.env.PATH } });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
