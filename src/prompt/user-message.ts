// Assembles the per-step user message from plain data: instructions, task, step info, history and
// the page. Pure functions only: no DOM, no clock, no fetch (callers pass `now` and the texts).
import { pad } from '../base/index.js';
import type { BrowserState } from '../dom/index.js';
import type { HistoricalEvent } from '../types.js';

/** Instructions that precede the task; each part is optional. */
export interface InstructionParts {
  /** `instructions.system`: applies to every task. */
  system?: string | null;
  /** `instructions.getPageInstructions(url)`: applies to the current page. */
  page?: string | null;
  /** The site's llms.txt, when `experimentalLlmsTxt` is on and one was found. */
  llmsTxt?: string | null;
}

/** Where the run stands in its step budget. */
export interface StepInfo {
  /** 1-based number of this step (this model call). */
  step: number;
  maxSteps: number;
  /** The local time to show, if any. */
  now?: Date;
  /** Whether `done` exists (customTools may remove it); true when absent. */
  hasDone?: boolean;
}

/** Everything one user message is built from. */
export interface UserMessageParts {
  instructions?: InstructionParts;
  task: string;
  step: StepInfo;
  history: readonly HistoricalEvent[];
  page: Pick<BrowserState, 'header' | 'content' | 'footer'>;
  /** The run's random marker: the page text is fenced by lines carrying it (see formatPage). */
  fence?: string;
  /** The `<earlier_tasks>` block of a continued conversation (formatEarlierTasks). */
  earlier?: string;
}

const clean = (text: string | null | undefined): string => (text ?? '').trim();

/** `<name>`, the body on its own lines, `</name>`. */
export const block = (name: string, body: string): string => `<${name}>\n${body}\n</${name}>`;

/** The `<instructions>` block, or an empty string when there are none. */
export function formatInstructions(parts: InstructionParts = {}): string {
  const blocks = (
    [
      ['system_instructions', parts.system],
      ['page_instructions', parts.page],
      ['llms_txt', parts.llmsTxt],
    ] as const
  )
    .filter(([, text]) => clean(text))
    .map(([name, text]) => block(name, clean(text)));
  return blocks.length ? block('instructions', blocks.join('\n')) : '';
}

/** The `<task>` block. */
export function formatTask(task: string): string {
  return block('task', task.trim());
}

function formatTime(now: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())} ${days[now.getDay()]}`;
}

/** The `<step>` block: "Step n of m", and on the last step that only `done` remains (when it exists). */
export function formatStepInfo(info: StepInfo): string {
  const time = info.now ? ` Local time: ${formatTime(info.now)}.` : '';
  const lastText = info.hasDone === false ? ' This is the last step.' : ' This is the last step: only done is available. Finish now with what you have.';
  const last = info.step >= info.maxSteps ? lastText : '';
  return `<step>Step ${info.step} of ${info.maxSteps}.${last}${time}</step>`;
}

function formatAction(name: string, input: unknown): string {
  if (input === undefined || name === 'done') return name;
  let args: string;
  try {
    args = JSON.stringify(input);
  } catch {
    args = String(input);
  }
  return args === undefined || args === '{}' ? name : `${name} ${args}`;
}

/** One history event as the model reads it, or null for events the model does not need (errors, retries). */
export function formatHistoryEvent(event: HistoricalEvent, stepNumber: number): string | null {
  switch (event.type) {
    case 'step': {
      const reflection = event.reflection ?? {};
      const lines = [
        ['evaluation', reflection.evaluation_previous_goal],
        ['memory', reflection.memory],
        ['goal', reflection.next_goal],
      ]
        .filter(([, text]) => clean(text))
        .map(([label, text]) => `${label}: ${clean(text)}`);
      lines.push(`action: ${formatAction(event.action.name, event.action.input)}`);
      if (event.action.name !== 'done') lines.push(`result: ${clean(event.action.output)}`);
      return `${stepNumber}. ${lines.join('\n   ')}`;
    }
    case 'observation':
      return clean(event.content) ? `note: ${clean(event.content)}` : null;
    case 'user_takeover':
      return 'note: The user took over and changed the page; read it again before acting.';
    default:
      return null;
  }
}

/** The `<history>` block: steps numbered from 1, notes between them; empty history says so. */
export function formatHistory(history: readonly HistoricalEvent[]): string {
  const lines: string[] = [];
  let step = 0;
  for (const event of history) {
    if (event.type === 'step') step++;
    const line = formatHistoryEvent(event, step);
    if (line) lines.push(line);
  }
  return block('history', lines.length ? lines.join('\n') : 'No steps yet.');
}

/**
 * The `<page>` block: header, content and footer, skipping empty parts. With a `fence` (random per
 * run), the text sits between `--- page FENCE ---` and `--- end of page FENCE ---` lines: a page
 * cannot guess the marker, so nothing it writes can end the block early.
 */
export function formatPage(page: Pick<BrowserState, 'header' | 'content' | 'footer'>, fence?: string): string {
  // Only outer blank space goes: the first content line's indentation is structure.
  const parts = [page.header, page.content, page.footer].map((part) => (part ?? '').replace(/^\n+|\s+$/g, '')).filter(Boolean);
  if (fence) parts.unshift(`--- page ${fence} ---`), parts.push(`--- end of page ${fence} ---`);
  return block('page', parts.join('\n'));
}

/** The whole user message of one step. */
export function buildUserMessage(parts: UserMessageParts): string {
  return [formatInstructions(parts.instructions), parts.earlier, formatTask(parts.task), formatStepInfo(parts.step), formatHistory(parts.history), formatPage(parts.page, parts.fence)]
    .filter(Boolean)
    .join('\n\n');
}
