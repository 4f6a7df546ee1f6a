// The relay command line, in-process and through the real bin: .env handling, a relay without a
// key, a port in use, usage errors, and the message when dist/relay.mjs has not been built.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIO, type CliResult } from '../../../relay/cli.js';
import { SILENT_LOGGER } from '../../../relay/logger.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const KEY = 'sk-cli-test-0011223344556677';
const work = mkdtempSync(join(tmpdir(), 'relay-cli-'));
const started: CliResult[] = [];

function io(env: Record<string, string | undefined> = {}, cwd = work) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIO = { env, cwd, out: (t) => out.push(t), err: (t) => err.push(t), logger: SILENT_LOGGER };
  return { io: value, out, err };
}

async function run(args: string[], env: Record<string, string | undefined> = {}, cwd = work) {
  const streams = io(env, cwd);
  const result = await runCli(args, streams.io);
  if (result.relay) started.push(result);
  return { ...result, out: streams.out.join('\n'), err: streams.err.join('\n') };
}

let blocker: Server;
let busyPort: number;
let upstream: MockLLMServer;

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  busyPort = (blocker.address() as AddressInfo).port;
  upstream = await startMockLLMServer();
});
afterAll(async () => {
  await Promise.all(started.map((r) => r.relay!.close()));
  await new Promise<void>((done) => blocker.close(() => done()));
  await upstream.close();
  rmSync(work, { recursive: true, force: true });
});

describe('runCli', () => {
  it('names the line of a malformed .env and does not start', async () => {
    const dir = mkdtempSync(join(work, 'env-'));
    writeFileSync(join(dir, '.env'), `# upstream\nLLM_BASE_URL=https://api.openai.com/v1\nLLM_API_KEY ${KEY}\n`);
    const result = await run(['relay', '--port', '0'], {}, dir);
    expect(result.exitCode).toBe(1);
    expect(result.relay).toBeUndefined();
    expect(result.err).toBe('drop-in-page-agent relay: .env line 3: expected KEY=value, but the line has no "="');
  });

  it('reads .env, lets the environment win, and never prints the key', async () => {
    const dir = mkdtempSync(join(work, 'env-'));
    writeFileSync(join(dir, '.env'), `LLM_BASE_URL=${upstream.baseURL}\nLLM_API_KEY="${KEY}"\nLLM_MODEL=from-file\n`);
    const result = await run(['relay', '--port=0'], { LLM_MODEL: 'from-env' }, dir);
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain(`listening on ${result.relay!.url}`);
    expect(result.out).toContain(`upstream  ${upstream.baseURL}`);
    expect(result.out).toContain('model     from-env (pinned)');
    expect(result.out).toContain('key       set (never logged)');
    expect(result.out).not.toContain(KEY);
    expect(result.out).not.toContain('NOT CONFIGURED');
    upstream.enqueue({ content: 'ok' });
    expect(result.out).toContain('hosts     localhost, 127.0.0.1 (set RELAY_HOSTS for other names)');
    expect(result.out).toContain('origins   its own origin; requests without Origin refused');
    expect(result.out).toContain('deadlines headers within 10 s, body within 30 s');
    expect(result.out).toContain('clients   anyone allowed by host and origin (no RELAY_TOKEN_SECRET or RELAY_VERIFY_URL)');
    expect(result.out).toContain('budgets   none (RELAY_DAILY_TOKENS_PER_CLIENT, RELAY_DAILY_TOKENS)');
    expect(result.out).toContain('requests  max_tokens ≤ 8192, n ≤ 1, standard fields only');
    const res = await fetch(`${result.relay!.url}/chat/completions`, { method: 'POST', headers: { origin: result.relay!.url }, body: '{"messages":[]}' });
    expect(res.status).toBe(200);
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.requests.at(-1)!.body.model).toBe('from-env');
  });

  it('reads an explicit --env-file and refuses one that does not exist', async () => {
    const file = join(work, 'relay.env');
    writeFileSync(file, 'LLM_BASE_URL=http://localhost:11434/v1\nLLM_MODEL=qwen2.5:7b\n');
    const ok = await run(['relay', '--port', '0', '--env-file', file, '--prefix', '/api/llm']);
    expect(ok.exitCode).toBe(0);
    expect(ok.relay!.url).toMatch(/\/api\/llm$/);
    expect(ok.out).toContain('key       not set');
    expect(ok.out).not.toContain('NOT CONFIGURED');
    const missing = await run(['relay', '--env-file', join(work, 'nope.env')]);
    expect(missing.exitCode).toBe(1);
    expect(missing.err).toContain(`The env file ${join(work, 'nope.env')} does not exist.`);
  });

  it('starts without a key, says what is missing and how to fix it, and answers with the explanation', async () => {
    const result = await run(['relay', '--port', '0'], { LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat' });
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain('NOT CONFIGURED: The LLM relay has no upstream configured: LLM_API_KEY is not set on the server.');
    for (const name of ['OpenAI', 'DeepSeek', 'Qwen (DashScope)', 'OpenRouter', 'Ollama', 'LM Studio']) expect(result.out).toContain(name);
    const res = await fetch(`${result.relay!.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toMatch(/^The LLM relay has no upstream configured: LLM_API_KEY is not set/);
  });

  it('names the port when it is in use', async () => {
    const result = await run(['relay', '--port', String(busyPort)], {});
    expect(result.exitCode).toBe(1);
    expect(result.err).toBe(
      `drop-in-page-agent relay: Port ${busyPort} is already in use on 127.0.0.1. Stop the program using it, or choose another port (--port <n>).`,
    );
  });

  it('reports malformed settings by variable name', async () => {
    const result = await run(['relay', '--port', '0'], { RELAY_RATE_LIMIT: 'many' });
    expect(result.exitCode).toBe(1);
    expect(result.err).toBe('drop-in-page-agent relay: RELAY_RATE_LIMIT: must be a whole number (0 or more), got "many"');
  });

  it('explains usage mistakes', async () => {
    expect((await run(['serve'])).err).toMatch(/^Unknown command "serve"\. The commands are "relay" and "run"/);
    expect((await run(['relay', '--prot', '1'])).err).toMatch(/^Unknown option "--prot"\./);
    expect((await run(['relay', '--port'])).err).toMatch(/^Option --port needs a value\./);
    expect((await run(['relay', '--port', 'http'])).err).toMatch(/^The port must be a number from 0 to 65535, got "http"\./);
    const help = await run(['relay', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.out).toMatch(/^Usage: drop-in-page-agent relay \[options\]/);
  });
});

describe('bin/drop-in-page-agent.mjs', () => {
  // A package-shaped folder: bin/ beside dist/relay.mjs bundled from relay/main.ts, so the test
  // neither needs nor disturbs the repository's dist/.
  const pkg = join(work, 'pkg');
  const bare = join(work, 'bare');
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    for (const dir of [pkg, bare]) mkdirSync(join(dir, 'bin'), { recursive: true });
    copyFileSync(join(ROOT, 'bin/drop-in-page-agent.mjs'), join(pkg, 'bin/drop-in-page-agent.mjs'));
    copyFileSync(join(ROOT, 'bin/drop-in-page-agent.mjs'), join(bare, 'bin/drop-in-page-agent.mjs'));
    await build({
      entryPoints: [join(ROOT, 'relay/main.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      define: { __VERSION__: '"0.0.0-test"' },
      outfile: join(pkg, 'dist/relay.mjs'),
      logLevel: 'warning',
    });
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  function spawnBin(dir: string, args: string[], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [join(dir, 'bin/drop-in-page-agent.mjs'), ...args], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const output = (pattern: RegExp) =>
      new Promise<string>((done, fail) => {
        const check = () => (pattern.test(stdout) ? done(stdout) : undefined);
        child.stdout.on('data', check);
        child.on('exit', () => fail(new Error(`bin exited before printing ${pattern}: ${stdout}${stderr}`)));
        check();
      });
    return { child, exited, output, stderr: () => stderr, stdout: () => stdout };
  }

  it('tells the user to run npm run build when dist/relay.mjs is missing', async () => {
    const bin = spawnBin(bare, ['relay']);
    expect(await bin.exited).toBe(1);
    expect(bin.stderr()).toContain(`drop-in-page-agent: ${join(bare, 'dist/relay.mjs')} is missing.`);
    expect(bin.stderr()).toContain('run `npm run build`');
  });

  it('starts the relay, serves health, and stops on SIGTERM', async () => {
    const bin = spawnBin(pkg, ['relay', '--port', '0'], { LLM_BASE_URL: upstream.baseURL, LLM_MODEL: 'm', LLM_API_KEY: KEY });
    const out = await bin.output(/listening on (http:\/\/\S+)/);
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
    const health = await (await fetch(`${url}/health`)).json();
    expect(health).toMatchObject({ ok: true, version: '0.0.0-test', model: 'm', keyConfigured: true });
    bin.child.kill('SIGTERM');
    expect(await bin.exited).toBe(0);
    expect(bin.stdout() + bin.stderr()).not.toContain(KEY);
  });

  it('exits with a message naming the port when it is in use', async () => {
    const bin = spawnBin(pkg, ['relay', '--port', String(busyPort)]);
    expect(await bin.exited).toBe(1);
    expect(bin.stderr()).toContain(`Port ${busyPort} is already in use on 127.0.0.1.`);
  });

  it('exports mintRelayToken from the bundled relay for site backends, without side effects on import', async () => {
    const script = `
      const relay = await import(${JSON.stringify(pathToFileURL(join(pkg, 'dist/relay.mjs')).href)});
      const secret = 'x'.repeat(32);
      const token = relay.mintRelayToken({ secret, subject: 'u1', origin: 'https://app.example.com' });
      const check = relay.verifyRelayToken(token, { secrets: [secret], origin: 'https://app.example.com', maxTtlSeconds: 3600 });
      console.log(JSON.stringify({ ok: check.ok, subject: check.subject, aud: relay.RELAY_TOKEN_AUDIENCE }));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: work });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    // The process exits on its own: importing the relay starts no server and no timer.
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ ok: true, subject: 'u1', aud: 'drop-in-page-agent-relay' });
  });

  it('prints the version', async () => {
    const bin = spawnBin(pkg, ['--version']);
    expect(await bin.exited).toBe(0);
    expect(bin.stdout().trim()).toBe('0.0.0-test');
  });
});
