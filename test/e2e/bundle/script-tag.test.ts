// The drop-in bundle from a <script> tag: auto-init from data-* in <head>, page-agent's query
// parameters, re-injection, bad input (invalid data-config, missing endpoint), key warnings, zh-CN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { inPanel, pageWithTag, plainScript, PLAIN_BODY, requireBundle } from './bundle-helpers.js';

/** A <div> that is clickable only through a listener the app adds after the agent's tag ran. */
const LISTENER_ONLY = `<div id="menu">Open menu</div><script>document.getElementById('menu').addEventListener('click', () => {});</script>`;

/** Injects the bundle a second time with these `data-*` settings and waits until it has run. */
function injectAgain(page: Page, dataset: Record<string, string>): Promise<void> {
  return page.evaluate(
    (dataset) =>
      new Promise<void>((done) => {
        const script = document.createElement('script');
        script.src = '/dist/page-agent.iife.js';
        Object.assign(script.dataset, dataset);
        script.onload = () => done();
        document.head.appendChild(script);
      }),
    dataset,
  );
}

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

describe('script tag', () => {
  it('auto-initialises from data attributes in <head>, before the body exists', async () => {
    const { context, page, errors } = await openPage();
    web.route('/tag.html', {
      body: pageWithTag(
        { 'data-base-url': llm.baseURL, 'data-model': 'mock-model', 'data-max-steps': '7', 'data-config': '{"stepDelay": 0.1}' },
        PLAIN_BODY + plainScript() + LISTENER_ONLY,
      ),
    });
    await page.goto(web.url('/tag.html'));
    const state = await page.evaluate(() => {
      const agent = (window as any).pageAgent;
      return {
        isClass: agent instanceof (window as any).PageAgent,
        config: { baseURL: agent.config.baseURL, model: agent.config.model, maxSteps: agent.config.maxSteps, stepDelay: agent.config.stepDelay, enableMask: agent.config.enableMask },
        hosts: document.querySelectorAll('page-agent-panel').length,
        inBody: document.querySelector('page-agent-panel')?.parentElement === document.body,
        hidden: (document.querySelector('page-agent-panel') as HTMLElement).hidden,
      };
    });
    expect(state).toEqual({
      isClass: true,
      config: { baseURL: llm.baseURL, model: 'mock-model', maxSteps: 7, stepDelay: 0.1, enableMask: true },
      hosts: 1,
      inBody: true,
      hidden: false,
    });
    expect(await inPanel(page, '.status').textContent()).toBe('Ready');
    // The listener tracker was installed before the app's script ran: a bare <div> with a click
    // listener is indexed as interactive.
    const content: string = await page.evaluate(async () => (await (window as any).pageAgent.pageController.getBrowserState()).content);
    expect(content).toMatch(/\[\d+\]<div[^\n]*Open menu/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads page-agent's query parameters and warns that a key in the URL is public", async () => {
    const { context, page, consoleMessages } = await openPage();
    const src = `/dist/page-agent.iife.js?model=qm&baseURL=${encodeURIComponent(llm.baseURL)}&apiKey=sk-public&lang=zh-CN&showPanel=false`;
    web.route('/query.html', { body: `<!doctype html><html><head><script src="${src}"></script></head><body>${PLAIN_BODY}</body></html>` });
    await page.goto(web.url('/query.html'));
    const config = await page.evaluate(() => {
      const agent = (window as any).pageAgent;
      return { model: agent.config.model, baseURL: agent.config.baseURL, apiKey: agent.config.apiKey, language: agent.config.language, hidden: agent.panel.wrapper.hidden };
    });
    expect(config).toEqual({ model: 'qm', baseURL: llm.baseURL, apiKey: 'sk-public', language: 'zh-CN', hidden: true });
    expect(consoleMessages.some((m) => m.startsWith('warning:') && /API key was given in the script URL/.test(m))).toBe(true);
    await context.close();
  });

  it('disposes the previous instance when the bundle is injected again', async () => {
    const { context, page, errors } = await openPage();
    web.route('/twice.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'one' }, PLAIN_BODY) });
    await page.goto(web.url('/twice.html'));
    await inPanel(page, '.bar').waitFor();
    await page.evaluate(() => {
      (window as any).first = (window as any).pageAgent;
    });
    await injectAgain(page, { baseUrl: llm.baseURL, model: 'two' });
    const state = await page.evaluate(() => {
      const w = window as any;
      return {
        firstDisposed: w.first.disposed,
        firstPanelConnected: w.first.panel.wrapper.isConnected,
        replaced: w.pageAgent !== w.first,
        model: w.pageAgent.config.model,
        panels: document.querySelectorAll('page-agent-panel, page-agent-panel-2').length,
      };
    });
    expect(state).toEqual({ firstDisposed: true, firstPanelConnected: false, replaced: true, model: 'two', panels: 1 });
    // The same version re-injected keeps the documented name (its class is the same code).
    expect(await page.evaluate(() => (window as any).pageAgent.panel.wrapper.localName)).toBe('page-agent-panel');
    expect(await page.evaluate(() => customElements.get('page-agent-panel-2'))).toBeUndefined();
    expect(await page.locator('page-agent-panel >> .status').textContent()).toBe('Ready');
    await inPanel(page, 'textarea.task-input').fill('still works');
    expect(await inPanel(page, 'textarea.task-input').inputValue()).toBe('still works');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a numbered name when another version of the bundle owns <page-agent-panel>', async () => {
    const { context, page, errors } = await openPage();
    // Another version's class, registered before ours loads.
    const head = `<script>class Other extends HTMLElement {}; Other[Symbol.for('page-agent.panel-version')] = '0.0.1-other'; customElements.define('page-agent-panel', Other);</script>`;
    web.route('/other-version.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'one' }, PLAIN_BODY, head) });
    await page.goto(web.url('/other-version.html'));
    expect(await page.evaluate(() => (window as any).pageAgent.panel.wrapper.localName)).toBe('page-agent-panel-2');
    expect(await page.locator('page-agent-panel-2 >> .status').textContent()).toBe('Ready');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('undoes its listener wrappers on dispose, and a re-injected copy keeps tracking', async () => {
    const { context, page, errors } = await openPage();
    const head = `<script>window.nativeAdd = EventTarget.prototype.addEventListener; window.nativeAttach = Element.prototype.attachShadow;</script>`;
    web.route('/undo.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'one' }, PLAIN_BODY, head) });
    await page.goto(web.url('/undo.html'));
    expect(await page.evaluate(() => EventTarget.prototype.addEventListener !== (window as any).nativeAdd)).toBe(true);
    // Inject a second copy: the first is disposed, the new copy's tracker still sees new listeners.
    await injectAgain(page, { baseUrl: llm.baseURL, model: 'two' });
    const content: string = await page.evaluate(async () => {
      const div = document.createElement('div');
      div.textContent = 'Listener after reinjection';
      document.body.append(div);
      div.addEventListener('click', () => {});
      return (await (window as any).pageAgent.pageController.getBrowserState()).content;
    });
    expect(content).toMatch(/\[\d+\]<div[^\n]*Listener after reinjection/);
    // Disposing the last instance leaves the page's own methods exactly as they were.
    const restored = await page.evaluate(() => {
      (window as any).pageAgent.dispose();
      return {
        add: EventTarget.prototype.addEventListener === (window as any).nativeAdd,
        attach: Element.prototype.attachShadow === (window as any).nativeAttach,
      };
    });
    expect(restored).toEqual({ add: true, attach: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('disposes the previous instance even when the new copy does not auto-initialise', async () => {
    const { context, page, errors } = await openPage();
    web.route('/twice-manual.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'one' }, PLAIN_BODY) });
    await page.goto(web.url('/twice-manual.html'));
    await inPanel(page, '.bar').waitFor();
    const state = await page.evaluate(
      () =>
        new Promise<{ firstDisposed: boolean; instance: unknown }>((done) => {
          const first = (window as any).pageAgent;
          const script = document.createElement('script');
          script.src = '/dist/page-agent.iife.js';
          script.dataset.autoInit = 'false';
          script.onload = () => done({ firstDisposed: first.disposed, instance: (window as any).pageAgent ?? null });
          document.head.appendChild(script);
        }),
    );
    expect(state).toEqual({ firstDisposed: true, instance: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports invalid data-config JSON naming the attribute and creates nothing', async () => {
    const { context, page, consoleMessages, errors } = await openPage();
    web.route('/bad-config.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'm', 'data-config': '{maxSteps: 3,}' }) });
    await page.goto(web.url('/bad-config.html'));
    const state = await page.evaluate(() => ({
      hasClass: typeof (window as any).PageAgent === 'function',
      instance: (window as any).pageAgent ?? null,
      panels: document.querySelectorAll('page-agent-panel').length,
    }));
    expect(state).toEqual({ hasClass: true, instance: null, panels: 0 });
    expect(consoleMessages.filter((m) => m.startsWith('error:') && m.includes('data-config'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a setup message instead of failing when baseURL and model are missing', async () => {
    const { context, page, errors } = await openPage();
    web.route('/no-endpoint.html', { body: pageWithTag({}) });
    await page.goto(web.url('/no-endpoint.html'));
    await inPanel(page, '.notice.setup').waitFor();
    expect(await inPanel(page, '.notice.setup').textContent()).toContain('Missing: baseURL, model');
    expect(await inPanel(page, 'button.run').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('warns that data-api-key is public and speaks zh-CN when asked', async () => {
    const { context, page, consoleMessages } = await openPage();
    web.route('/zh.html', { body: pageWithTag({ 'data-base-url': llm.baseURL, 'data-model': 'm', 'data-language': 'zh-CN', 'data-api-key': 'sk-visible' }) });
    await page.goto(web.url('/zh.html'));
    await inPanel(page, '.bar').waitFor();
    expect(await inPanel(page, '.status').textContent()).toBe('准备就绪');
    expect(await inPanel(page, 'textarea.task-input').getAttribute('placeholder')).toBe('描述任务，回车运行');
    expect(await inPanel(page, 'button.run').textContent()).toBe('运行');
    expect(consoleMessages.some((m) => m.startsWith('warning:') && m.includes('data-api-key'))).toBe(true);
    await context.close();
  });
});
