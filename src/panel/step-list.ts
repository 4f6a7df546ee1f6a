// Templates for the step list: the task, each history event, and the final answer.
// Pure functions of plain data; observations, retries, errors and take-overs look distinct.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { AgentStepEvent, HistoricalEvent } from '../types.js';
import { clipText, describeAction } from './describe-action.js';
import { describeResult } from './describe-result.js';
import type { Translate } from './i18n.js';
import { renderMarkdownLimited } from './markdown-template.js';

const MAX_RESULT = 400;

/** What the step list needs besides the events. */
export interface StepListContext {
  t: Translate;
  /** Describes a step's action; cached by the caller so a later task's indexes cannot relabel it. */
  actionText(event: AgentStepEvent): string;
}

/** The final answer of a run, when the model called `done`. */
export interface FinalAnswer {
  text: string;
  success: boolean;
}

/** Finds the final answer in a history: the last `done` step's text and success flag. */
export function findFinalAnswer(history: readonly HistoricalEvent[]): FinalAnswer | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i]!;
    if (event.type === 'step' && event.action?.name === 'done') {
      const input = (event.action.input ?? {}) as { text?: unknown; success?: unknown };
      const text = typeof input.text === 'string' ? input.text : String(event.action.output ?? '');
      return { text, success: input.success !== false };
    }
  }
  return null;
}

/** Builds the default action text of a step (used by callers that cache it). */
export function stepActionText(t: Translate, event: AgentStepEvent, describe?: (index: number) => string | undefined): string {
  return describeAction(t, event.action?.name ?? '?', event.action?.input, describe);
}

/** One labelled line of a step card. */
function line(kind: string, label: string, value: unknown): TemplateResult {
  return html`<span class="line ${kind}"><span class="label">${label}</span>${value}</span>`;
}

/** A card with a heading and clipped text (observations, retries, errors). */
function noteCard(kind: string, title: string, text: string | undefined): TemplateResult {
  return html`<li class="card ${kind}"><div class="meta">${title}</div>${clipText(text ?? '', MAX_RESULT)}</li>`;
}

function stepCard(ctx: StepListContext, event: AgentStepEvent): TemplateResult | typeof nothing {
  const { t } = ctx;
  const name = event.action?.name;
  if (name === 'done') return nothing;
  const meta = html`<div class="meta"><span>${t('step', { n: (event.stepIndex ?? 0) + 1 })}</span></div>`;
  const goal = event.reflection?.next_goal;
  if (name === 'ask_user') {
    const question = String((event.action.input as { question?: unknown })?.question ?? '');
    const answer = String(event.action.output ?? '').replace(/^(the )?user answered:\s*/i, '');
    return html`<li class="card step ask-done">${meta}${line('', t('question'), question)}${line('', t('answer'), answer)}</li>`;
  }
  const result = describeResult(t, String(event.action?.output ?? ''));
  return html`<li class="card step">
    ${meta}
    ${goal ? line('goal', t('goal'), goal) : nothing}
    <span class="line action">${ctx.actionText(event)}</span>
    ${result ? line(result.failed ? 'result failed' : 'result', t('result'), clipText(result.text, MAX_RESULT)) : nothing}
  </li>`;
}

/** Renders one history event as a card. */
export function renderEvent(ctx: StepListContext, event: HistoricalEvent): TemplateResult | typeof nothing {
  const { t } = ctx;
  switch (event.type) {
    case 'step':
      return stepCard(ctx, event);
    case 'observation':
      return noteCard('observation', t('observation'), event.content);
    case 'retry':
      return noteCard('retry', t('retry', { attempt: event.attempt, max: event.maxAttempts }), event.message);
    case 'error':
      return noteCard('error', t('error'), event.message);
    case 'user_takeover':
      return html`<li class="card takeover">${t('userTakeover')}</li>`;
    default:
      return nothing;
  }
}

/**
 * The most characters of a final answer the panel parses; the rest is left out with a note (the copy
 * button and `ExecutionResult` keep the whole text). With the node budget of the renderer it keeps
 * the page responsive whatever the model sends.
 */
export const MAX_ANSWER_CHARS = 50_000;

/** Renders the final answer as Markdown with a copy button; a very long answer is cut with a note. */
export function renderFinalAnswer(
  t: Translate,
  answer: FinalAnswer,
  base: string,
  copied: boolean,
  onCopy: () => void,
): TemplateResult {
  const shown = renderMarkdownLimited(answer.text.slice(0, MAX_ANSWER_CHARS), base);
  const cut = !shown.complete || answer.text.length > MAX_ANSWER_CHARS;
  return html`<li class="card answer ${answer.success ? '' : 'failed'}">
    <div class="meta">
      <span>${t(answer.success ? 'finalAnswer' : 'finalFailed')}</span>
      <button type="button" class="copy" @click=${onCopy}>${t(copied ? 'copied' : 'copy')}</button>
    </div>
    ${shown.template}
    ${cut ? html`<p class="cut">${t('answerCut')}</p>` : nothing}
  </li>`;
}
