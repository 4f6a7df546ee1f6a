// Loop detection: the same action chosen on the same page fingerprint again and again. Pure logic on
// strings; the loop decides what a warning or a stop means.
import type { BrowserState } from '../dom/index.js';

/** Repeats at which the model is told it is repeating itself. */
export const LOOP_WARN_AT = 3;
/** Repeats at which the run asks the user or stops. */
export const LOOP_STOP_AT = 5;

/** FNV-1a 32-bit hash (as a signed integer: it is only ever a map key). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * A fingerprint of what the model saw: URL, header (scroll position), content and footer, with the
 * `*` new-element marks removed (they change between identical pages).
 */
export function pageFingerprint(state: Pick<BrowserState, 'url' | 'header' | 'content' | 'footer'>): number {
  const content = state.content.replace(/^(\t*)\*\[/gm, '$1[');
  return hash(`${state.url}\n${state.header}\n${content}\n${state.footer}`);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** What recording one action says about repetition. */
export interface LoopVerdict {
  /** How many times this action has now been chosen on this page fingerprint. */
  count: number;
  /** `warn` exactly at LOOP_WARN_AT, `stop` from LOOP_STOP_AT on. */
  level: 'none' | 'warn' | 'stop';
}

/** Counts (action, page fingerprint) pairs within one task (a new task gets a new detector). */
export class LoopDetector {
  #counts: Map<string, number>;

  /** `counts`: the entries of an earlier `toJSON()`, to go on counting. */
  constructor(counts: Iterable<[string, number]> = []) {
    this.#counts = new Map(counts);
  }

  /** The counts as plain data: [action-on-page key, times chosen]. */
  toJSON(): Array<[string, number]> {
    return [...this.#counts];
  }

  /** Records that `action` was chosen on the page with `fingerprint` and says whether that is a loop. */
  record(action: { name: string; input: unknown }, fingerprint: number): LoopVerdict {
    const key = `${fingerprint}|${action.name}|${stableJson(action.input)}`;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return { count, level: count >= LOOP_STOP_AT ? 'stop' : count === LOOP_WARN_AT ? 'warn' : 'none' };
  }

  /** Forgets one action's count (after the user was asked how to go on). */
  forgive(action: { name: string; input: unknown }, fingerprint: number): void {
    this.#counts.delete(`${fingerprint}|${action.name}|${stableJson(action.input)}`);
  }
}

/** A short human form of an action for messages: `click_element_by_index {"index":3}`. */
export function describeAction(action: { name: string; input: unknown }): string {
  const args = stableJson(action.input);
  return args === '{}' || args === 'undefined' ? action.name : `${action.name} ${args}`;
}
