// Templates for the interactive parts of the panel: the inline ask_user answer box, the approval
// request with allow/deny and a note, and the notices (setup needed, CSP block, run errors).
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { ApprovalDecision } from '../types.js';
import type { Translate } from './i18n.js';

/** A question waiting for the user's answer. */
export interface PendingQuestion {
  question: string;
  resolve(answer: string): void;
}

/** An action waiting for the user's approval. */
export interface PendingApproval {
  /** The action in words, the element by its name (shown once: no markup beside it). */
  text: string;
  reason?: string;
  resolve(decision: ApprovalDecision): void;
}

function fieldIn(event: Event, selector: string): HTMLTextAreaElement | HTMLInputElement | null | undefined {
  return (event.target as Element).closest('.card')?.querySelector<HTMLTextAreaElement | HTMLInputElement>(selector);
}

/** The inline answer box for `ask_user`: Enter sends, Shift+Enter adds a line. */
export function renderQuestion(t: Translate, pending: PendingQuestion): TemplateResult {
  const send = (event: Event) => {
    event.preventDefault();
    const field = fieldIn(event, '.answer-input');
    const answer = field?.value.trim() ?? '';
    if (answer) pending.resolve(answer);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) send(event);
  };
  // The textarea has a template of its own: the build leaves templates with a <textarea> unsqueezed.
  const field = html`<textarea class="answer-input" rows="2" aria-label=${t('answer')} placeholder=${t('answerPlaceholder')} @keydown=${onKey}></textarea>`;
  return html`<li class="card ask" role="group" aria-labelledby="ask-q">
    <div class="meta">${t('question')}</div>
    <div id="ask-q">${pending.question}</div>
    <form class="row" @submit=${send}>
      ${field}
      <button type="submit" class="send primary">${t('send')}</button>
    </form>
  </li>`;
}

/** The approval request: what the agent wants to do, why it asks, allow and deny with an optional note. */
export function renderApproval(t: Translate, pending: PendingApproval): TemplateResult {
  const decide = (allow: boolean) => (event: Event) => {
    const note = fieldIn(event, '.note-input')?.value.trim() ?? '';
    pending.resolve(allow ? { allow: true } : note ? { allow: false, note } : { allow: false });
  };
  return html`<li class="card approval" role="group" aria-labelledby="approval-title" tabindex="-1">
    <strong id="approval-title">${t('approvalTitle')}</strong>
    <span class="action">${pending.text}</span>
    ${pending.reason ? html`<span class="reason">${t('approvalReason', { reason: pending.reason })}</span>` : nothing}
    <input class="note-input" type="text" aria-label=${t('noteLabel')} placeholder=${t('notePlaceholder')} />
    <div class="row">
      <button type="button" class="allow primary" @click=${decide(true)}>${t('allow')}</button>
      <button type="button" class="deny danger" @click=${decide(false)}>${t('deny')}</button>
    </div>
  </li>`;
}

/** Setup-needed, CSP-blocked and run-error notices, shown above the step list. */
export function renderNotices(t: Translate, missing: readonly string[], blockedOrigin: string | null, message: string): TemplateResult | typeof nothing {
  if (!missing.length && !blockedOrigin && !message) return nothing;
  return html`<div class="notices" role="alert">
    ${missing.length
      ? html`<div class="card notice setup"><strong>${t('setupTitle')}</strong>${t('setupBody')}<br />${t('setupMissing', { fields: missing.join(', ') })}</div>`
      : nothing}
    ${blockedOrigin
      ? html`<div class="card notice csp">
          <strong>${t('cspTitle')}</strong>${t('cspBody', { origin: blockedOrigin })}<br />${t('cspFix', { origin: blockedOrigin })}
        </div>`
      : nothing}
    ${message ? html`<div class="card notice error">${message}</div>` : nothing}
  </div>`;
}
