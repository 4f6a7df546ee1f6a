// Typed results (#20, section `output`): how the scripted reasoner reads an answer out of the page text
// it was sent, types it by the schema it was given, and finds the schema and the extract tool's result
// in a request; and how the eval checks the data an agent returned. Pure functions.
import { parsePageText } from './page-text.mjs';

/** What a person sees of a widget's state: checked, selected or pressed. */
const ON = /^(true)$/;
function isOn(attributes) {
  return ['checked', 'selected', 'aria-checked', 'aria-selected', 'aria-pressed'].some((name) => attributes[name] === true || ON.test(String(attributes[name] ?? '')));
}

/**
 * The page text as a person reads it, one segment after another joined by " | ": each loose line and
 * each table cell (ours joins a row's cells with " | "; page-agent gives each its own line), each
 * indexed entry's text (with " (checked)" when its state says so) and then the value of a field.
 * Both agents' formats of the same page give the same segments.
 */
export function readableText(pageText) {
  const segments = [];
  for (const entry of parsePageText(pageText)) {
    if (entry.kind === 'text') {
      segments.push(...entry.text.split(' | '));
      continue;
    }
    const state = isOn(entry.attributes) ? ' (checked)' : '';
    if (entry.text || state) segments.push(`${entry.text}${state}`.trim());
    const value = entry.attributes.value;
    if (typeof value === 'string' && value !== '' && value !== entry.text && entry.tag !== 'button' && !/^(checkbox|radio|hidden|submit|button)$/i.test(String(entry.attributes.type ?? ''))) segments.push(value);
  }
  return segments.map((s) => s.trim()).filter(Boolean).join(' | ');
}

/** The string a RegExp match gives: its named groups as an object, else its first group, else the whole match. */
function matchValue(match) {
  if (match.groups && Object.keys(match.groups).length > 0) return Object.fromEntries(Object.entries(match.groups).map(([key, value]) => [key, value?.trim()]));
  return (match[1] ?? match[0]).trim();
}

/**
 * Reads an answer out of `text` (readableText) by `spec`, a person's way of finding each value by the
 * words around it: a RegExp (its named groups make an object; else its first group, or the match, a
 * string), a global RegExp (every match, an array), or an object of specs (an object of values).
 * Returns `{ value, missing }`: `missing` names the paths nothing matched (`value` is then partial).
 */
export function readAnswer(spec, text, path = '') {
  if (spec instanceof RegExp) {
    if (spec.global) {
      const matches = [...text.matchAll(spec)].map(matchValue);
      return { value: matches, missing: matches.length ? [] : [path || '(the answer)'] };
    }
    const match = spec.exec(text);
    return match ? { value: matchValue(match), missing: [] } : { value: undefined, missing: [path || '(the answer)'] };
  }
  const value = {};
  const missing = [];
  for (const [key, inner] of Object.entries(spec)) {
    const read = readAnswer(inner, text, path ? `${path}.${key}` : key);
    value[key] = read.value;
    missing.push(...read.missing);
  }
  return { value, missing };
}

/** A number written on a page ("$1,249.00", "€ 12,50" is not handled: the pages use a dot) as a number. */
export function numberOf(text) {
  const cleaned = String(text).replace(/[^\d.-]/g, '');
  return cleaned === '' ? NaN : Number(cleaned);
}

/**
 * `value` (strings read from the page) typed by a JSON Schema as a careful model types it: numbers
 * as numbers, booleans from yes/no, an enum's member whatever its case. `sloppy`: numbers stay
 * strings (cleaned of currency and separators: "12.5"), as a careless model sends them and a
 * validating agent must repair.
 */
export function typed(value, schema = {}, { sloppy = false } = {}) {
  const type = [schema.type ?? []].flat()[0];
  if (Array.isArray(value)) return value.map((item) => typed(item, schema.items ?? {}, { sloppy }));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typed(inner, schema.properties?.[key] ?? {}, { sloppy })]));
  }
  if (typeof value !== 'string') return value;
  if (type === 'number' || type === 'integer') return sloppy ? String(numberOf(value)) : numberOf(value);
  if (type === 'boolean') return /^(yes|true|on|checked|in stock)$/i.test(value);
  const options = schema.enum ?? (schema.anyOf ?? []).flatMap((option) => option.enum ?? ('const' in option ? [option.const] : []));
  const member = options.find((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase());
  return member ?? value;
}

/** The function parameters of a request's tool `name`, or null. */
function toolParameters(body, name) {
  return (body?.tools ?? []).find((tool) => tool?.function?.name === name)?.function?.parameters ?? null;
}

/** The action variants an AgentOutput tool offers, `{ name: parameters }`. */
export function offeredActions(body) {
  const action = toolParameters(body, 'AgentOutput')?.properties?.action;
  const variants = action?.anyOf ?? action?.oneOf ?? (action ? [action] : []);
  const out = {};
  for (const variant of variants) for (const [name, parameters] of Object.entries(variant?.properties ?? {})) out[name] = parameters;
  return out;
}

/** The JSON Schema of `done`'s `data` argument in a request (ours with an output schema), or null. */
export function dataSchemaOf(body) {
  return offeredActions(body).done?.properties?.data ?? null;
}

/** Whether a request is ours' extract call: a forced call of the tool `answer`; returns its schema, or null. */
export function answerSchemaOf(body) {
  return body?.tool_choice?.function?.name === 'answer' ? toolParameters(body, 'answer') : null;
}

/**
 * The result of the last `extract` action in a request's history (ours' `<history>`: `action:
 * extract {...}` then `result: <JSON>`), parsed; `{ error }` when it is not JSON, null when there is none.
 */
export function extractResultOf(body) {
  const users = (body?.messages ?? []).filter((m) => m?.role === 'user');
  const content = users.at(-1)?.content;
  const message = typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => part?.text ?? '').join('') : '';
  const history = /<history>\n([\s\S]*?)\n<\/history>/.exec(message)?.[1] ?? '';
  const results = [...history.matchAll(/action: extract\b[^\n]*\n\s*result: ([^\n]*)/g)];
  if (results.length === 0) return null;
  const text = results.at(-1)[1];
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { error: text.slice(0, 200) };
  }
}

/**
 * The data an agent returned, as the check reads it: ours' `result.data` as it is (it must be the typed
 * value); page-agent's `data` is the done text, so it counts only when it parses as JSON.
 */
export function returnedData(data, typedResults) {
  if (typedResults) return { data };
  if (typeof data !== 'string') return { data };
  try {
    return { data: JSON.parse(data) };
  } catch {
    return { error: 'the result is text, not JSON' };
  }
}

/** Each scalar of `data` (expected) that `text` (a page's visible text) does not show; for validation. */
export function leavesNotOnPage(data, text, path = '') {
  if (Array.isArray(data)) return data.flatMap((item, i) => leavesNotOnPage(item, text, `${path}[${i}]`));
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([key, value]) => leavesNotOnPage(value, text, path ? `${path}.${key}` : key));
  if (typeof data === 'number') return (text.match(/-?[\d,]*\.?\d+/g) ?? []).some((n) => numberOf(n) === data) ? [] : [path];
  if (typeof data === 'string') return text.toLowerCase().includes(data.toLowerCase()) ? [] : [path];
  return [];
}
