// The built-in risky-action policy on real DOM (happy-dom): pay/buy/delete/transfer/confirm submits in
// English and Chinese, cross-origin navigation, and the decision shapes a policy may answer.
import { afterEach, describe, expect, it } from 'vitest';
import { assessRisk, findRiskyWord, normalizeDecision, riskyActionPolicy, type AgentPageController } from '../../../src/tools/index.js';

const PAGE = 'https://shop.test/cart';

/** A controller whose registry maps indexes to elements of the current document. */
function controllerFor(elements: Record<number, Element>): AgentPageController {
  return {
    registry: {
      description: (index: number) => (elements[index] ? `[${index}]<${elements[index]!.localName}>${elements[index]!.textContent} />` : undefined),
      resolve: (index: number) => {
        const element = elements[index];
        return element ? { ok: true, element, description: `[${index}]<${element.localName}>${element.textContent} />` } : { ok: false, reason: 'unknown' };
      },
    },
  } as unknown as AgentPageController;
}

function html(markup: string): void {
  document.body.innerHTML = markup; // Test fixture markup only, never page or model text.
}
const $ = (selector: string) => document.querySelector(selector)!;

afterEach(() => document.body.replaceChildren());

describe('assessRisk', () => {
  it('flags a click on a submit button whose text says pay, and describes the element', () => {
    html('<form><input name=card><button>Pay now</button></form>');
    const risk = assessRisk('click_element_by_index', { index: 1 }, controllerFor({ 1: $('button') }), PAGE);
    expect(risk.reason).toBe('submits a form with a “pay” button');
    expect(risk.element).toBe('[1]<button>Pay now />');
  });

  it.each([
    ['<button>Place order</button>', 'Place order'],
    ['<button>Delete account</button>', 'Delete'],
    ['<button>Remove</button>', 'Remove'],
    ['<button>Transfer funds</button>', 'Transfer'],
    ['<button>Confirm</button>', 'Confirm'],
    ['<button>立即支付</button>', '支付'],
    ['<button>删除订单</button>', '删除'],
    ['<button>确认转账</button>', '确认'],
    ['<input type=submit value="Buy now">', 'Buy'],
    ['<button name=delete>OK</button>', 'delete'],
  ])('flags %s', (markup, word) => {
    html(`<form>${markup}</form>`);
    const target = $('form > *');
    expect(assessRisk('click_element_by_index', { index: 0 }, controllerFor({ 0: target }), PAGE).reason).toContain(word.toLowerCase());
  });

  it('flags a button without a form when its own text is risky', () => {
    html('<div role=dialog><button type=button>Delete item</button></div>');
    expect(assessRisk('click_element_by_index', { index: 0 }, controllerFor({ 0: $('button') }), PAGE).reason).toBe('says “delete”');
  });

  it('leaves ordinary clicks alone', () => {
    html('<form><input name=q><button>Search</button></form><a href="/help">Help</a><button>Payload</button>');
    const controller = controllerFor({ 0: $('form button'), 1: $('a'), 2: document.querySelectorAll('button')[1]! });
    for (const index of [0, 1, 2]) expect(assessRisk('click_element_by_index', { index }, controller, PAGE).reason).toBeUndefined();
  });

  it('flags a link to another origin, not one on this origin', () => {
    html('<a id=away href="https://evil.test/x"><span>Go</span></a><a id=home href="https://shop.test/home">Home</a>');
    const controller = controllerFor({ 0: $('#away span'), 1: $('#home') });
    expect(assessRisk('click_element_by_index', { index: 0 }, controller, PAGE).reason).toBe('leaves this site for https://evil.test');
    expect(assessRisk('click_element_by_index', { index: 1 }, controller, PAGE).reason).toBeUndefined();
  });

  it('flags a form posted to another origin, or to a risky path', () => {
    html('<form action="https://other.test/step"><button>Continue</button></form>');
    expect(assessRisk('click_element_by_index', { index: 0 }, controllerFor({ 0: $('button') }), PAGE).reason).toBe('submits a form to another site (https://other.test)');
    html('<form action="/orders/delete"><button>Continue</button></form>');
    expect(assessRisk('click_element_by_index', { index: 0 }, controllerFor({ 0: $('button') }), PAGE).reason).toBe('submits a form to “/orders/delete”');
  });

  it('flags Enter in a field of a risky form, not Enter elsewhere', () => {
    html('<form><input id=amount><button>Transfer</button></form><form><input id=q><button>Go</button></form>');
    const controller = controllerFor({ 0: $('#amount'), 1: $('#q') });
    expect(assessRisk('press_key', { key: 'Enter', index: 0 }, controller, PAGE).reason).toMatch(/transfer/);
    expect(assessRisk('press_key', { key: 'Enter', index: 1 }, controller, PAGE).reason).toBeUndefined();
    expect(assessRisk('press_key', { key: 'Tab', index: 0 }, controller, PAGE).reason).toBeUndefined();
  });

  it('flags Enter or Space on a link to another origin, by index or on the focused link, like a click', () => {
    html('<a id=away href="https://evil.test/x">Go</a><a id=home href="/home">Home</a><a id=del href="/items/1">Delete item</a>');
    const controller = controllerFor({ 0: $('#away'), 1: $('#home'), 2: $('#del') });
    for (const key of ['Enter', 'NumpadEnter', 'Shift+Enter', 'Space', ' ']) {
      expect(assessRisk('press_key', { key, index: 0 }, controller, PAGE).reason, key).toBe('leaves this site for https://evil.test');
      expect(assessRisk('press_key', { key, index: 1 }, controller, PAGE).reason, key).toBeUndefined();
    }
    expect(assessRisk('press_key', { key: 'Enter', index: 2 }, controller, PAGE).reason).toBe('says “delete”');
    expect(assessRisk('press_key', { key: 'Tab', index: 0 }, controller, PAGE).reason).toBeUndefined();
    ($('#away') as HTMLElement).focus();
    expect(document.activeElement).toBe($('#away'));
    expect(assessRisk('press_key', { key: 'Enter' }, controller, PAGE).reason).toBe('leaves this site for https://evil.test');
    expect(assessRisk('press_key', { key: 'ArrowDown' }, controller, PAGE).reason).toBeUndefined();
    ($('#home') as HTMLElement).focus();
    expect(assessRisk('press_key', { key: 'Enter' }, controller, PAGE).reason).toBeUndefined();
  });

  it('flags Enter or Space on a risky button, and Enter in a focused field of a risky form', () => {
    html('<div><button type=button id=del>Delete</button></div><form><input id=amount><button>Transfer</button></form>');
    const controller = controllerFor({ 0: $('#del') });
    expect(assessRisk('press_key', { key: 'Space', index: 0 }, controller, PAGE).reason).toBe('says “delete”');
    ($('#amount') as HTMLElement).focus();
    expect(assessRisk('press_key', { key: 'Enter' }, controller, PAGE).reason).toMatch(/transfer/);
    expect(assessRisk('press_key', { key: 'Space' }, controller, PAGE).reason).toBeUndefined();
  });

  it('flags model-written scripts, and judges from the description when the element is gone', () => {
    expect(assessRisk('execute_javascript', { script: '1' }, controllerFor({}), PAGE).reason).toMatch(/script/);
    const stale = { registry: { description: () => '[4]<button>Pay />', resolve: () => ({ ok: false, reason: 'stale' }) } } as unknown as AgentPageController;
    expect(assessRisk('click_element_by_index', { index: 4 }, stale, PAGE)).toEqual({ element: '[4]<button>Pay />', reason: 'says “pay”' });
  });

  it('works with a controller that has no registry', () => {
    expect(assessRisk('click_element_by_index', { index: 1 }, {} as AgentPageController, PAGE)).toEqual({});
  });
});

describe('findRiskyWord', () => {
  it('matches whole English words only', () => {
    expect(findRiskyWord('Repay later')).toBeUndefined();
    expect(findRiskyWord('Buyer reviews')).toBeUndefined();
    expect(findRiskyWord('Check out')).toBe('check out');
  });
});

describe('decisions', () => {
  it('normalizes every accepted shape and denies anything else', () => {
    expect(normalizeDecision(true)).toEqual({ allow: true });
    expect(normalizeDecision('allow')).toEqual({ allow: true });
    expect(normalizeDecision({ allow: true })).toEqual({ allow: true });
    expect(normalizeDecision(false)).toEqual({ allow: false });
    expect(normalizeDecision('deny')).toEqual({ allow: false });
    expect(normalizeDecision({ allow: false, note: ' later ' })).toEqual({ allow: false, note: 'later' });
    expect(normalizeDecision('ask')).toBe('ask');
    expect(normalizeDecision(undefined)).toMatchObject({ allow: false });
    expect(normalizeDecision('yes')).toMatchObject({ allow: false });
  });

  it('riskyActionPolicy asks only when a reason was found', () => {
    const signal = new AbortController().signal;
    expect(riskyActionPolicy('click_element_by_index', {}, { url: PAGE, signal, reason: 'pays' })).toBe('ask');
    expect(riskyActionPolicy('click_element_by_index', {}, { url: PAGE, signal })).toBe('allow');
  });
});
