// How the scripted reasoner finds a target in the page text: only by the words a person would use,
// inside one indexed entry. The rules are in eval/README.md ("How the reasoner matches"); they are
// the same for every agent and never look at class names or the DOM.
import { wordsOf } from './page-text.mjs';

/** Input types that take typed text. */
const TEXT_TYPES = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'week', 'time']);
const EDITABLE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const SELECT_ROLES = new Set(['combobox', 'listbox']);
const OPTION_ROLES = new Set(['option', 'menuitem', 'menuitemradio', 'menuitemcheckbox', 'treeitem', 'gridcell']);

/** What an action needs of its target entry; a preference, not a filter (see findTarget). */
export const FITS = {
  /** input_text: a text-like input, a textarea, an editable or a textbox-like role. */
  type: (entry) =>
    (entry.tag === 'input' && TEXT_TYPES.has(String(entry.attributes.type ?? '').toLowerCase())) ||
    entry.tag === 'textarea' ||
    entry.attributes.contenteditable !== undefined ||
    EDITABLE_ROLES.has(String(entry.attributes.role ?? '').toLowerCase()),
  /** A control that opens a list of options: a native select or a combobox/listbox role. */
  select: (entry) => entry.tag === 'select' || SELECT_ROLES.has(String(entry.attributes.role ?? '').toLowerCase()),
  /** An option of an open list: <option>, <li> or an option-like role. */
  option: (entry) => entry.tag === 'option' || entry.tag === 'li' || OPTION_ROLES.has(String(entry.attributes.role ?? '').toLowerCase()),
};

/** Whether `phrase` (words) occurs as consecutive whole words in `words`. */
export function containsPhrase(words, phrase) {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** The phrases a target may be named by: one string or several alternatives, each as words. */
export function phrasesOf(target) {
  return (Array.isArray(target) ? target : [target]).map(wordsOf).filter((p) => p.length > 0);
}

/**
 * Finds the entry a target names. `query`: `{ target, after?, fit?, exclude? }`.
 * Returns `{ entry }`, or `{ entry: null, reason: 'loose' | 'absent' | 'no-anchor', line? }`:
 * - candidates are indexed entries whose words contain a phrase of the target (case-insensitive,
 *   whole words, consecutive), at or after the first entry containing `after`'s words when given,
 *   and not in `exclude` (indexes);
 * - candidates that fit the action are preferred; when none fits, all candidates stay;
 * - the most specific wins: fewest words besides the phrase; a tie goes to the earlier entry.
 */
export function findTarget(entries, query) {
  const phrases = phrasesOf(query.target);
  let from = 0;
  if (query.after !== undefined) {
    const anchors = phrasesOf(query.after);
    const anchor = entries.find((e) => anchors.some((p) => containsPhrase(e.words, p)));
    if (!anchor) return { entry: null, reason: 'no-anchor' };
    from = anchor.position;
  }
  const exclude = new Set(query.exclude ?? []);
  const scope = entries.slice(from);
  const candidates = [];
  for (const entry of scope) {
    if (entry.kind !== 'indexed' || exclude.has(entry.index)) continue;
    const phrase = phrases.find((p) => containsPhrase(entry.words, p));
    if (phrase) candidates.push({ entry, extra: entry.words.length - phrase.length });
  }
  if (candidates.length === 0) {
    const loose = scope.find((e) => e.kind === 'text' && phrases.some((p) => containsPhrase(e.words, p)));
    return loose ? { entry: null, reason: 'loose', line: loose.line.trim() } : { entry: null, reason: 'absent' };
  }
  const fitting = query.fit ? candidates.filter((c) => query.fit(c.entry)) : [];
  const pool = fitting.length > 0 ? fitting : candidates;
  let best = pool[0];
  for (const c of pool) if (c.extra < best.extra) best = c;
  return { entry: best.entry };
}
