// The async loader snippet: calls queued in window.pageAgentQueue before the script arrives run in
// order once it loads ('init' with a config, methods by name, functions given the agent); a bad
// entry is reported on the console and the rest still run; later pushes run at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { done, PLAIN_BODY, requireBundle, script } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await llm.close();
});
beforeEach(() => llm.reset());

/** A page with the README's async loader snippet: queued calls, then the bundle with `async` and no settings. */
function loaderPage(queued: string, attributes = ''): string {
  return `<!doctype html><html><head><title>Loader</title>
<script>
  window.pageAgentQueue = window.pageAgentQueue || [];
  ${queued}
</script>
<script async src="/dist/page-agent.iife.js"${attributes}></script>
</head><body>${PLAIN_BODY}</body></html>`;
}

describe('async loader queue', () => {
  it('runs queued calls in order once the script loads, reporting bad entries without stopping', async () => {
    llm.setHandler(script([done('Queued task done')]));
    const { context, page, consoleMessages, errors } = await openPage();
    web.route('/queue.html', {
      body: loaderPage(`
  window.log = [];
  pageAgentQueue.push(['execute', 'too early']);
  pageAgentQueue.push(['init', { baseURL: ${JSON.stringify(llm.baseURL)}, model: 'mock-model', language: 'zh-CN' }]);
  pageAgentQueue.push(42);
  pageAgentQueue.push(['exceute', 'typo']);
  pageAgentQueue.push(['constructor']);
  pageAgentQueue.push(['init', 'not a config']);
  pageAgentQueue.push(function (agent) { window.log.push('fn ' + agent.config.model); });
  pageAgentQueue.push(function () { throw new Error('my own bug'); });
  pageAgentQueue.push(['panel.show']);
  pageAgentQueue.push(async function (agent) { const result = await agent.execute('Say done'); window.log.push('result ' + result.data); });`, ' data-auto-init="false"'),
    });
    try {
      await page.goto(web.url('/queue.html'));
      await page.waitForFunction(() => (window as any).log?.length === 2, undefined, { timeout: 20_000 });
      const state = await page.evaluate(() => ({
        log: (window as any).log,
        language: (window as any).pageAgent.config.language,
        panelShown: !(document.querySelector('page-agent-panel') as HTMLElement | null)?.hidden,
        queueLength: (window as any).pageAgentQueue.length,
      }));
      expect(state.log).toEqual(['fn mock-model', 'result Queued task done']);
      expect(state.language).toBe('zh-CN');
      expect(state.panelShown).toBe(true);
      expect(state.queueLength).toBe(10);
      const failures = consoleMessages.filter((m) => m.startsWith('error:') && m.includes('pageAgentQueue'));
      expect(failures).toHaveLength(6);
      expect(failures[0]).toMatch(/item 1 \('execute'\) failed: no agent is running yet: queue \["init", config\] first/);
      expect(failures[1]).toMatch(/item 3 \(number\) failed: expected a function or an array/);
      expect(failures[2]).toMatch(/item 4 \('exceute'\) failed: not a method of the agent/);
      expect(failures[3]).toMatch(/item 5 \('constructor'\) failed: not a method of the agent/);
      expect(failures[4]).toMatch(/item 6 \('init'\) failed: "init" takes a config object/);
      expect(failures[5]).toMatch(/item 8 \(function\) failed: my own bug/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs pushes made after the script loaded at once; init replaces the tag\'s agent and keeps its settings and the listener tracker', async () => {
    llm.setHandler(script([done('Later task done')]));
    const { context, page, errors } = await openPage();
    // The tag has no endpoint but auto-initialises (its panel would show the setup message); "init"
    // replaces that agent and keeps the tag's own settings as defaults.
    web.route('/later.html', { body: loaderPage('', ' data-max-steps="7"') });
    try {
      await page.goto(web.url('/later.html'));
      await page.waitForFunction(() => typeof (window as any).PageAgent === 'function');
      const result = await page.evaluate(async (baseURL) => {
        const w = window as any;
        const first = w.pageAgent;
        w.pageAgentQueue.push(['init', { baseURL, model: 'mock-model' }]);
        const maxSteps = w.pageAgent.config.maxSteps;
        const replaced = first !== undefined && w.pageAgent !== first;
        const panels = document.querySelectorAll('page-agent-panel').length;
        // The listener tracker stays for the new agent: a box the page gives a click listener now is listed.
        const box = document.createElement('div');
        box.textContent = 'Tracked box';
        box.addEventListener('click', () => {});
        document.body.append(box);
        const tracked = /\[\d+\]<div[^>]*>Tracked box/.test((await w.pageAgent.pageController.getBrowserState()).content);
        const answer = await new Promise((resolve) => w.pageAgentQueue.push(async (agent: any) => resolve((await agent.execute('Say done')).data)));
        // A rejected method call is reported, not thrown at the caller.
        w.pageAgentQueue.push(['execute', 42]);
        return { replaced, panels, maxSteps, tracked, answer };
      }, llm.baseURL);
      expect(result).toEqual({ replaced: true, panels: 1, maxSteps: 7, tracked: true, answer: 'Later task done' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
