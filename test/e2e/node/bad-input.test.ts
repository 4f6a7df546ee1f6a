// The bad inputs of the Node runner that its other tests do not cover: no Chromium anywhere (the real
// playwright-core looking for its browsers), playwright-core missing, and for `test` a model endpoint
// that refuses or cannot be reached, a test that runs out of steps, and Ctrl+C (the browser closed,
// the report still written).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findChromium, launchChromium, PLAYWRIGHT_INSTALL } from '../../../node/index.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/drop-in-page-agent.mjs');
const work = mkdtempSync(join(tmpdir(), 'bad-input-'));

let llm: MockLLMServer;
let site: StaticServer;

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => llm.reset());

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The Chromium processes whose command line mentions `marker` (their profile lives under it). */
const chromiumsUnder = (marker: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'));

/** Waits until no Chromium of a run is left; resolves with what is left when it gives up (20 s). */
async function leftoverChromiums(marker: string): Promise<string[]> {
  for (let waited = 0; waited < 20_000; waited += 200) {
    const left = chromiumsUnder(marker);
    if (left.length === 0) return [];
    await new Promise((done) => setTimeout(done, 200));
  }
  return chromiumsUnder(marker);
}

function cli(args: string[], env: Record<string, string> = {}, onStart?: (child: ReturnType<typeof spawn>) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: work,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'mock-model', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    onStart?.(child);
  });
}

function testFile(text: string): string {
  const path = join(mkdtempSync(join(work, 'case-')), 'shop.test.md');
  writeFileSync(path, text);
  return path;
}
const SHOP = () => `url: ${site.url('/test/fixtures/node-runner/shop.html')}\n\n## Adds a mug\n- Add the blue mug to the cart.\n- expect: the cart holds 1 item\n`;

describe('finding and starting Chromium', () => {
  it('says how to get a Chromium when there is none (exit code 3), with the real playwright-core', () => {
    // No CHROMIUM_PATH, no system Chromium, and Playwright's browser folder empty.
    const script = `import { launchChromium } from ${JSON.stringify(join(ROOT, 'dist/node.mjs'))};
      try { await launchChromium({ env: {}, exists: () => false }); console.log('launched'); }
      catch (error) { console.log(JSON.stringify({ kind: error.kind, exitCode: error.exitCode, message: error.message })); }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PLAYWRIGHT_BROWSERS_PATH: join(work, 'no-browsers') },
    });
    expect(JSON.parse(out)).toEqual({
      kind: 'browser',
      exitCode: 3,
      message: 'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, install your system package (e.g. `apt-get install chromium`), or run `npx playwright install chromium`.',
    });
  });

  it('names the install command when playwright-core is missing (exit code 2)', async () => {
    const missing = Object.assign(new Error("Cannot find package 'playwright-core'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(launchChromium({ env: {}, importer: () => Promise.reject(missing) })).rejects.toMatchObject({
      kind: 'config',
      exitCode: 2,
      message: `playwright-core is not installed; drop-in-page-agent drives Chromium through it. Install it with: ${PLAYWRIGHT_INSTALL}`,
    });
  });

  it('looks at CHROMIUM_PATH, then the system Chromium, then leaves it to Playwright', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, (path) => path === '/opt/chrome')).toBe('/opt/chrome');
    expect(findChromium({}, (path) => path === '/usr/bin/chromium-browser')).toBe('/usr/bin/chromium-browser');
    expect(findChromium({}, () => false)).toBeUndefined();
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere' }, () => false)).toThrow('CHROMIUM_PATH is /nowhere, but no file is there');
  });
});

// Each test starts the bin (twice in some) and its own Chromium: tens of seconds on a loaded two-core machine.
describe('drop-in-page-agent test on bad input', { timeout: 120_000 }, () => {
  it('exits 2 when the model endpoint refuses the key, and 3 when it cannot be reached', async () => {
    const file = testFile(SHOP());
    llm.setHandler(() => ({ fault: 'auth' }));
    const refused = await cli(['test', file], { LLM_API_KEY: 'sk-wrong' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('answered HTTP 401: Incorrect API key provided (check LLM_API_KEY)');
    expect(refused.stderr).not.toContain('sk-wrong');
    const port = await closedPort();
    const unreachable = await cli(['test', file], { LLM_BASE_URL: `http://127.0.0.1:${port}/v1` });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain(`The model endpoint http://127.0.0.1:${port} could not be reached: ECONNREFUSED`);
  });

  it('fails a test whose steps run out of model calls (exit 1), naming the steps', async () => {
    llm.setHandler(() => agentStep({ scroll: { down: true } }));
    const file = testFile(SHOP().replace('## Adds a mug', '## Adds a mug\nmax-steps: 2'));
    const result = await cli(['test', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/shop\.test\.md:5: The steps from line 5 could not be done: Stopped after 2 steps \(maxSteps\)/);
  });

  it('stops on Ctrl+C: exit 130, the report still written, no Chromium left', async () => {
    const profiles = mkdtempSync(join(work, 'tmp-'));
    const report = join(work, 'interrupted.xml');
    llm.setHandler(() => ({ fault: 'hang' }));
    const result = await cli(['test', '--reporter', 'junit', '--output', report, testFile(SHOP())], { TMPDIR: profiles }, (child) => {
      const poll = setInterval(() => {
        if (llm.requests.length > 0) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 50);
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Stopping (Ctrl+C again to quit at once)');
    // The command, not Playwright's own SIGINT handler, ends the process: after its notice and the report.
    expect(result.stderr).toContain('Interrupted; the browser was closed.');
    expect(readFileSync(report, 'utf8')).toContain('<skipped message="Interrupted."/>');
    expect(await leftoverChromiums(profiles)).toEqual([]);
    expect(existsSync(profiles)).toBe(true);
  });
});
