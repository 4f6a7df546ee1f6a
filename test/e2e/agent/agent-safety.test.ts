// The agent's safety paths in Chromium: the risky-action policy on a real checkout form (deny keeps
// the form unsent), stop() during a hanging request, and execute_javascript under a CSP without eval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type RecordedRequest } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let web: StaticServer;
let llm: MockLLMServer;
let bundle: string;

const CHECKOUT = `<!doctype html><title>Checkout</title>
<form id="pay" onsubmit="event.preventDefault(); window.paid = true; document.getElementById('state').textContent = 'Paid';">
  <label>Card <input name="card" value="4242"></label>
  <button>Pay now</button>
</form>
<p id="state">Not paid</p>`;

beforeAll(async () => {
  [web, llm, bundle] = await Promise.all([startStaticServer(), startMockLLMServer(), bundleForBrowser('test/fixtures/agent/e2e-entry.ts', 'AgentLib')]);
  web.route('/checkout.html', { body: CHECKOUT });
  web.route('/agent-bundle.js', { body: bundle, type: 'text/javascript' });
  web.route('/csp.html', {
    body: '<!doctype html><title>Strict</title><script src="/agent-bundle.js"></script><h1>Strict page</h1><button>OK</button>',
    headers: { 'content-security-policy': "script-src 'self'; object-src 'none'" },
  });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

const promptOf = (request: RecordedRequest): string => request.body.messages.find((m: any) => m.role === 'user').content;

/** Creates `window.agent` in the page with the given extra config (JSON-safe values only). */
async function createAgent(page: Page, extra: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate(
    ({ baseURL, extra }) => {
      const lib = (window as any).AgentLib;
      const agent = new lib.PageAgentCore({ baseURL, model: 'mock-model', retryDelay: 10, pageController: new lib.PageController({ enableMask: true }), ...extra });
      (window as any).agent = agent;
      (window as any).activities = [];
      agent.addEventListener('activity', (event: CustomEvent) => (window as any).activities.push(event.detail));
    },
    { baseURL: llm.baseURL, extra },
  );
}

describe('agent safety in Chromium', () => {
  it("asks before paying with approveAction 'risky', and a denial leaves the form unsent", async () => {
    llm.reset();
    llm.setHandler((request) => {
      const prompt = promptOf(request);
      if (prompt.includes('Denied by the user')) return agentStep({ done: { text: 'The user did not allow the payment.', success: false } });
      const index = /\[(\d+)\]<button[^\n]*Pay now/.exec(prompt)?.[1];
      return agentStep({ click_element_by_index: { index: Number(index) } }, 'pay');
    });
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/checkout.html'));
    await page.addScriptTag({ content: bundle });
    await createAgent(page, { approveAction: 'risky' });
    await page.evaluate(() => {
      const agent = (window as any).agent;
      agent.addEventListener('activity', (event: CustomEvent) => {
        if (event.detail.type === 'approval') agent.respondToApproval({ allow: false, note: 'not today' });
      });
      (window as any).run = agent.execute('Pay for the order.');
    });
    const result = await page.evaluate(() => (window as any).run.then((r: any) => ({ success: r.success, data: r.data, output: r.history[0].action.output })));
    const approval = await page.evaluate(() => (window as any).activities.find((a: any) => a.type === 'approval'));

    expect(approval).toMatchObject({ tool: 'click_element_by_index', reason: 'submits a form with a “pay” button' });
    expect(approval.element).toContain('Pay now');
    expect(result).toMatchObject({ success: false, data: 'The user did not allow the payment.' });
    expect(result.output).toContain("The user's note: not today");
    expect(await page.evaluate(() => (window as any).paid)).toBeUndefined();
    expect(await page.locator('#state').textContent()).toBe('Not paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops a hanging model request, hides the mask and stays reusable', async () => {
    llm.reset();
    llm.enqueue({ fault: 'hang' }, agentStep({ done: { text: 'second run', success: true } }));
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/checkout.html'));
    await page.addScriptTag({ content: bundle });
    await createAgent(page);
    await page.evaluate(() => void ((window as any).run = (window as any).agent.execute('wait forever')));
    await expect.poll(() => llm.requests.length).toBe(1);
    const stopped = await page.evaluate(async () => {
      const agent = (window as any).agent;
      await agent.stop();
      const result = await (window as any).run;
      return { status: agent.status, data: result.data };
    });
    expect(stopped).toEqual({ status: 'stopped', data: 'Task stopped.' });
    const again = await page.evaluate(() => (window as any).agent.execute('again').then((r: any) => r.data));
    expect(again).toBe('second run');
    // Nothing of the agent blocks the page afterwards: a real click reaches the button.
    await page.locator('button').click({ timeout: 15_000 });
    expect(await page.locator('#state').textContent()).toBe('Paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the model when the page CSP forbids execute_javascript, and goes on', async () => {
    llm.reset();
    llm.setHandler((request) => {
      const prompt = promptOf(request);
      if (/result: .*Content Security Policy/.test(prompt)) return agentStep({ done: { text: 'Scripts are blocked here.', success: false } });
      return agentStep({ execute_javascript: { script: 'return document.title' } }, 'read the title');
    });
    const { context, page } = await openPage();
    await page.goto(web.url('/csp.html'));
    await createAgent(page, { experimentalScriptExecutionTool: true });
    const result = await page.evaluate(() => (window as any).agent.execute('What is the title?').then((r: any) => ({ data: r.data, output: r.history.find((e: any) => e.type === 'step').action.output })));
    expect(result.output).toMatch(/Content Security Policy forbids evaluating scripts/);
    expect(result.data).toBe('Scripts are blocked here.');
    expect(llm.requests).toHaveLength(2);
    await context.close();
  });
});
