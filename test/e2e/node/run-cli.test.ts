// `drop-in-page-agent run` through the real bin (dist/node.mjs, its own Chromium): the answer on
// stdout, progress on stderr, --json, exit codes for every bad input, and Ctrl+C leaving no Chromium.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, runBin, scriptedModel, stopBins, type Spawned } from './runner-helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/drop-in-page-agent.mjs');
const work = mkdtempSync(join(tmpdir(), 'run-cli-'));

let llm: MockLLMServer;
let site: StaticServer;
const page = (name: string) => site.url(`/test/fixtures/node-runner/${name}`);

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => llm.reset());

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

afterEach(stopBins);

/** Runs the bin with the mock model configured (unless `env` overrides it); `onStart` sees the child. */
function cli(args: string[], env: Record<string, string> = {}, onStart?: (child: ChildProcess) => void): Promise<Spawned> {
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'mock-model' };
  return runBin(BIN, args, work, { ...base, ...env }, onStart);
}

// Each test starts the bin, and most start its own Chromium: tens of seconds for two runs on a loaded
// two-core machine, past the e2e default of 30 s.
describe('drop-in-page-agent run', { timeout: 120_000 }, () => {
  it('prints the answer on stdout, progress on stderr, and exits 0', async () => {
    llm.setHandler(
      scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Order 1002') } }),
        () => ({ done: { text: 'Order 1002 totals $125.50.', success: true } }),
      ]),
    );
    const result = await cli(['run', '--url', page('list.html'), 'What is the total of order 1002?']);
    expect(result.stderr).toContain('step 1: click_element_by_index {"index":');
    expect(result.stderr).toContain('step 2: done');
    expect(result.stdout).toBe('Order 1002 totals $125.50.\n\nSources:\n- ' + page('list.html') + '\n- ' + page('detail.html?id=1002') + '\n');
    expect(result.code).toBe(0);
  });

  it('prints the whole result with --json', async () => {
    llm.setHandler(scriptedModel([() => ({ done: { text: 'Two mugs.', success: true } })]));
    const result = await cli(['run', '--json', '--url', page('shop.html'), 'How many mugs are for sale?']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ success: true, status: 'completed', data: 'Two mugs.', visitedUrls: [page('shop.html')], usage: { totalTokens: 120 } });
    expect(json.history[0].type).toBe('step');
    expect(json.history[0]).not.toHaveProperty('rawRequest');
    expect(json.history[0]).not.toHaveProperty('rawResponse');
  });

  it('prints typed data as JSON with --schema, and names a bad schema file', async () => {
    llm.setHandler(scriptedModel([() => ({ done: { text: 'Two mugs.', success: true, data: { mugs: '2' } } })]));
    const file = join(work, 'mugs.schema.json');
    writeFileSync(file, JSON.stringify({ type: 'object', properties: { mugs: { type: 'integer' } }, required: ['mugs'] }));
    const result = await cli(['run', '--schema', file, '--url', page('shop.html'), 'How many mugs are for sale?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{\n  "mugs": 2\n}\n');
    expect(JSON.parse(llm.requests[0]!.rawBody).tools[0].function.parameters.properties.action.anyOf.some((v: any) => v.properties.done?.properties.data)).toBe(true);

    const missing = await cli(['run', '--schema', 'nowhere.json', '--url', page('shop.html'), 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('run: --schema nowhere.json: cannot read the file');
    writeFileSync(join(work, 'bad.json'), '{ type: object');
    const bad = await cli(['run', '--schema', 'bad.json', '--url', page('shop.html'), 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('run: --schema bad.json: not JSON');
    writeFileSync(join(work, 'nonschema.json'), '{"mugs": "number"}');
    const notSchema = await cli(['run', '--schema', 'nonschema.json', '--url', page('shop.html'), 'x']);
    expect(notSchema.code).toBe(2);
    expect(notSchema.stderr).toContain('outputSchema must be a zod schema or a JSON Schema object');
  });

  it('exits 1 when the task fails, and saves a screenshot with --screenshot-on-fail', async () => {
    llm.setHandler(scriptedModel([() => ({ done: { text: 'There is no green mug.', success: false } })]));
    const shots = join(work, 'shots');
    const result = await cli(['run', '--url', page('shop.html'), '--screenshot-on-fail', shots, 'Buy the green mug']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('There is no green mug.\n');
    expect(result.stderr).toMatch(/The task failed; screenshot: .*failure-.*\.png/);
    expect(readdirSync(shots).filter((name) => name.endsWith('.png'))).toHaveLength(1);
  });

  it('exits 1 when the task runs out of steps', async () => {
    // A model that keeps scrolling, even on the last step where only `done` is offered.
    llm.setHandler(() => agentStep({ scroll: { down: true } }));
    const result = await cli(['run', '--max-steps', '2', '--url', page('shop.html'), 'Keep scrolling']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Stopped after 2 steps (maxSteps): the model did not call done on the last step');
    expect(result.stderr).toContain('The task failed.');
  });

  it.each([
    [['run', 'a task'], 'run: --url is required'],
    [['run', '--url', 'https://example.com'], 'run: give the task in quotes'],
    [['run', '--url', 'not a url', 'task'], 'The start URL "not a url" is not a URL'],
    [['run', '--url', 'ftp://example.com/', 'task'], 'The start URL must be http, https or file'],
    [['run', '--max-steps', 'many', '--url', 'https://example.com', 'task'], '--max-steps must be a whole number from 1 to 1000, got "many"'],
    [['run', '--bogus', '--url', 'https://example.com', 'task'], 'run: unknown option "--bogus"'],
    [['run', '--url'], 'run: --url needs a value'],
    [['run', '--allowed-origins', 'example.com', '--url', 'https://example.com', 'task'], '--allowed-origins: "example.com" is not an origin'],
    [['run', '--language', 'fr', '--url', 'https://example.com', 'task'], '--language must be en-US or zh-CN'],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('exits 2 when no model is configured, naming what is missing', async () => {
    const result = await cli(['run', '--url', page('shop.html'), 'task'], { LLM_BASE_URL: '', LLM_MODEL: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No model configured: set LLM_BASE_URL (or --base-url) and LLM_MODEL (or --model)');
  });

  it('reads the model settings from .env', async () => {
    const dir = mkdtempSync(join(work, 'env-'));
    writeFileSync(join(dir, 'settings.env'), `LLM_BASE_URL=${llm.baseURL}\nLLM_MODEL=from-env-file\n`);
    llm.setHandler(scriptedModel([() => ({ done: { text: 'ok', success: true } })]));
    const result = await cli(['run', '--env-file', join(dir, 'settings.env'), '--url', page('shop.html'), 'task'], { LLM_BASE_URL: '', LLM_MODEL: '' });
    // An empty variable in the environment counts as unset only in .env merging when absent: here it is set empty.
    expect(result.code).toBe(2);
    const fromFile = await cli(['run', '--env-file', join(dir, 'settings.env'), '--url', page('shop.html'), 'task'], {});
    expect(fromFile.code).toBe(0);
    expect(llm.requests.at(-1)!.body.model).toBe('mock-model');
  });

  it('exits 2 when CHROMIUM_PATH points nowhere', async () => {
    const result = await cli(['run', '--url', page('shop.html'), 'task'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('CHROMIUM_PATH is /nonexistent/chromium, but no file is there');
  });

  it('exits 3 when the start URL does not load (refused, DNS failure)', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/`;
    const refused = await cli(['run', '--url', closed, 'task']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`${closed} did not load: net::ERR_CONNECTION_REFUSED`);
    const dns = await cli(['run', '--url', 'http://no-such-host.invalid/', 'task']);
    expect(dns.code).toBe(3);
    expect(dns.stderr).toContain('http://no-such-host.invalid/ did not load: net::ERR_NAME_NOT_RESOLVED');
  });

  it('exits 3 when the model endpoint cannot be reached, 2 when it refuses the key', async () => {
    const port = await closedPort();
    const unreachable = await cli(['run', '--url', page('shop.html'), 'task'], { LLM_BASE_URL: `http://127.0.0.1:${port}/v1` });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain(`The model endpoint http://127.0.0.1:${port} could not be reached: ECONNREFUSED`);
    llm.setHandler(() => ({ fault: 'auth' }));
    const refused = await cli(['run', '--url', page('shop.html'), 'task'], { LLM_API_KEY: 'sk-wrong' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('answered HTTP 401: Incorrect API key provided (check LLM_API_KEY)');
    expect(refused.stderr).not.toContain('sk-wrong');
  });

  it('stops on Ctrl+C, closes Chromium and exits 130', async () => {
    const profileRoot = mkdtempSync(join(work, 'tmp-'));
    llm.setHandler(() => ({ fault: 'hang' }));
    const result = await cli(['run', '--url', page('shop.html'), 'task'], { TMPDIR: profileRoot }, (child) => {
      const poll = setInterval(() => {
        if (llm.requests.length > 0) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 50);
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Stopping (Ctrl+C again to quit at once)');
    // The command, not Playwright's own SIGINT handler, ends the process, after its notice.
    expect(result.stderr).toContain('Interrupted; the browser was closed.');
    // No Chromium of this run is left: its profile lives under our TMPDIR. Its helper processes may
    // take a moment to go after the browser process on a loaded machine: wait for them (20 s at most).
    const left = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(profileRoot));
    for (let waited = 0; left().length > 0 && waited < 20_000; waited += 200) await new Promise((done) => setTimeout(done, 200));
    expect(left()).toEqual([]);
    expect(existsSync(profileRoot)).toBe(true);
  });
});
