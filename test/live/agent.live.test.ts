// The shipped bundle against a real model, on the agent fixture pages. Opt-in: skipped unless
// LIVE_LLM_BASE_URL and LIVE_LLM_MODEL are set (LIVE_LLM_API_KEY if the endpoint needs one).
// Run with `npm run test:live`; never part of `npm test` or CI.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';

const baseURL = process.env.LIVE_LLM_BASE_URL;
const model = process.env.LIVE_LLM_MODEL;
const apiKey = process.env.LIVE_LLM_API_KEY;
const BUNDLE = resolve(import.meta.dirname, '../../dist/page-agent.iife.js');

let web: StaticServer;

describe.skipIf(!baseURL || !model)(`a real model (${model ?? 'LIVE_LLM_MODEL unset'})`, () => {
  beforeAll(async () => {
    if (!existsSync(BUNDLE)) throw new Error('dist/page-agent.iife.js is missing: run `npm run build` first');
    web = await startStaticServer();
  });
  afterAll(async () => {
    await web?.close();
  });

  /** Loads a fixture page, adds the bundle without auto-init, runs one task headless. */
  async function run(path: string, task: string) {
    const { context, page } = await openPage();
    await page.goto(web.url(path));
    await page.addScriptTag({ url: '/dist/page-agent.iife.js' });
    const result = await page.evaluate(
      async ({ baseURL, model, apiKey, task }) => {
        const agent = new (window as any).PageAgent({ baseURL, model, apiKey, maxSteps: 15 });
        const r = await agent.execute(task);
        return { success: r.success, data: r.data, steps: r.history.filter((e: any) => e.type === 'step').map((e: any) => e.action.name) };
      },
      { baseURL, model, apiKey, task },
    );
    return { context, page, result };
  }

  it('fills and submits the sign-up form', async () => {
    const { context, page, result } = await run('/test/fixtures/agent/pages/signup.html', 'Sign up as Ada Lovelace, ada@example.com, on the Pro plan, accepting the terms.');
    expect(result.success, JSON.stringify(result)).toBe(true);
    expect(await page.evaluate(() => (window as any).submitted)).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' });
    await context.close();
  });

  it('reads a table and answers', async () => {
    const { context, result } = await run('/test/fixtures/agent/pages/orders.html', 'Which order has the highest total? Answer with its number.');
    expect(result.success, JSON.stringify(result)).toBe(true);
    expect(result.data).toContain('1042');
    await context.close();
  });
});
