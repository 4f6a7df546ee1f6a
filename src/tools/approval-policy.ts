// The built-in risky-action policy: which actions deserve the user's approval before they run.
// Risky: a click, Enter or Space that submits with pay/buy/delete/remove/transfer/confirm words
// (English or Chinese) on the control or its form, leaving the page's origin, and model-written scripts.
import type { ApprovalContext, ApprovalDecision } from '../types.js';
import type { AgentPageController } from './tool.js';

/** Words that make a submit or click look irreversible. */
export const RISKY_WORDS_EN = /\b(pay|paying|payment|buy|purchase|checkout|check[\s-]out|place[\s-]order|order[\s-]now|delete|remove|transfer|confirm)\b/i;
/** The same intents in Chinese (no word boundaries in Chinese text). */
export const RISKY_WORDS_ZH = /(支付|付款|购买|买单|结算|下单|删除|移除|转账|汇款|确认)/;

/** What the policy found about one action: the target's description and, when risky, why. */
export interface RiskAssessment {
  element?: string;
  reason?: string;
}

/** The first risky word in `text`, if any. */
export function findRiskyWord(text: string): string | undefined {
  return (RISKY_WORDS_EN.exec(text) ?? RISKY_WORDS_ZH.exec(text))?.[0];
}

function labelOf(element: Element): string {
  const parts = [
    element.textContent ?? '',
    element.getAttribute('value') ?? '',
    element.getAttribute('name') ?? '',
    element.getAttribute('aria-label') ?? '',
    element.getAttribute('title') ?? '',
  ];
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function isSubmitControl(element: Element): element is HTMLButtonElement | HTMLInputElement {
  const tag = element.localName;
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  if (tag === 'button') return type === '' || type === 'submit';
  return tag === 'input' && (type === 'submit' || type === 'image');
}

function otherOrigin(url: string | null | undefined, pageUrl: string): string | undefined {
  if (!url) return undefined;
  try {
    const base = new URL(pageUrl);
    const target = new URL(url, base);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
    return target.origin !== base.origin ? target.origin : undefined;
  } catch {
    return undefined;
  }
}

function pathOf(url: string | null | undefined, pageUrl: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, pageUrl).pathname;
  } catch {
    return undefined;
  }
}

/** Why submitting `form` (by `submitter`, if known) looks risky, if it does. */
function formRisk(form: HTMLFormElement, submitter: Element | null, pageUrl: string): string | undefined {
  const controls = submitter ? [submitter] : [...form.querySelectorAll('button, input[type=submit], input[type=image]')].filter(isSubmitControl);
  for (const control of controls) {
    const word = findRiskyWord(labelOf(control));
    if (word) return `submits a form with a “${word}” button`;
  }
  const formWord = findRiskyWord(`${form.getAttribute('name') ?? ''} ${form.id} ${form.getAttribute('aria-label') ?? ''}`);
  if (formWord) return `submits a form named “${formWord}”`;
  const action = submitter?.getAttribute('formaction') || form.getAttribute('action');
  const away = otherOrigin(action, pageUrl);
  if (away) return `submits a form to another site (${away})`;
  const path = pathOf(action, pageUrl);
  if (path && findRiskyWord(path)) return `submits a form to “${path}”`;
  return undefined;
}

function clickRisk(element: Element, description: string, pageUrl: string): string | undefined {
  if (isSubmitControl(element) && element.form) {
    const risk = formRisk(element.form, element, pageUrl);
    if (risk) return risk;
  }
  const word = findRiskyWord(`${labelOf(element)} ${description}`);
  if (word) return `the control says “${word}”`;
  const link = element.closest('a[href]');
  const away = otherOrigin(link?.getAttribute('href'), pageUrl);
  if (away) return `leaves this site for ${away}`;
  return undefined;
}

/** Which activating key `key` ends in ("Enter", "Shift+Enter", "Space", " "), if any. */
function activatingKey(key: unknown): 'enter' | 'space' | undefined {
  if (typeof key !== 'string' || key === '') return undefined;
  const last = key.trim() === '' ? ' ' : (key.endsWith('+') ? '+' : key.split('+').pop()!.trim().toLowerCase());
  if (last === 'enter' || last === 'numpadenter' || last === 'return') return 'enter';
  if (last === ' ' || last === 'space' || last === 'spacebar') return 'space';
  return undefined;
}

function isButtonLike(element: Element): boolean {
  const tag = element.localName;
  if (tag === 'button') return true;
  return tag === 'input' && ['submit', 'image', 'button', 'reset'].includes((element.getAttribute('type') ?? '').toLowerCase());
}

/**
 * Why pressing Enter or Space on `element` looks risky: on a button or a link it activates it like a
 * click (Space on a link is judged like Enter, to be safe); Enter in a form field submits the form.
 */
function keyRisk(element: Element, key: 'enter' | 'space', description: string, pageUrl: string): string | undefined {
  if (isButtonLike(element) || element.closest('a[href]')) return clickRisk(element, description, pageUrl);
  const form = key === 'enter' && 'form' in element ? (element as HTMLInputElement).form : null;
  return form ? formRisk(form, null, pageUrl) : undefined;
}

/** The focused element of the agent's document, looking into open shadow roots. */
function focusedElement(): Element | undefined {
  let active: Element | null | undefined = globalThis.document?.activeElement;
  for (let depth = 0; active?.shadowRoot?.activeElement && depth < 32; depth++) active = active.shadowRoot.activeElement;
  return active && active !== active.ownerDocument.body && active !== active.ownerDocument.documentElement ? active : undefined;
}

function indexOf(input: unknown): number | undefined {
  const value = (input as { index?: unknown } | null)?.index;
  return typeof value === 'number' ? value : undefined;
}

/**
 * Looks at one action before it runs. Only built-in page actions are assessed; a custom tool is
 * the user's to judge in their own `approveAction`.
 */
export function assessRisk(tool: string, input: unknown, controller: AgentPageController, pageUrl: string): RiskAssessment {
  if (tool === 'execute_javascript') return { reason: 'runs a script written by the model' };
  const index = indexOf(input);
  const key = tool === 'press_key' ? activatingKey((input as { key?: unknown } | null)?.key) : undefined;
  if (index === undefined) {
    // press_key without an index acts on whatever has focus.
    const focused = key ? focusedElement() : undefined;
    const reason = focused ? keyRisk(focused, key!, '', pageUrl) : undefined;
    return reason ? { reason } : {};
  }
  const registry = controller.registry;
  const resolved = registry?.resolve(index);
  const element = resolved?.ok ? resolved.element : undefined;
  const description = (resolved?.ok ? resolved.description : undefined) ?? registry?.description(index);
  const assessment: RiskAssessment = description ? { element: description } : {};
  let reason: string | undefined;
  if (tool === 'click_element_by_index') {
    if (element) reason = clickRisk(element, description ?? '', pageUrl);
    else if (description && findRiskyWord(description)) reason = `the control says “${findRiskyWord(description)}”`;
  } else if (key && element) {
    reason = keyRisk(element, key, description ?? '', pageUrl);
  }
  if (reason) assessment.reason = reason;
  return assessment;
}

/** The built-in policy as a function: asks the user about risky actions and allows the rest. */
export function riskyActionPolicy(_tool: string, _input: unknown, context: ApprovalContext): ApprovalDecision {
  return context.reason ? 'ask' : 'allow';
}

/** A decision in one normal form: ask the user, or allow/deny with an optional note. */
export type NormalizedDecision = 'ask' | { allow: boolean; note?: string };

/** Reads any accepted ApprovalDecision shape; anything unrecognised denies (fail safe). */
export function normalizeDecision(decision: unknown): NormalizedDecision {
  if (decision === 'ask') return 'ask';
  if (decision === true || decision === 'allow') return { allow: true };
  if (decision === false || decision === 'deny') return { allow: false };
  if (typeof decision === 'object' && decision !== null && 'allow' in decision) {
    const { allow, note } = decision as { allow: unknown; note?: unknown };
    if (allow === true) return { allow: true };
    return typeof note === 'string' && note.trim() ? { allow: false, note: note.trim() } : { allow: false };
  }
  return { allow: false, note: 'The approval policy gave no valid answer, so the action was not run.' };
}
