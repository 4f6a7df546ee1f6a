// The texts of the notes the loop adds to history (observations the model reads next step), as pure
// functions of what the loop saw. No state, no DOM.

/** What the loop remembers of the previous observation to spot navigation. */
export interface PageIdentity {
  url: string;
  title: string;
}

/** Notes for a URL or title change since the previous step (none on the first step). */
export function pageChangeNotes(previous: PageIdentity | null, current: PageIdentity): string[] {
  if (!previous) return [];
  const notes: string[] = [];
  if (previous.url !== current.url) notes.push(`The URL changed from ${previous.url} to ${current.url}.`);
  if (previous.title !== current.title && current.title) notes.push(`The page title changed to “${current.title}”.`);
  return notes;
}

/** A note when the model has waited 3 s or more in a row, else null. */
export function waitingNote(totalWaitSeconds: number): string | null {
  if (totalWaitSeconds < 3) return null;
  return `You have waited ${totalWaitSeconds} s in a row. Waiting more rarely helps: act on the page as it is, or finish with done.`;
}

/**
 * The wrap-up warning, given once when three steps remain (this one included), or on the first
 * step of a run shorter than that. Null on other steps and when one step remains (the step info
 * says it is the last).
 */
export function budgetNote(stepIndex: number, maxSteps: number, hasDone = true): string | null {
  const remaining = maxSteps - stepIndex;
  if (remaining <= 1 || remaining !== Math.min(3, maxSteps)) return null;
  const wrapUp = hasDone ? 'finish the task, or call done with what you have' : 'finish the task';
  return `Only ${remaining} steps left, including this one. Wrap up now: ${wrapUp}.`;
}

/** A note when the page changed while the model chose the action of step `stepNumber` (1-based). */
export function changedWhileThinkingNote(stepNumber: number, changes: number): string | null {
  if (changes <= 0) return null;
  return `The page changed while you were choosing step ${stepNumber}'s action (${changes} update${changes === 1 ? '' : 's'}); its result reflects the changed page.`;
}

/** The note after the same action was chosen `count` times on an unchanged page. */
export function repeatingNote(action: string, count: number): string {
  return `You have chosen ${action} ${count} times on this same, unchanged page. It is not working: try something different, or finish with done.`;
}

/** The question put to the user when the model is stuck in a loop. */
export function loopQuestion(action: string, count: number): string {
  return `I keep choosing ${action} (${count} times) and the page does not change. How should I continue?`;
}

/** The result the model reads after the user answered the loop question. */
export function loopAnsweredResult(count: number, answer: string): string {
  return `Not run: you chose this action ${count} times on an unchanged page, so the user was asked. The user says: ${answer}`;
}

/** Why a run stopped itself in a loop when no one could be asked. */
export function loopStopMessage(action: string, count: number): string {
  return `Stopped: the agent chose ${action} ${count} times on a page that did not change, so it was stuck. Try rephrasing the task or doing that step by hand.`;
}

/** The result the model reads for an action the user denied. */
export function deniedResult(note?: string, reason?: string): string {
  return `Denied by the user${heldBecause(reason)}: the action was not run.${note ? ` The user's note: ${note}` : ''} Choose another way, or finish with done.`;
}

/** The line put before the result of an action the user approved, so the history keeps the decision. */
export function approvedPrefix(reason?: string): string {
  return `Approved by the user${heldBecause(reason)}. `;
}

const heldBecause = (reason?: string): string => (reason ? ` (held because it ${reason})` : '');

/** Told with the result when the model sent several actions in one reply: only the first ran. */
export function onlyFirstNote(repairs: ReadonlyArray<{ case: number; message: string }> | undefined, ran: string): string {
  return repairs?.some((repair) => repair.case === 9 && /using the first/.test(repair.message)) ? ` Only the first action of your reply (${ran}) ran; send one per step.` : '';
}

/** The result of a `done` that claims success without the `data` the output schema asks for. */
export const MISSING_DATA_RESULT = 'Not finished: done needs data when success is true.';

/** The note when a continued conversation's older tasks were shortened to fit the prompt. */
export const SHORTENED_NOTE = 'Older tasks were shortened to fit the prompt.';
