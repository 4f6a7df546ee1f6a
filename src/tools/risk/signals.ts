// What an action would do, read from the page: the control's label (text, attributes, icon names,
// CSS-generated text), the form it submits, the section or dialog it acts in, where a link goes.
// Each check answers a reason in words for the approval card, or undefined.
import { computeName } from '../../dom/index.js';
import { DISMISS, POST_PATH, findRiskyWord, normalizeText } from './words.js';

/** An attribute's value, '' when absent. */
export const attr = (element: Element, name: string): string => element.getAttribute(name) ?? '';

/** Tag and type in one string ("input:submit", "button:", "a:") for the kind checks below. */
export const kindOf = (element: Element): string => `${element.localName}:${attr(element, 'type').toLowerCase()}`;

/** `run()`'s value, or undefined when it throws (a bad URL or escape, a detached element's style). */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** `what “word”` when a risky word was found. */
export const quoted = (what: string, word?: string): string | undefined => word && `${what} “${word}”`;

/**
 * Everything a person could read as the control's name: its text (hidden parts too), its accessible
 * name (aria-labelledby, aria-label, icons' names, CSS ::before/::after text), its title, value and
 * name, and an SVG sprite's symbol id (#icon-trash).
 */
export function labelOf(element: Element): string {
  let text = `${element.textContent} ${computeName(element).name} ${attr(element, 'value')} ${attr(element, 'name')} ${attr(element, 'title')}`;
  for (const use of element.querySelectorAll('use')) text += ` ${attr(use, 'href')} ${attr(use, 'xlink:href')}`;
  return text.replace(/[_-]+/g, ' ');
}

const urlOf = (url: string, pageUrl: string): URL | undefined => attempt(() => new URL(url, pageUrl));
const decode = (text: string): string => attempt(() => decodeURIComponent(text)) ?? text;

/** The other web origin `url` leads to, if it leaves `pageUrl`'s. */
function otherOrigin(url: string, pageUrl: string): string | undefined {
  const target = urlOf(url, pageUrl);
  return target && /^https?:$/.test(target.protocol) && target.origin !== new URL(pageUrl).origin ? target.origin : undefined;
}

/** A risky word in a URL's path and query ("/account/delete", "?action=remove"). */
function pathWord(url: URL, extra?: RegExp): string | undefined {
  const words = decode(url.pathname + url.search).replace(/[/_.\-+=?&]+/g, ' ');
  return findRiskyWord(words) ?? extra?.exec(normalizeText(words))?.[0];
}

/** The other site a link opens; a script link leaves when a URL literal in it leads to another site. */
function linkOrigin(href: string, pageUrl: string): string | undefined {
  let away = otherOrigin(href, pageUrl);
  if (/^\s*javascript:/i.test(href)) for (const [literal] of decode(href).matchAll(/(?:https?:)?\/\/[^\s'"`)]+/g)) away ??= otherOrigin(literal!, pageUrl);
  return away;
}

/** Where following a link goes when that is risky: another site, a risky path, a script that leaves. */
export function linkRisk(href: string, pageUrl: string): string | undefined {
  const away = linkOrigin(href, pageUrl);
  const url = urlOf(href, pageUrl);
  if (away) return `leaves this site for ${away}`;
  if (url?.protocol === 'javascript:') return quoted('runs a link script that says', findRiskyWord(decode(href).replace(/[_-]+/g, ' ')));
  return url && pathWord(url) ? quoted('opens', url.pathname) : undefined;
}

/**
 * The other site activating `element` opens (for allowedOrigins): its link's target, or the action
 * of the form it submits (`submits`: a submit button, or Enter in a form field).
 */
export function destinationOf(element: Element, submits: boolean, pageUrl: string): string | undefined {
  const link = element.closest('a[href], area[href]');
  const form = submits ? (element as HTMLInputElement).form : null;
  if (link) return linkOrigin(attr(link, 'href'), pageUrl);
  return form ? otherOrigin(element.getAttribute('formaction') || attr(form, 'action'), pageUrl) : undefined;
}

const PAYMENT_FIELD = /cc-|card|cvc|cvv|\bcsc|iban|expir|security.?code/i;

/**
 * Why acting in `scope` (a form or a section) looks risky by what it holds: a card, CVC, IBAN or
 * expiry field, or a risky word in its title (its accessible name and first legend or heading).
 */
export function scopeRisk(scope: Element, what: string): string | undefined {
  for (const field of scope.querySelectorAll('input, select')) {
    if (PAYMENT_FIELD.test(['autocomplete', 'name', 'id', 'placeholder', 'aria-label'].map((name) => attr(field, name)).join(' '))) return `${what} with payment fields`;
  }
  const heading = scope.querySelector('legend, h1, h2, h3, h4, h5, h6, [role=heading]');
  return quoted(`${what} titled`, findRiskyWord(`${attr(scope, 'aria-label')} ${attr(scope, 'name')} ${scope.id} ${heading?.textContent}`));
}

export const isSubmitControl = (element: Element): boolean => /^(?:button:(?:submit)?|input:(?:submit|image))$/.test(kindOf(element));

/**
 * Why submitting `form` (by `submitter`, or by Enter when null) looks risky: a risky submit button,
 * another site or a risky path as its action, a POST that orders or pays, payment fields, its title.
 */
export function formRisk(form: HTMLFormElement, submitter: Element | null, pageUrl: string): string | undefined {
  for (const control of submitter ? [submitter] : [...form.querySelectorAll('button, input')].filter(isSubmitControl)) {
    const word = quoted('submits a form with a', findRiskyWord(labelOf(control)));
    if (word) return `${word} button`;
  }
  const action = submitter?.getAttribute('formaction') || attr(form, 'action');
  const post = (submitter?.getAttribute('formmethod') || attr(form, 'method')).toLowerCase() === 'post';
  const away = otherOrigin(action, pageUrl);
  const url = action ? urlOf(action, pageUrl) : undefined;
  if (away) return `submits a form to another site (${away})`;
  if (url?.protocol === 'javascript:') return linkRisk(action, pageUrl);
  if (url && pathWord(url, post ? POST_PATH : undefined)) return quoted(`${post ? 'posts' : 'submits'} a form to`, url.pathname);
  return scopeRisk(form, 'submits a form');
}

/**
 * Why pressing a button in a dialog (or a popconfirm, which component libraries render as
 * role=tooltip) confirms something risky: the dialog's own text, not the button's “Yes”.
 */
export function dialogRisk(element: Element): string | undefined {
  const dialog = element.closest('dialog, [role=dialog], [role=alertdialog], [role=tooltip]');
  return dialog && !DISMISS.test(normalizeText(computeName(element).name)) ? quoted('confirms a dialog that says', findRiskyWord(labelOf(dialog))) : undefined;
}

/** The form or section a button acts in: its form, else the nearest section-like ancestor holding fields. */
export function scopeOf(element: Element): Element | undefined {
  let node: Element | null = (element as HTMLButtonElement).form ?? element.closest('form') ?? element.closest('fieldset, section, [role=region], [role=group], [role=form]');
  if (node) return node;
  node = element.parentElement;
  for (let depth = 0; node && depth < 3 && node !== element.ownerDocument.body; depth++, node = node.parentElement) {
    if (node.querySelector('input, select, textarea')) return node;
  }
  return undefined;
}
