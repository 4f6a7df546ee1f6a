// Matching the option text a model asked for against the options a dropdown has: exact visible text,
// then value, ignoring case, width and whitespace; then a unique prefix or substring. Pure.

/** An option as seen by the matcher. */
export interface OptionText {
  text: string;
  value?: string;
}

/** The match, how it was found, or the candidates when the text is ambiguous. */
export type OptionMatch =
  | { found: true; position: number; how: 'text' | 'value' | 'prefix' | 'contains' }
  | { found: false; ambiguous: number[] };

/** Lowercases and collapses whitespace and compatibility forms ("Ｆｕｌｌ" = "full"). */
export function normalizeOptionText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Finds the option the text means; a partial match counts only when exactly one option has it. */
export function matchOption(options: ReadonlyArray<OptionText>, wanted: string): OptionMatch {
  const target = normalizeOptionText(wanted);
  const texts = options.map((o) => normalizeOptionText(o.text));
  let position = texts.indexOf(target);
  if (position >= 0) return { found: true, position, how: 'text' };
  position = options.findIndex((o) => o.value !== undefined && normalizeOptionText(o.value) === target);
  if (position >= 0) return { found: true, position, how: 'value' };
  if (!target) return { found: false, ambiguous: [] };
  const prefixed = texts.flatMap((t, i) => (t.startsWith(target) ? [i] : []));
  if (prefixed.length === 1) return { found: true, position: prefixed[0]!, how: 'prefix' };
  if (prefixed.length > 1) return { found: false, ambiguous: prefixed };
  const containing = texts.flatMap((t, i) => (t.includes(target) ? [i] : []));
  if (containing.length === 1) return { found: true, position: containing[0]!, how: 'contains' };
  return { found: false, ambiguous: containing };
}

/** Lists option texts for a message, at most `max`, saying how many more there are. */
export function listOptions(texts: ReadonlyArray<string>, max = 20): string {
  if (!texts.length) return 'It has no options.';
  const shown = texts.slice(0, max).map((t) => JSON.stringify(t.replace(/\s+/g, ' ').trim()));
  const more = texts.length > max ? ` and ${texts.length - max} more` : '';
  return `Its options: ${shown.join(', ')}${more}.`;
}
