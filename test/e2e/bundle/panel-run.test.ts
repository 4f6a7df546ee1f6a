// Running tasks through the panel of the real bundle with the real keyboard and the mock LLM:
// steps render, the final answer shows, stop, ask_user, approval allow/deny, pause and take-over.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { clickOn, done, indexOf, openShop, heldReply, inPanel, requireBundle, script, typeTask, userText, waitForStatus } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
  llm = await startMockLLMServer();
});
afterAll(async () => {
  await web.close();
  await llm.close();
});

async function load(attributes: Record<string, string> = {}): Promise<void> {
  ({ page, close: closeContext } = await openShop(web, llm, attributes));
}

beforeEach(() => llm.reset());
afterEach(async () => closeContext?.());

const history = () => page.evaluate(() => (window as any).pageAgent.history.map((e: any) => e.type + (e.action ? `:${e.action.name}` : '')));

describe('panel with the real agent', () => {
  it('runs a typed task, renders its steps and the markdown answer, and shows token usage', async () => {
    await load();
    llm.setHandler(script([clickOn('Add to cart', 'Add one item'), done('Added **1** item. See `cart`.')]));
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('1');
    expect(await inPanel(page, '.card.task').textContent()).toContain('add one item to the cart');
    const step = inPanel(page, '.card.step');
    expect(await step.locator('.goal').textContent()).toContain('Add one item');
    expect(await step.locator('.action').textContent()).toBe('Click Add to cart');
    expect(await inPanel(page, '.card.answer strong').textContent()).toBe('1');
    expect(await inPanel(page, '.card.answer code').textContent()).toBe('cart');
    expect(await inPanel(page, '.usage').textContent()).toBe('Tokens: 200 in · 40 out');
    expect(await inPanel(page, '.status').textContent()).toBe('Task completed');
    expect(llm.requests[0]!.body.model).toBe('mock-model');
  });

  it('says in plain words, in zh-CN, what each step did to the page and why one did not happen (#18)', async () => {
    const body = `<form id="signup" aria-label="Sign up"><label>Name <input name="name"></label><button>Join</button></form>
      <button id="save" type="button" disabled>Save</button><p id="joined" hidden>Welcome!</p>
      <script>document.getElementById('signup').addEventListener('submit', (e) => { e.preventDefault(); const p = document.getElementById('joined'); p.hidden = false; p.textContent = 'Welcome, ' + e.target.name.value + '!'; });</script>`;
    ({ page, close: closeContext } = await openShop(web, llm, { 'data-language': 'zh-CN' }, body));
    llm.setHandler(
      script([
        (request) => agentStep({ input_text: { index: indexOf(request, 'Name'), text: 'Ada' } }, 'type the name'),
        clickOn('Join'),
        clickOn('Save'),
        done('Joined.'),
      ]),
    );
    await typeTask(page, 'join as Ada');
    await waitForStatus(page, 'completed');
    const steps = inPanel(page, '.card.step');
    expect(await steps.locator('.action').allTextContents()).toEqual(['向 Name 输入“Ada”', '点击 Join', '点击 Save']);
    // Typing restates the action: no result line. The model's own text, markup and all, stays in history.
    expect(await steps.nth(0).locator('.result').count()).toBe(0);
    expect(await steps.nth(1).locator('.result').textContent()).toBe('结果表单已提交 · 现在显示“Welcome, Ada!”');
    expect(await steps.nth(2).locator('.result.failed').textContent()).toBe('结果未完成：元素已禁用');
    const outputs = await page.evaluate(() => (window as any).pageAgent.history.filter((e: any) => e.type === 'step').map((e: any) => e.action.output));
    expect(outputs[1]).toMatch(/^Clicked \[\d+\]<button>Join \/>\. The form <form id=signup/);
    expect(outputs[2]).toMatch(/^Did not click \[\d+\]<button[^>]*>Save \/>: it is disabled/);
  });

  it('runs within a token budget, and stops before a call that would pass it, saying why', async () => {
    await load({ 'data-max-tokens': '100000' });
    llm.setHandler(script([clickOn('Add to cart'), done('Added.')]));
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'completed');
    expect(await inPanel(page, '.usage').textContent()).toBe('Tokens: 200 in · 40 out');
    await closeContext();
    // A budget smaller than the first prompt: no model call at all, and the panel says why.
    await load({ 'data-max-tokens': '300' });
    llm.reset();
    await typeTask(page, 'add one item to the cart');
    await waitForStatus(page, 'error');
    expect(llm.requests).toHaveLength(0);
    const result = await page.evaluate(() => (window as any).pageAgent.lastResult.data as string);
    expect(result).toMatch(/^Stopped before step 1: its call \(about \d+ tokens\) would pass maxTokens \(300; 0 used\)\.$/);
    expect(await inPanel(page, '.steps').textContent()).toContain('would pass maxTokens (300; 0 used)');
  });

  it('stops a task while the model is thinking', async () => {
    await load();
    llm.enqueue({ fault: 'hang' });
    await typeTask(page, 'wait forever');
    await waitForStatus(page, 'running');
    await inPanel(page, 'button.stop').click();
    await waitForStatus(page, 'stopped');
    expect(await inPanel(page, '.status').textContent()).toBe('Task stopped');
    expect(await inPanel(page, 'textarea.task-input').isVisible()).toBe(true);
  });

  it("sends the user's ask_user answer to the agent", async () => {
    await load();
    llm.setHandler(script([agentStep({ ask_user: { question: 'Which size?' } }, 'ask'), done('ok')]));
    await typeTask(page, 'buy a shirt');
    await inPanel(page, '.card.ask').waitFor();
    expect(await inPanel(page, '#ask-q').textContent()).toBe('Which size?');
    await inPanel(page, 'textarea.answer-input').click();
    await page.keyboard.type('Medium, please');
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'completed');
    expect(userText(llm.requests[1]!)).toContain('Medium, please');
    expect(await inPanel(page, '.card.ask-done').textContent()).toContain('Medium, please');
  });

  it('runs an approved action and skips a denied one, passing the note to the model', async () => {
    await load({ 'data-approve-action': 'all' });
    llm.setHandler(script([clickOn('Add to cart'), clickOn('Pay now'), done('stopped before paying')]));
    await typeTask(page, 'add and pay');
    await inPanel(page, '.card.approval').waitFor();
    expect(await inPanel(page, '.card.approval .action').textContent()).toMatch(/Add to cart/);
    await inPanel(page, 'button.allow').click();
    await page.waitForFunction(() => document.getElementById('count')!.textContent === '1');
    await inPanel(page, '.card.approval .action:has-text("Pay now")').waitFor();
    await inPanel(page, '.note-input').fill('do not pay in tests');
    await inPanel(page, 'button.deny').click();
    await waitForStatus(page, 'completed');
    expect(await page.locator('#paid').isHidden()).toBe(true);
    expect(userText(llm.requests[2]!)).toContain('do not pay in tests');
  });

  it('records user_takeover when the user takes over and resumes', async () => {
    await load();
    const first = heldReply(clickOn('Add to cart'));
    llm.setHandler(script([first.reply, clickOn('Add to cart'), done('two added')]));
    await typeTask(page, 'add two items');
    await inPanel(page, 'button.takeover').click();
    first.open();
    await inPanel(page, '.status:has-text("You have control")').waitFor();
    // The mask is lifted: the user can click the page themselves.
    await page.locator('#add').click();
    await inPanel(page, 'button.resume').click();
    await waitForStatus(page, 'completed');
    expect(await page.locator('#count').textContent()).toBe('3');
    const events = await history();
    expect(events).toContain('user_takeover');
    expect(events.indexOf('user_takeover')).toBeLessThan(events.lastIndexOf('step:click_element_by_index'));
    expect(await inPanel(page, '.card.takeover').count()).toBe(1);
  });

  it('pauses after the current step and resumes', async () => {
    await load();
    const first = heldReply(clickOn('Add to cart'));
    llm.setHandler(script([first.reply, done('done')]));
    await typeTask(page, 'add one');
    await inPanel(page, 'button.pause').click();
    first.open();
    await inPanel(page, '.status:has-text("Paused")').waitFor();
    expect(llm.requests).toHaveLength(1);
    expect(await page.locator('#count').textContent()).toBe('1');
    await inPanel(page, 'button.resume').click();
    await waitForStatus(page, 'completed');
    expect(llm.requests).toHaveLength(2);
    expect(await history()).not.toContain('user_takeover');
  });
});
