// Frame mode (issue #14) in Chromium: the bundle injected late, as a bookmarklet does, on the first
// page only, with frameMode on. A link, a form POST, location.assign and a redirect load inside the
// agent's frame and the same task goes on; the address bar and title follow; Back past the frame's
// first page closes it; a page that refuses framing is reported to the model; a link to another site
// opens in the tab; dispose lands the tab on the frame's page.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { inPanel, requireBundle, typeTask, userText, waitForStatus } from '../bundle/bundle-helpers.js';
import { click, done, pageModel, routeCheckout, stepOf } from './shop.js';

let web: StaticServer;
let other: StaticServer;
let llm: MockLLMServer;
let page: Page;
let errors: string[];
let closeContext: (() => Promise<void>) | undefined;

/** A page of the shop without the agent: it comes by injection. */
const shopPage = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

beforeAll(async () => {
  requireBundle();
  [web, other, llm] = await Promise.all([startStaticServer(), startStaticServer({ host: 'localhost' }), startMockLLMServer()]);
  web.route('/fm/cart.html', { body: shopPage('Cart', '<p>Blue mug × 1</p><a href="/fm/shipping.html">Checkout</a> <a href="/fm/gift.html">Gift cards</a><form method="post" action="/fm/ship"><input type="hidden" name="street" value="2 Side St"><button>Ship to my saved address</button></form>') });
  web.route('/fm/shipping.html', {
    body: shopPage('Shipping', `<form method="post" action="/fm/ship"><label>Street <input name="street" value="1 Main St"></label><button>Use this address</button></form><a href="${other.url('/away.html')}">Pay with PayNow</a>`),
  });
  routeCheckout(web, '/fm', shopPage);
  web.route('/fm/gift.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
    res.end(shopPage('Gift cards', '<p>Framing not allowed</p>'));
  });
  other.route('/away.html', { body: '<!doctype html><title>PayNow</title><p>Another site</p>' });
});
afterAll(async () => {
  await Promise.all([web?.close(), other?.close(), llm?.close()]);
});
beforeEach(() => llm.reset());
afterEach(async () => {
  await closeContext?.();
  closeContext = undefined;
});

/** Opens the cart and injects the bundle the way a bookmarklet does, with frame mode on. */
async function openCart(): Promise<void> {
  const opened = await openPage();
  ({ page, errors } = opened);
  closeContext = () => opened.context.close();
  await page.goto(web.url('/fm/cart.html'));
  await page.evaluate(
    ([src, baseUrl]) => {
      const tag = document.createElement('script');
      tag.src = src!;
      tag.dataset.baseUrl = baseUrl;
      tag.dataset.model = 'mock-model';
      tag.dataset.frameMode = 'true';
      document.head.append(tag);
    },
    [web.url('/dist/page-agent.iife.js'), llm.baseURL],
  );
  await inPanel(page, 'textarea.task-input').waitFor();
}

const frameCount = () => page.evaluate(() => document.querySelectorAll('iframe[name="page-agent-frame"]').length);
const steps = () => page.evaluate(() => (window as any).pageAgent.history.filter((e: any) => e.type === 'step').map((e: any) => `${e.stepIndex}:${e.action.name}`));

describe('frame mode (a late-injected agent across page loads)', { timeout: 90_000 }, () => {
  it('goes through a checkout in one task: a link, a form POST, location.assign and a redirect', async () => {
    llm.setHandler(pageModel([['Order confirmed', done('ordered #1042')], ['Place order', click('Place order')], ['Use this address', click('Use this address')], ['Checkout', click('Checkout')]]));
    await openCart();
    await typeTask(page, 'buy what is in my cart');
    await waitForStatus(page, 'completed');
    expect(await steps()).toEqual(['0:click_element_by_index', '1:click_element_by_index', '2:click_element_by_index', '3:done']);
    expect(llm.requests.map(stepOf)).toEqual([1, 2, 3, 4]);
    // The model read each page in turn, the posted form's result included.
    expect(userText(llm.requests[2]!)).toContain('Shipping to 1 Main St');
    // The address bar and the title follow the frame; the agent and panel stayed in the first document.
    expect(page.url()).toBe(web.url('/fm/confirm.html'));
    expect(await page.title()).toBe('Confirmation');
    expect(await frameCount()).toBe(1);
    expect(await inPanel(page, '.card.answer').last().textContent()).toContain('ordered #1042');
    expect(errors).toEqual([]);
  });

  it('posts a form of the first page into a new frame', async () => {
    llm.setHandler(pageModel([['Shipping to 2 Side St', done('posted')], ['Ship to my saved address', click('Ship to my saved address')]]));
    await openCart();
    await typeTask(page, 'ship to my saved address');
    await waitForStatus(page, 'completed');
    expect(llm.requests.map(stepOf)).toEqual([1, 2]);
    expect(page.url()).toBe(web.url('/fm/ship'));
    expect(await page.title()).toBe('Payment');
    expect(await frameCount()).toBe(1);
  });

  it('closes the frame when Back goes past its first page, and dispose lands the tab on the frame page', async () => {
    llm.setHandler(pageModel([['Use this address', done('at shipping')], ['Checkout', click('Checkout')]]));
    await openCart();
    await typeTask(page, 'go to checkout');
    await waitForStatus(page, 'completed');
    expect(page.url()).toBe(web.url('/fm/shipping.html'));
    await page.goBack();
    await expect.poll(frameCount).toBe(0);
    expect(page.url()).toBe(web.url('/fm/cart.html'));
    expect(await page.title()).toBe('Cart');

    // Again, then dispose: the tab loads the frame's page itself.
    await typeTask(page, 'go to checkout');
    await waitForStatus(page, 'completed');
    expect(await frameCount()).toBe(1);
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => (window as any).pageAgent.dispose())]);
    expect(page.url()).toBe(web.url('/fm/shipping.html'));
    expect(await page.evaluate(() => [typeof (window as any).PageAgent, !!document.querySelector('form[action="/fm/ship"]'), document.querySelectorAll('iframe').length])).toEqual(['undefined', true, 0]);
  });

  it('tells the model when a page refuses to be framed, and stays on the page it was on', async () => {
    llm.setHandler((request) => (userText(request).includes("refuses to open in the agent's frame") ? done('gift cards cannot be opened')() : click('Gift cards')(request)));
    await openCart();
    await typeTask(page, 'open the gift cards');
    await waitForStatus(page, 'completed');
    expect(userText(llm.requests[1]!)).toContain(`The page ${web.url('/fm/gift.html')} refuses to open in the agent's frame: the agent cannot follow links there; the tab stays on ${web.url('/fm/cart.html')}.`);
    expect(await frameCount()).toBe(0);
    expect(page.url()).toBe(web.url('/fm/cart.html'));
    expect(await page.locator('h1').textContent()).toBe('Cart');
  });

  it('opens a link to another site in the tab itself', async () => {
    llm.setHandler(pageModel([['PayNow', click('Pay with PayNow')], ['Checkout', click('Checkout')]]));
    await openCart();
    await typeTask(page, 'pay with PayNow');
    await page.waitForURL(other.url('/away.html'));
    expect(await page.title()).toBe('PayNow');
    expect(llm.requests.map(stepOf)).toEqual([1, 2]);
  });
});
