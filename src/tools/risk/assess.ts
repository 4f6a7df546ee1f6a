// The built-in risk check: looks at one action before it runs and says why it deserves the user's
// approval. A click is judged by its label and by its effect (the form it submits, the dialog it
// confirms, the section it acts in, where it leads); a choice or typed text by the words chosen;
// a key by what Enter or Space would activate. Site owners' data-page-agent-risky/-safe marks win.
import { deepActiveElement } from '../../dom/index.js';
import type { AgentPageController } from '../tool.js';
import { attr, destinationOf, dialogRisk, formRisk, isSubmitControl, kindOf, labelOf, linkRisk, quoted, scopeOf, scopeRisk } from './signals.js';
import { findRiskyWord, inUnknownScript, normalizeText } from './words.js';

/** What the check found about one action: the target's description, why it is risky, and a note on how it judged. */
export interface RiskAssessment {
  element?: string;
  reason?: string;
  /** Set when the label is in a script the word table does not know, so only effects were judged. */
  note?: string;
  /** The other site (origin) a click or key press on the target would open, if any. */
  origin?: string;
}

const UNKNOWN_SCRIPT_NOTE = 'label in a script the word table lacks: judged by effect only';

/** A field a click only focuses or opens: text entry (textarea, text-like inputs, contenteditable) or a select. */
const isField = (element: Element): boolean =>
  /^(?:textarea|select:|input(?!:(?:button|submit|image|reset|checkbox|radio|file|color|range)$))/.test(kindOf(element)) || (element as HTMLElement).isContentEditable;
const isButtonLike = (element: Element): boolean => attr(element, 'role') === 'button' || /^(?:button|input:(?:submit|image|button|reset)$)/.test(kindOf(element));
const isCheck = (element: Element): boolean => /^input:(?:checkbox|radio)$/.test(kindOf(element));

function clickRisk(element: Element, description: string, pageUrl: string): string | undefined {
  if (isField(element)) return undefined;
  const form = (element as HTMLButtonElement).form;
  const link = element.closest('a[href], area[href]');
  const risk = (isSubmitControl(element) && form && formRisk(form, element, pageUrl)) || quoted('says', findRiskyWord(`${labelOf(element)} ${description}`));
  if (risk || link) return risk || linkRisk(attr(link!, 'href'), pageUrl);
  // A button (or a checkbox in a form) may submit or pay in script: judge the form or section it acts in.
  const scope = isButtonLike(element) || (form && isCheck(element)) ? scopeOf(element) : undefined;
  return (
    dialogRisk(element) ??
    (scope && (scope.localName === 'form' ? formRisk(scope as HTMLFormElement, null, pageUrl)?.replace(/^submits/, 'acts in') : scopeRisk(scope, 'acts in a section')))
  );
}

/**
 * Which activating key `key` ends in ("Enter", "Shift+Enter", "Space", " "), if any: its last
 * '+'-separated part, spaces around it ignored; a key of spaces is Space, a trailing "+" (the plus
 * key) none.
 */
function activatingKey(key: unknown): 'enter' | 'space' | undefined {
  if (typeof key !== 'string') return undefined;
  return /(?:^|\+)\s*(?:(?:numpad)?enter|return)\s*$/i.test(key) ? 'enter' : /(?:^|\+)\s*space(?:bar)?\s*$|^\s+$/i.test(key) ? 'space' : undefined;
}

/** Why choosing `text` in a dropdown looks risky: the option's words ("Delete selected"). */
function choiceRisk(element: Element | undefined, text: string): string | undefined {
  let options = text;
  if (element?.localName === 'select') {
    const wanted = normalizeText(text);
    for (const option of (element as HTMLSelectElement).options) if (wanted && normalizeText(`${option.text} ${option.value}`).includes(wanted)) options += ` ${option.text} ${option.value}`;
  }
  const word = findRiskyWord(options);
  return word ? `chooses “${text.slice(0, 80)}” (“${word}”)` : undefined;
}

/** Why typing `text` looks risky: a risky word typed into a command box or a confirmation field ("type DELETE to confirm"). */
function typingRisk(element: Element, text: string): string | undefined {
  const word = findRiskyWord(text);
  if (!word) return undefined;
  const command = attr(element, 'role') === 'combobox' || element.hasAttribute('list');
  const context = `${labelOf(element)} ${attr(element, 'placeholder')} ${(element as HTMLInputElement).labels?.[0]?.textContent}`;
  return command || findRiskyWord(context) ? `types “${word}” into a field that acts on it` : undefined;
}

/** The element a key press without an index goes to (as press_key finds it: into open shadow roots and same-origin frames), not the page itself. */
function focusedElement(): Element | undefined {
  const doc = globalThis.document;
  const active = doc && deepActiveElement(doc);
  return active && active !== active.ownerDocument.body && active !== active.ownerDocument.documentElement ? active : undefined;
}

/**
 * Looks at one action before it runs. Only built-in page actions are assessed; a custom tool is
 * the user's to judge in their own `approveAction`.
 */
export function assessRisk(tool: string, input: unknown, controller: AgentPageController, pageUrl: string): RiskAssessment {
  if (tool === 'execute_javascript') return { reason: 'runs a script written by the model' };
  const args = (typeof input === 'object' && input ? input : {}) as Record<string, unknown>;
  const { index, text } = args;
  const click = tool === 'click_element_by_index';
  const press = tool === 'press_key';
  const assessment: RiskAssessment = {};
  let element: Element | undefined;
  if (typeof index === 'number') {
    const resolved = controller.registry?.resolve(index);
    element = resolved?.ok ? resolved.element : undefined;
    const description = (resolved?.ok ? resolved.description : undefined) ?? controller.registry?.description(index);
    if (description) assessment.element = description;
  } else if (press) element = focusedElement(); // press_key without an index acts on whatever has focus.
  const description = assessment.element ?? '';
  if (!element) {
    // A stale index: judge by the words of its last description.
    const reason = click && quoted('says', findRiskyWord(description));
    if (reason) assessment.reason = reason;
    return assessment;
  }
  const key = press ? activatingKey(args.key) : undefined;
  // Enter in a form field submits its form.
  const form = key === 'enter' && element.localName === 'input' ? (element as HTMLInputElement).form : null;
  if (click || key) {
    const origin = destinationOf(element, isSubmitControl(element) || form !== null, pageUrl);
    if (origin) assessment.origin = origin;
  }
  // A site owner's mark on the element or its nearest marked ancestor wins; the safe mark stands for
  // everything but leaving the site.
  const marked = element.closest('[data-page-agent-risky], [data-page-agent-safe]');
  const risky = marked?.hasAttribute('data-page-agent-risky');
  const reason = risky
    ? 'is marked risky by the site'
    : click
      ? clickRisk(element, description, pageUrl)
      : key
        ? // On a button or a link a key activates it like a click (Space on a link is judged like Enter, to be safe).
          isButtonLike(element) || element.closest('a[href]') || isCheck(element)
          ? clickRisk(element, description, pageUrl)
          : form
            ? formRisk(form, null, pageUrl)
            : undefined
        : typeof text !== 'string'
          ? undefined
          : tool === 'select_dropdown_option'
            ? choiceRisk(element, text)
            : tool === 'input_text'
              ? typingRisk(element, text)
              : undefined;
  if (reason && (risky || !marked || assessment.origin)) assessment.reason = reason;
  if (inUnknownScript(`${labelOf(element)} ${press ? '' : String(text ?? '')}`)) {
    assessment.note = UNKNOWN_SCRIPT_NOTE;
    if (assessment.reason) assessment.reason += ` (${UNKNOWN_SCRIPT_NOTE})`;
  }
  return assessment;
}
