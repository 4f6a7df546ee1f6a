// Tasks that cross pages (issue #14) in Chromium with the real bundle on every page by a script tag:
// a link, a form POST, location.assign and a redirect (a three-page checkout), history.back(), a
// reload; a link to another site ends the task, its result shown when the user comes back; with
// sessionStorage disabled the task ends with a result that says it could not continue.
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

/** A page of the shop with the bundle in its head, configured by data-* attributes. */
const shopPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script src="/dist/page-agent.iife.js" data-base-url="${llm.baseURL}" data-model="mock-model"></script></head><body><h1>${title}</h1>${body}</body></html>`;

beforeAll(async () => {
  requireBundle();
  [web, other, llm] = await Promise.all([startStaticServer(), startStaticServer({ host: 'localhost' }), startMockLLMServer()]);
  web.route('/cp/cart.html', { body: shopPage('Cart', '<p>Blue mug × 1</p><a href="/cp/shipping.html">Checkout</a> <a href="' + other.url('/away.html') + '">Pay with PayNow</a> <a href="/cp/to-paynow">Pay later</a> <a href="/cp/slow-confirm">Express order</a>') });
  // A same-origin frame with the script too: it shares the tab's sessionStorage, never the task.
  web.route('/cp/frame.html', { body: shopPage('Offers', '<p>10% off mugs</p>') });
  web.route('/cp/shipping.html', { body: shopPage('Shipping', '<iframe src="/cp/frame.html" title="Offers"></iframe><form method="post" action="/cp/ship"><label>Street <input name="street" value="1 Main St"></label><button>Use this address</button></form>') });
  routeCheckout(web, '/cp', shopPage);
  web.route('/cp/to-paynow', (_req, res) => res.writeHead(302, { location: other.url('/away.html') }).end());
  // A server that takes its time before redirecting: the old page stays up meanwhile.
  web.route('/cp/slow-confirm', (_req, res) => void setTimeout(() => res.writeHead(302, { location: '/cp/confirm.html' }).end(), 1500));
  web.route('/cp/list.html', { body: shopPage('Mugs', '<a href="/cp/detail.html">Blue mug</a> <a href="/cp/detail.html?red">Red mug</a>') });
  web.route('/cp/detail.html', { body: shopPage('Blue mug', '<p>Price: 12 EUR</p><button type="button" onclick="history.back()">Back to list</button>') });
  web.route('/cp/reload.html', { body: shopPage('Counter', '<p>Visits: <span id="n"></span></p><button type="button" onclick="location.reload()">Reload</button><script>n.textContent = sessionStorage.visits = Number(sessionStorage.visits || 0) + 1</script>') });
  web.route('/cp/tabs.html', {
    body: shopPage('Links', `<a href="/cp/confirm.html" target="_blank">Open receipt</a> <a href="${other.url('/away.html')}" target="_blank">Partner site</a> <button type="button" onclick="window.open('/cp/detail.html', 'details')">Open details</button>`),
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

async function open(path: string, initScript?: string): Promise<void> {
  const opened = await openPage();
  ({ page, errors } = opened);
  closeContext = () => opened.context.close();
  if (initScript) await opened.context.addInitScript(initScript);
  await page.goto(web.url(path));
  await inPanel(page, 'textarea.task-input').waitFor();
}

/** The result `agent.resumed` gave on the current page, reduced to what the tests check. */
const resumed = () =>
  page.waitForFunction(() => (window as any).pageAgent?.resumed).then(() =>
    page.evaluate(async () => {
      const result = await (window as any).pageAgent.resumed;
      return result && { success: result.success, data: result.data, steps: result.history.filter((e: any) => e.type === 'step').map((e: any) => `${e.stepIndex}:${e.action.name}`), notes: result.history.filter((e: any) => e.type === 'observation').map((e: any) => e.content) };
    }),
  );

describe('new tabs during a task', { timeout: 90_000 }, () => {
  it('opens a same-origin target=_blank link in this tab and goes on there', async () => {
    llm.setHandler(pageModel([['Order confirmed', done('receipt read')], ['Open receipt', click('Open receipt')]]));
    await open('/cp/tabs.html');
    await typeTask(page, 'read the receipt');
    await page.waitForURL('**/cp/confirm.html');
    expect(await resumed()).toMatchObject({ success: true, data: 'receipt read', steps: ['0:click_element_by_index', '1:done'] });
    expect(page.context().pages()).toHaveLength(1);
  });

  it('opens a same-origin window.open in this tab and goes on there', async () => {
    llm.setHandler(pageModel([['Price: 12 EUR', done('12 EUR')], ['Open details', click('Open details')]]));
    await open('/cp/tabs.html');
    await typeTask(page, 'open the details');
    await page.waitForURL('**/cp/detail.html');
    expect(await resumed()).toMatchObject({ success: true, data: '12 EUR', steps: ['0:click_element_by_index', '1:done'] });
    expect(page.context().pages()).toHaveLength(1);
  });

  it("lets another site's target=_blank link open its tab and tells the model", async () => {
    llm.setHandler((request) => (userText(request).includes('in a new tab') ? done('the partner site opened in another tab')() : click('Partner site')(request)));
    await open('/cp/tabs.html');
    const popup = page.context().waitForEvent('page');
    await typeTask(page, 'visit the partner');
    await waitForStatus(page, 'completed');
    expect((await popup).url()).toBe(other.url('/away.html'));
    expect(page.url()).toBe(web.url('/cp/tabs.html'));
    expect(userText(llm.requests[1]!)).toContain(`The link opened ${other.url('/away.html')} in a new tab, which the agent cannot operate; this tab stays on ${web.url('/cp/tabs.html')}.`);
  });
});

// Several page loads per test: give them room on a loaded two-core machine.
describe('a task that crosses pages (script on every page)', { timeout: 90_000 }, () => {
  it('goes through a three-page checkout: a link, a form POST, location.assign and a redirect', async () => {
    llm.setHandler(pageModel([['Order confirmed', done('Ordered: #1042')], ['Place order', click('Place order')], ['Use this address', click('Use this address')], ['Checkout', click('Checkout')]]));
    await open('/cp/cart.html');
    await typeTask(page, 'buy what is in my cart');
    await page.waitForURL('**/cp/confirm.html');
    const result = await resumed();
    expect(result).toMatchObject({ success: true, data: 'Ordered: #1042', steps: ['0:click_element_by_index', '1:click_element_by_index', '2:click_element_by_index', '3:done'] });
    expect(result.notes).toEqual([
      `Continued on “Shipping” (${web.url('/cp/shipping.html')}) after a page load.`,
      `Continued on “Payment” (${web.url('/cp/ship')}) after a page load.`,
      `Continued on “Confirmation” (${web.url('/cp/confirm.html')}) after a page load.`,
    ]);
    // Step numbering goes on across pages, and the last request is step 4 (of maxSteps 40).
    expect(stepOf(llm.requests.at(-1)!)).toBe(4);
    expect(userText(llm.requests.at(-1)!)).toContain('buy what is in my cart');
    // The panel on the last page shows the earlier steps, the "continued on" lines and the answer.
    await waitForStatus(page, 'completed');
    expect(await inPanel(page, '.card.step').count()).toBe(3);
    expect(await inPanel(page, '.card.observation').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Continued on “Confirmation”')]));
    expect(await inPanel(page, '.card.answer').textContent()).toContain('Ordered: #1042');
    expect(errors).toEqual([]);
  });

  it('follows a list → detail → back flow (history.back())', async () => {
    llm.setHandler(pageModel([['Back to list', click('Back to list')], ['Red mug', (request) => (stepOf(request) === 1 ? click('Blue mug')(request) : done('The blue mug costs 12 EUR.')())]]));
    await open('/cp/list.html');
    await typeTask(page, 'what does the blue mug cost? then go back to the list');
    await page.waitForURL('**/cp/detail.html');
    await page.waitForURL('**/cp/list.html');
    const result = await resumed();
    expect(result).toMatchObject({ success: true, data: 'The blue mug costs 12 EUR.', steps: ['0:click_element_by_index', '1:click_element_by_index', '2:done'] });
    expect(result.notes.at(-1)).toBe(`Continued on “Mugs” (${web.url('/cp/list.html')}) after a page load.`);
    expect(errors).toEqual([]);
  });

  it('waits for a traversal the browser is slow to start instead of reading the page being left', async () => {
    // A loaded machine: the browser answers history.back() only after the click's result is read
    // (here 300 ms later). Without the wait, the next step read the detail page again and clicked
    // "Back to list" twice.
    const slowBrowser = 'const back = History.prototype.back; History.prototype.back = function () { setTimeout(() => back.call(this), 300); };';
    llm.setHandler(pageModel([['Back to list', click('Back to list')], ['Red mug', (request) => (stepOf(request) === 1 ? click('Blue mug')(request) : done('The blue mug costs 12 EUR.')())]]));
    await open('/cp/list.html', slowBrowser);
    await typeTask(page, 'what does the blue mug cost? then go back to the list');
    await page.waitForURL('**/cp/detail.html');
    await page.waitForURL('**/cp/list.html');
    expect(await resumed()).toMatchObject({ success: true, data: 'The blue mug costs 12 EUR.', steps: ['0:click_element_by_index', '1:click_element_by_index', '2:done'] });
    expect(errors).toEqual([]);
  });

  it('continues two tabs\' tasks each in its own tab', async () => {
    llm.setHandler(pageModel([['Order confirmed', done('Ordered: #1042')], ['Place order', click('Place order')], ['Use this address', click('Use this address')], ['Price: 12 EUR', done('12 EUR')], ['Red mug', click('Blue mug')], ['Checkout', click('Checkout')]]));
    await open('/cp/cart.html');
    const second = await page.context().newPage();
    await second.goto(web.url('/cp/list.html'));
    await inPanel(second, 'textarea.task-input').waitFor();
    await typeTask(page, 'buy what is in my cart');
    await typeTask(second, 'what does the blue mug cost?');
    await page.waitForURL('**/cp/confirm.html');
    await second.waitForURL('**/cp/detail.html');
    expect(await resumed()).toMatchObject({ success: true, data: 'Ordered: #1042' });
    const other = await second.evaluate(async () => {
      const result = await (window as any).pageAgent.resumed;
      return { data: result.data, task: (window as any).pageAgent.task };
    });
    expect(other).toEqual({ data: '12 EUR', task: 'what does the blue mug cost?' });
  });

  it('continues after a reload', async () => {
    llm.setHandler(pageModel([['Visits: 2', done('reloaded once')], ['Reload', click('Reload')]]));
    await open('/cp/reload.html');
    await typeTask(page, 'reload the page once');
    await page.waitForFunction(() => document.getElementById('n')?.textContent === '2');
    expect(await resumed()).toMatchObject({ success: true, data: 'reloaded once', steps: ['0:click_element_by_index', '1:done'] });
  });

  it('ends the task at a link to another site and shows that result when the user comes back', async () => {
    llm.setHandler(pageModel([['PayNow', click('Pay with PayNow')]]));
    await open('/cp/cart.html');
    await typeTask(page, 'pay with PayNow');
    await page.waitForURL(other.url('/away.html'));
    await page.goBack();
    const ended = `The task ended: the page went to ${other.url('/away.html')}, another site.`;
    expect(await resumed()).toMatchObject({ success: false, data: ended, steps: ['0:click_element_by_index'] });
    expect(await inPanel(page, '.card.error').last().textContent()).toContain(ended);
    expect(await page.evaluate(() => (window as any).pageAgent.status)).toBe('idle');
    expect(llm.requests).toHaveLength(1);
  });

  it('ends the task at a redirect to another site and shows that result when the user comes back', async () => {
    llm.setHandler(pageModel([['Pay later', click('Pay later')]]));
    await open('/cp/cart.html');
    await typeTask(page, 'pay later');
    await page.waitForURL(other.url('/away.html'));
    await page.goBack();
    const ended = 'The task ended: the page went to another site on the way here.';
    expect(await resumed()).toMatchObject({ success: false, data: ended, steps: ['0:click_element_by_index'] });
    expect(await inPanel(page, '.card.error').last().textContent()).toContain(ended);
    expect(await page.evaluate(() => (window as any).pageAgent.status)).toBe('idle');
    expect(llm.requests).toHaveLength(1);
  });

  it('asks the model nothing more while a slow navigation is under way, then goes on on the next page', async () => {
    llm.setHandler(pageModel([['Order confirmed', done('ordered')], ['Express order', click('Express order')]]));
    await open('/cp/cart.html');
    await typeTask(page, 'place an express order');
    await page.waitForURL('**/cp/confirm.html');
    expect(await resumed()).toMatchObject({ success: true, data: 'ordered', steps: ['0:click_element_by_index', '1:done'] });
    expect(llm.requests.map(stepOf)).toEqual([1, 2]);
  });

  it('with sessionStorage disabled, ends the task with a result that says it could not continue', async () => {
    // No storage; warnings sent to the test server as beacons (the way to report from a page that unloads).
    const disable = `Object.defineProperty(window, 'sessionStorage', { get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
      const warn = console.warn; console.warn = (...args) => { navigator.sendBeacon('/cp/beacon', args.join(' ')); warn(...args); };`;
    const beacons: string[] = [];
    web.route('/cp/beacon', (req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => (beacons.push(body), res.writeHead(204).end()));
    });
    llm.setHandler(pageModel([['Checkout', click('Checkout')]]));
    await open('/cp/cart.html', disable);
    await page.reload();
    await typeTask(page, 'buy what is in my cart');
    await page.waitForURL('**/cp/shipping.html');
    expect(await resumed()).toBeNull();
    expect(await page.evaluate(() => (window as any).pageAgent.status)).toBe('idle');
    // The first page warned as it unloaded (its run ended with that text); this page found nothing.
    await expect.poll(() => beacons).toEqual(['[page-agent] The task could not continue on the next page: saving it failed (Access is denied for this document.).']);
    expect(llm.requests).toHaveLength(1);
  });
});
