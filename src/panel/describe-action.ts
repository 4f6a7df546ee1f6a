// Turns tool calls and activities into short human text for the status line and the step list.
// Pure functions over plain values; element descriptions come from a callback.
import type { AgentActivity } from '../types.js';
import { describeResult } from './describe-result.js';
import type { Translate } from './i18n.js';

const MAX_TEXT = 60;

/** Cuts text to `max` characters on one line. */
export function clipText(text: string, max = MAX_TEXT): string {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The element in the words people use: its accessible name (what `describeElement` gives for a live
 * element), or the text of a registry description (`[7]<button type=submit>Submit />` → `Submit`)
 * for one that is gone; `[7]` when it has neither.
 */
export function formatTarget(index: unknown, description: string | undefined): string {
  if (typeof index !== 'number') return '';
  const name = description && /^\*?\[\d+\]\s*</.test(description) ? /<[^>]*>([^<]*?)\s*\/>$/.exec(description)?.[1] : description;
  return name ? clipText(name, 40) : `[${index}]`;
}

type Input = Record<string, unknown>;

function direction(t: Translate, input: Input, horizontal: boolean): string {
  const way = horizontal ? t(input.right === false ? 'left' : 'right') : t(input.down === false ? 'up' : 'down');
  if (typeof input.pixels === 'number') return `${way} ${t('pixels', { n: input.pixels })}`;
  const pages = typeof input.num_pages === 'number' ? input.num_pages : 1;
  return horizontal ? way : `${way} ${t('pages', { n: pages })}`;
}

/** Describes an action for the step list: `Click [7] <button>Submit`. */
export function describeAction(t: Translate, name: string, rawInput: unknown, describe?: (index: number) => string | undefined): string {
  const input = (rawInput && typeof rawInput === 'object' ? rawInput : {}) as Input;
  const target = formatTarget(input.index, typeof input.index === 'number' ? describe?.(input.index) : undefined);
  switch (name) {
    case 'click_element_by_index':
      return t('actClick', { target });
    case 'input_text':
      return t('actType', { target, text: clipText(String(input.text ?? ''), 40) });
    case 'select_dropdown_option':
      return t('actSelect', { target, text: clipText(String(input.text ?? ''), 40) });
    case 'scroll':
    case 'scroll_horizontally': {
      const dir = direction(t, input, name === 'scroll_horizontally');
      return target ? t('actScrollIn', { direction: dir, target }) : t('actScroll', { direction: dir });
    }
    case 'wait':
      return t('actWait', { seconds: Number(input.seconds ?? 1) });
    case 'ask_user':
      return t('actAsk', { question: clipText(String(input.question ?? ''), 80) });
    case 'done':
      return t('actDone');
    case 'press_key':
    case 'send_keys':
      return t('actKey', { key: String(input.key ?? input.keys ?? '') }) + (target ? ` → ${target}` : '');
    case 'hover_element':
    case 'hover':
      return t('actHover', { target });
    case 'execute_javascript':
      return t('actScript');
    default: {
      const args = rawInput === undefined ? '' : clipText(JSON.stringify(rawInput) ?? '', 50);
      return `${name}${args ? ` ${args}` : ''}`;
    }
  }
}

/** Describes what the agent is doing now, for the live status line. */
export function describeActivity(t: Translate, activity: AgentActivity, describe?: (index: number) => string | undefined): string {
  switch (activity.type) {
    case 'thinking':
      return t('thinking');
    case 'streaming':
      return clipText(activity.text);
    case 'executing':
      // The action in words, as the step list will show it, with an ellipsis while it runs.
      return `${describeAction(t, activity.tool, activity.input, describe)}…`;
    case 'executed':
      // What the page did, else the action itself (done).
      return clipText(describeResult(t, activity.output)?.text ?? describeAction(t, activity.tool, activity.input, describe));
    case 'retrying':
      return t('retrying', { attempt: activity.attempt, max: activity.maxAttempts });
    case 'error':
      return clipText(activity.message, 120);
    case 'approval':
      return t('awaitingApproval');
    case 'asking':
      return t('askingUser');
    case 'paused':
      return t('paused');
  }
}
