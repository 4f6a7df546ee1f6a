// The panel of a headed run (`--headed`, or runTask's `panel`): each page shows the bundle's own
// panel mirroring the run Node drives (task, steps, status), the agent never reads it, and its Stop
// button stops the run in Node. Run headless here: the panel is the same with or without a window.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runTask } from '../../../node/index.js';
import { getBrowser } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, lastUserText, scriptedModel } from './runner-helpers.js';

let llm: MockLLMServer;
let site: StaticServer;
const page = (name: string) => site.url(`/test/fixtures/node-runner/${name}`);
let model: ReturnType<typeof scriptedModel> | undefined;

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
});
beforeEach(() => {
  llm.reset();
  model = undefined;
});
afterEach(() => expect(model?.errors ?? []).toEqual([]));

// The mirrored panel is the visible one (the in-page agent's own stays hidden).
const shownPanel = (tab: Page) => tab.locator('page-agent-panel:not([hidden])');
const panelText = (tab: Page) => shownPanel(tab).evaluate((el) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' '));

describe('the panel of a headed run', () => {
  it('mirrors the task and its steps on each page, and is never part of what the agent reads', async () => {
    model = scriptedModel([
      (r) => ({ click_element_by_index: { index: indexOf(r, 'Add blue mug') } }),
      (r) => {
        // The cart page: the panel is there, but the agent's listing does not include it.
        expect(lastUserText(r)).toContain('The cart holds 1 item.');
        expect(lastUserText(r)).not.toMatch(/\]<button[^\n]*>Stop/);
        expect(lastUserText(r)).not.toContain('Task completed');
        return { done: { text: 'The blue mug is in the cart.', success: true } };
      },
    ]);
    llm.setHandler(model);
    let shown = '';
    const result = await runTask({
      task: 'Put the blue mug in the cart',
      url: page('shop.html'),
      baseURL: llm.baseURL,
      model: 'mock-model',
      browser: await getBrowser(),
      panel: true,
      beforeClose: async (tab) => {
        await expect.poll(() => panelText(tab), { timeout: 20_000 }).toContain('The blue mug is in the cart.');
        shown = await panelText(tab);
      },
    });
    expect(result.success).toBe(true);
    expect(shown).toContain('Put the blue mug in the cart');
    expect(shown).toContain('The blue mug is in the cart.');
  });

  it("stops the run in Node when the panel's Stop button is clicked", async () => {
    llm.setHandler(() => ({ fault: 'hang' }));
    const browser = await getBrowser();
    const before = new Set(browser.contexts());
    const running = runTask({ task: 'Wait forever', url: page('shop.html'), baseURL: llm.baseURL, model: 'mock-model', browser, panel: true });
    await expect.poll(() => llm.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const context = browser.contexts().find((candidate) => !before.has(candidate))!;
    const tab = context.pages()[0]!;
    await shownPanel(tab).locator('button.stop').click();
    const result = await running;
    expect(result.status).toBe('stopped');
    expect(result.success).toBe(false);
  });
});
