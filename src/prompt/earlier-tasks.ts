// A conversation's earlier tasks (`execute(task, { continue: true })`) as the model reads them: one
// short entry per finished task (its task, result and last page), within a budget of characters.
// Pure functions of plain data.
import { block } from './user-message.js';

/** Characters the earlier tasks may take in one prompt (about 500 tokens). */
export const EARLIER_CHARS = 2000;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * One finished task as a conversation entry: its task, whether it was done and its answer, and the
 * URL it ended on (not the title: page text stays inside the fenced page block).
 */
export function earlierEntry(task: string, success: boolean, answer: unknown, page: { url: string } | null): string {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return `Task: ${cut(task.trim(), 300)}\nResult (${success ? 'done' : 'not done'}): ${cut(text ?? '', 600)}${page ? `\nEnded on: ${cut(page.url, 200)}` : ''}`;
}

/**
 * The `<earlier_tasks>` block for `entries` (oldest first), or '' when there are none. The newest
 * entries are kept whole; when the budget runs out, older ones keep only their task line, and the
 * oldest are left out with a count. `shortened` says whether anything was cut.
 */
export function formatEarlierTasks(entries: readonly string[], budget = EARLIER_CHARS): { text: string; shortened: boolean } {
  const lines: string[] = [];
  let left = budget;
  let shortened = false;
  for (let i = entries.length - 1; i >= 0; i--) {
    let entry = `${i + 1}. ${entries[i]}`;
    if (entry.length > left) {
      entry = entry.split('\n')[0]!;
      shortened = true;
    }
    if (entry.length > left) {
      lines.unshift(`(${i + 1} older left out)`);
      break;
    }
    left -= entry.length;
    lines.unshift(entry);
  }
  const text = lines.length ? block('earlier_tasks', `Earlier tasks, oldest first:\n${lines.join('\n')}`) : '';
  return { text, shortened };
}
