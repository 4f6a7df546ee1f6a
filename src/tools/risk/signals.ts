// What an action would do, read from the page: the control's label (text, attributes, icon names,
// CSS-generated text), the form it submits, the section or dialog it acts in, where a link goes.
// Each check answers a reason in words for the approval card, or undefined.
import { DISMISS, POST_PATH, findRiskyWord, normalizeText } from './words.js';

const LABEL_ATTRIBUTES = ['value', 'name', 'aria-label', 'title', 'alt'];

/** Text a stylesheet draws with ::before/::after content. */
function generatedText(element: Element): string {
  const view = element.ownerDocument.defaultView;
  let text = '';
  try {
    for (const pseudo of ['::before', '::after']) {
      for (const match of (view?.getComputedStyle(element, pseudo).content ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)) text += ` ${match[1]}`;
    }
  } catch {
    // A detached element or a minimal DOM has no computed style: no generated text.
  }
  return text;
}

/** Everything a person could read as the control's name: text, naming attributes, icon names, CSS text. */
export function labelOf(element: Element): string {
  const parts = [element.textContent ?? ''];
  for (const id of (element.getAttribute('aria-labelledby') ?? '').split(/\s+/)) if (id) parts.push(element.ownerDocument.getElementById(id)?.textContent ?? '');
  for (const node of [element, ...Array.from(element.querySelectorAll('*')).slice(0, 30)]) {
    for (const name of LABEL_ATTRIBUTES) parts.push(node.getAttribute(name) ?? '');
    // An SVG sprite's symbol id often names the icon (#icon-trash).
    if (node.localName === 'use') parts.push((node.getAttribute('href') ?? node.getAttribute('xlink:href') ?? '').split('#')[1] ?? '');
    parts.push(generatedText(node));
  }
  return parts.join(' ').replace(/[_-]+/g, ' ');
}

function urlOf(url: string, pageUrl: string): URL | undefined {
  try {
    return new URL(url, pageUrl);
  } catch {
    return undefined;
  }
}

/** The other web origin `url` leads to, if it leaves `pageUrl`'s. */
function otherOrigin(url: string | null | undefined, pageUrl: string): string | undefined {
  const target = url ? urlOf(url, pageUrl) : undefined;
  if (!target || !/^https?:$/.test(target.protocol)) return undefined;
  return target.origin !== new URL(pageUrl).origin ? target.origin : undefined;
}

/** A risky word in a URL's path and query ("/account/delete", "?action=remove"). */
function pathWord(url: URL, extra?: RegExp): string | undefined {
  const words = decodeURIComponentSafe(url.pathname + url.search).replace(/[/_.\-+=?&]+/g, ' ');
  return findRiskyWord(words) ?? extra?.exec(normalizeText(words))?.[0];
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where following a link goes when that is risky: another site, a risky path, a script that leaves. */
export function linkRisk(href: string, pageUrl: string): string | undefined {
  if (/^\s*javascript:/i.test(href)) {
    const script = decodeURIComponentSafe(href);
    for (const [literal] of script.matchAll(/(?:https?:)?\/\/[^\s'"`)]+/g)) {
      const away = otherOrigin(literal, pageUrl);
      if (away) return `runs a link script that leaves this site for ${away}`;
    }
    const word = findRiskyWord(script.replace(/[_-]+/g, ' '));
    return word ? `runs a link script that says “${word}”` : undefined;
  }
  const away = otherOrigin(href, pageUrl);
  if (away) return `leaves this site for ${away}`;
  const url = urlOf(href, pageUrl);
  const word = url && pathWord(url);
  return word ? `opens “${url.pathname}”` : undefined;
}

const PAYMENT_FIELD = /cc-|card|cvc|cvv|\bcsc|iban|expir|security.?code/;

/** Whether `scope` has a card, CVC, IBAN or expiry field. */
function hasPaymentField(scope: Element): boolean {
  for (const field of scope.querySelectorAll('input, select')) {
    const names = ['autocomplete', 'name', 'id', 'placeholder', 'aria-label'].map((name) => field.getAttribute(name) ?? '').join(' ');
    if (PAYMENT_FIELD.test(names.toLowerCase())) return true;
  }
  return false;
}

/** The title of a form or section: its accessible name and its first legend or heading. */
function titleOf(scope: Element): string {
  const heading = scope.querySelector('legend, h1, h2, h3, h4, h5, h6, [role=heading]');
  return `${scope.getAttribute('aria-label') ?? ''} ${scope.getAttribute('name') ?? ''} ${scope.id} ${heading?.textContent ?? ''}`;
}

/** Why acting in `scope` (a form or a section) looks risky by what it holds: payment fields, its title. */
export function scopeRisk(scope: Element, what: string): string | undefined {
  if (hasPaymentField(scope)) return `${what} with payment fields`;
  const word = findRiskyWord(titleOf(scope));
  return word ? `${what} titled “${word}”` : undefined;
}

export function isSubmitControl(element: Element): element is HTMLButtonElement | HTMLInputElement {
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  if (element.localName === 'button') return type === '' || type === 'submit';
  return element.localName === 'input' && (type === 'submit' || type === 'image');
}

/**
 * Why submitting `form` (by `submitter`, or by Enter when null) looks risky: a risky submit button,
 * another site or a risky path as its action, a POST that orders or pays, payment fields, its title.
 */
export function formRisk(form: HTMLFormElement, submitter: Element | null, pageUrl: string): string | undefined {
  const controls = submitter ? [submitter] : Array.from(form.querySelectorAll('button, input')).filter(isSubmitControl);
  for (const control of controls) {
    const word = findRiskyWord(labelOf(control));
    if (word) return `submits a form with a “${word}” button`;
  }
  const action = submitter?.getAttribute('formaction') || form.getAttribute('action') || '';
  const method = (submitter?.getAttribute('formmethod') || form.getAttribute('method') || 'get').toLowerCase();
  const away = otherOrigin(action, pageUrl);
  if (away) return `submits a form to another site (${away})`;
  const url = action ? urlOf(action, pageUrl) : undefined;
  if (url?.protocol === 'javascript:') return linkRisk(action, pageUrl);
  if (url && pathWord(url, method === 'post' ? POST_PATH : undefined)) return `${method === 'post' ? 'posts' : 'submits'} a form to “${url.pathname}”`;
  return scopeRisk(form, 'submits a form');
}

/** Why pressing a button in a dialog (or a popconfirm, which component libraries render as role=tooltip) confirms something risky: its own text, not the button's “Yes”. */
export function dialogRisk(element: Element): string | undefined {
  const dialog = element.closest('dialog, [role=dialog], [role=alertdialog], [role=tooltip]');
  if (!dialog || DISMISS.test(normalizeText(labelOf(element)))) return undefined;
  const word = findRiskyWord(`${labelOf(dialog)} ${titleOf(dialog)}`);
  return word ? `confirms a dialog that says “${word}”` : undefined;
}

/** The form or section a button acts in: its form, else the nearest section-like ancestor holding fields. */
export function scopeOf(element: Element): Element | undefined {
  const form = (element as HTMLButtonElement).form ?? element.closest('form');
  if (form) return form;
  const section = element.closest('fieldset, section, [role=region], [role=group], [role=form]');
  if (section) return section;
  let node = element.parentElement;
  for (let depth = 0; node && depth < 3 && node !== element.ownerDocument.body; depth++, node = node.parentElement) {
    if (node.querySelector('input, select, textarea')) return node;
  }
  return undefined;
}
