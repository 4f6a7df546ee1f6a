// Off-limits elements in Chromium: key presses never reach the agent's panel, data-page-agent-ignore
// or data-page-agent-not-interactive elements (Tab goes on past them, a key on one that has focus is
// refused), and results never name them; also through a real PageAgent run with its panel open.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { bundleForBrowser } from '../../helpers/bundle.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';

let web: StaticServer;
let llm: MockLLMServer;

const PAGE = `<!doctype html><meta charset=utf-8><title>Off limits</title><script src="/lib.js"></script>
<body>
<input id=name aria-label=Name>
<div data-page-agent-ignore><button id=ignored onclick="hits.push('ignored')">Ignored action</button></div>
<button id=ni data-page-agent-not-interactive onclick="hits.push('not-interactive')">Not interactive</button>
<fake-panel data-page-agent-ignore></fake-panel>
<button id=ok onclick="hits.push('ok')">Okay</button>
<script>
  window.hits = [];
  customElements.define('fake-panel', class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<button>Pause</button>';
      root.querySelector('button').onclick = () => hits.push('panel');
    }
  });
</script></body>`;

const NAMES = /Ignored action|Not interactive|Pause/;

beforeAll(async () => {
  [web, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
  web.route('/lib.js', { body: await bundleForBrowser('src/lib.ts', 'Lib'), type: 'text/javascript' });
  web.route('/off-limits.html', { body: PAGE });
  web.route('/panel.html', { body: '<!doctype html><meta charset=utf-8><title>Panel</title><script src="/lib.js"></script><body><input id=q aria-label=Search><button id=ok onclick="(window.hits ??= []).push(\'ok\')">Okay</button></body>' });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

async function controllerPage(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { context, page, errors } = await openPage();
  await page.goto(web.url('/off-limits.html'));
  await page.evaluate(async () => {
    const controller = new (window as any).Lib.PageController({ enableMask: false });
    (window as any).controller = controller;
    await controller.getBrowserState();
  });
  return { page, errors, close: () => context.close() };
}

const press = (page: Page, key: string) => page.evaluate((key) => (window as any).controller.pressKey(key), key) as Promise<{ success: boolean; message: string }>;
const focused = (page: Page) => page.evaluate(() => (document.activeElement?.shadowRoot?.activeElement ?? document.activeElement)?.textContent || document.activeElement?.id);

describe('off-limits elements and the keyboard', () => {
  it('Tab goes on past ignored, not-interactive and panel elements, both ways, without naming them', async () => {
    const { page, close, errors } = await controllerPage();
    await page.focus('#name');
    const forward = await press(page, 'Tab');
    expect(await focused(page)).toBe('Okay');
    expect(forward.message).toContain('Focus would have moved to an element the agent may not use, so it went on past it.');
    expect(forward.message).not.toMatch(NAMES);
    const backward = await press(page, 'Shift+Tab');
    expect(await focused(page)).toBe('name');
    expect(backward.message).not.toMatch(NAMES);
    expect(await press(page, 'Tab').then((r) => r.success)).toBe(true);
    const enter = await press(page, 'Enter');
    expect(enter.success).toBe(true);
    expect(await page.evaluate(() => (window as any).hits)).toEqual(['ok']);
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses a key while focus is on an off-limits element, and nothing is pressed', async () => {
    const { page, close } = await controllerPage();
    for (const focus of [() => page.focus('#ignored'), () => page.focus('#ni'), () => page.evaluate(() => (document.querySelector('fake-panel')!.shadowRoot!.querySelector('button') as HTMLElement).focus())]) {
      await focus();
      for (const key of ['Enter', 'Space', 'Tab']) {
        const result = await press(page, key);
        expect(result.success).toBe(false);
        expect(result.message).toMatch(/^Did not press (Enter|Space|Tab): focus is on an element the agent may not use/);
        expect(result.message).not.toMatch(NAMES);
      }
    }
    expect(await page.evaluate(() => (window as any).hits)).toEqual([]);
    await close();
  });

  it('never presses the real panel’s Pause or Stop: Tab ×4 then Enter during a run', async () => {
    llm.reset();
    llm.setHandler((request) => {
      const user = request.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
      const step = Number(/Step (\d+) of/.exec(user)?.[1]);
      if (step <= 4) return agentStep({ press_key: { key: 'Tab' } });
      if (step === 5) return agentStep({ press_key: { key: 'Enter' } });
      return agentStep({ done: { text: 'finished', success: true } });
    });
    const { context, page, errors } = await openPage();
    await page.goto(web.url('/panel.html'));
    const outcome = await page.evaluate(async (baseURL) => {
      const agent = new (window as any).Lib.PageAgent({ baseURL, model: 'off-limits', retryDelay: 10, maxSteps: 8 });
      agent.panel.show();
      (document.querySelector('#q') as HTMLElement).focus();
      const statuses: string[] = [];
      agent.addEventListener('statuschange', () => statuses.push(agent.status));
      const result = await agent.execute('Press keys.');
      const outputs = result.history.filter((e: any) => e.type === 'step').map((e: any) => e.action.output);
      return { data: result.data, success: result.success, statuses, outputs, hits: (window as any).hits ?? [] };
    }, llm.baseURL);
    expect(outcome.data).toBe('finished');
    expect(outcome.statuses).not.toContain('paused');
    expect(outcome.outputs).toHaveLength(6);
    for (const output of outcome.outputs) expect(output).not.toMatch(/Pause|Stop|Take over/);
    // Tab cycles the page's two controls only; the fifth step's Enter lands on one of them.
    expect(outcome.hits.length).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
