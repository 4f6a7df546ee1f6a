// A step's result in plain words for the step list and the status line: what the page did after
// the action (a form sent, a dialog opened, new content, the value a field now shows) and why an
// action did not happen, in the panel's language. Read from the model-facing result, whose
// sentences our actions write in fixed forms (dom/actions/change-watch.ts, resolve-target.ts); the
// model-facing text itself stays in `history` unchanged. Pure: text in, text out.
import type { MessageKey, Translate } from './i18n.js';

/** Facts of the page after an action, by the sentence that states them (`$1` fills `{s}`). */
const FACTS: [RegExp, MessageKey][] = [
  [/The form <.*? was submitted/, 'resForm'],
  [/A page navigation started/, 'resNavigate'],
  [/A dialog opened: <[^>]*>([^<>]*?)\.(?: |$)/, 'resDialog'],
  [/The dialog <.*? closed/, 'resClosed'],
  [/\b(?:It|aria-[a-z]+) is (?:now|still) ([^.]+)/, 'resState'],
  [/the field now shows "?(.*?)"? \(the page/, 'resShows'],
  [/Text changed in <[^>]*>([^<>]*?) \(shown as it is now\)/, 'resText'],
];

/** Why an action did not happen, by the words that say it. */
const REASONS: [RegExp, MessageKey][] = [
  [/: it is disabled/, 'whyDisabled'],
  [/: it is covered by/, 'whyCovered'],
  [/: (?:it is not visible|it is outside the visible|it moved out of view|nothing of the page is at)/, 'whyHidden'],
  [/is no longer in the page|^There is no element with index/, 'whyGone'],
];

/** Whether a result says the action failed (the text is all the history keeps). */
const looksFailed = (output: string): boolean =>
  /^\s*(❌|⚠️|error\b|failed\b|could not\b|cannot\b|unable\b|no element\b|element \[\d+\] is no longer|denied\b|did not\b|there is no\b)|^[^.]*, but /i.test(output);

/**
 * Element markup as people read it: an indexed line becomes its text (`[3]<button>Add task />` →
 * `Add task`), other tags are left out, and hints meant for the model ("read the page again") go.
 */
export const plainResult = (output: string): string =>
  output
    .replace(/\*?\[(\d+)\]<[^>]*>([^<>]*?)\s*\/>/g, (_, index: string, text: string) => text || `[${index}]`)
    .replace(/<[a-z][\w-]*(?: [^<>]*)?>/g, '')
    .replace(/[;.] read (?:it|the page) again[^.]*(?=\.)/gi, '')
    .trim();

/**
 * The result line of a step: `{ text, failed }`, or undefined when the action line says it all (a
 * click, typing or choice that went through with nothing else to tell).
 */
export function describeResult(t: Translate, output: string): { text: string; failed: boolean } | undefined {
  const failed = looksFailed(output);
  if (failed) {
    const reason = REASONS.find(([pattern]) => pattern.test(output));
    return { text: reason ? t(reason[1]) : plainResult(output), failed };
  }
  const facts = FACTS.flatMap(([pattern, key]) => {
    const match = pattern.exec(output);
    return match ? [t(key, { s: match[1] ?? '' })] : [];
  });
  // Our own action results restate the action first; anything else (scrolls, scripts, custom tools) is shown.
  const text = facts.length || /^(Clicked|Typed|Selected|Pressed|Hovered|Chose)\b/.test(output) ? facts.join(' · ') : plainResult(output);
  return text ? { text, failed } : undefined;
}
