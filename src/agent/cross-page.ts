// Carries a running task across full page loads in this tab (issue #14). When the page unloads
// mid-task (a link, a form post, location.assign, a redirect, back, reload) the run's state goes to
// sessionStorage (this tab, this origin); the agent on the next page of the origin finds it and
// continues the task. A navigation to another origin ends the task, its result kept for the user's
// return; storage that is off or full ends it with a result saying so. Stale, foreign, corrupt or
// huge entries are discarded with a console warning. A new tab the task opens on this origin opens
// in this tab instead; another site's is reported to the model. Dispose removes every listener and
// gives window.open back.
import type { PageAgentCore } from '../agent.js';
import { messageOf, schedule } from '../base/index.js';
import type { ExecutionResult } from '../types.js';
import { emitHistory } from './agent-events.js';
import { checkTaskRunState, type TaskRunState } from './task-run.js';

/** The sessionStorage key of a task carried to the next page. */
export const CARRY_KEY = 'page-agent:task';
/** An entry older than this (ms) is stale: the user did not land on the next page soon. */
const MAX_AGE = 300_000;
/** The most characters an entry may have (sessionStorage holds about 5 MB). */
const MAX_CHARS = 2_000_000;

/** What one page leaves for the next: when, the run's state, why it ended (if it did), the step list open. */
interface Carried {
  at: number;
  state: TaskRunState;
  ended?: string;
  open: boolean;
}

/** The panel, as far as the carrier needs it. */
export interface CarriedPanel {
  show(): void;
  expand(): void;
  readonly element: { readonly expanded: boolean };
}

const warn = (message: string) => console.warn(`[page-agent] ${message}`);
const checkSize = (text: string) => {
  if (text.length > MAX_CHARS) throw new Error(`over ${MAX_CHARS} characters`);
};

/**
 * Saves `agent`'s task when the page unloads under it and continues a task the previous page saved.
 * Resolves to the continued task's result, the stored result of a task that ended on the way, or
 * null when there was none; never rejects.
 */
export function carryAcrossPages(agent: PageAgentCore, panel: CarriedPanel): Promise<ExecutionResult | null> {
  // The top page carries the task: a same-origin frame shares its sessionStorage but not its task.
  if (self !== top) return Promise.resolve(null);
  // Every listener goes with the agent: dispose leaves the page as it was.
  const off = new AbortController();
  const signal = off.signal;
  // Where the page is going, when the browser says (the Navigation API): another site ends the task.
  let destination = '';
  (globalThis as { navigation?: EventTarget }).navigation?.addEventListener(
    'navigate',
    (event) => (destination = (event as Event & { destination: { url: string } }).destination.url),
    { signal },
  );
  addEventListener('pagehide', () => {
    if (agent.status !== 'running') return;
    const state = agent.taskRunState()!;
    let ended: string | undefined;
    if (destination && new URL(destination).origin !== location.origin) {
      ended = `The task ended: the page went to ${destination}, another site.`;
      state.history.push({ type: 'error', message: ended });
    }
    try {
      const text = JSON.stringify({ at: Date.now(), state, ended, open: panel.element.expanded } satisfies Carried);
      checkSize(text);
      sessionStorage.setItem(CARRY_KEY, text);
    } catch (error) {
      warn((ended ??= `The task could not continue on the next page: saving it failed (${messageOf(error)}).`));
    }
    void agent.stop(ended ?? 'The task continues on the next page.');
  }, { signal });
  // New tabs: a same-origin page is opened in this tab instead (the task goes on there), another
  // site's opens as asked and the model hears where; both only while a task runs.
  const intoThisTab = (url: string, what: string): boolean => {
    if (agent.status !== 'running') return false;
    const href = new URL(url, location.href).href;
    if (href.startsWith(location.origin + '/')) return location.assign(href), true;
    agent.pushObservation(`${what} opened ${href} in a new tab, which the agent cannot operate; this tab stays on ${location.href}.`);
    return false;
  };
  addEventListener('click', (event) => {
    const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href);
    if (!event.defaultPrevented && link?.target === '_blank' && !link.hasAttribute('download') && intoThisTab(link.href, 'The link')) event.preventDefault();
  }, { signal });
  const open = window.open;
  const wrapper = (window.open = function (this: Window, url?: string | URL, target?: string, features?: string) {
    return url && !/^_(self|parent|top)$/.test(target ?? '') && intoThisTab(String(url), 'The page') ? null : open.call(this, url, target, features);
  });
  agent.addEventListener('dispose', () => {
    off.abort();
    if (window.open === wrapper) window.open = open;
  });
  // A page restored from the back-forward cache runs no script again: it looks for a task then.
  addEventListener('pageshow', (event) => event.persisted && void resume(), { signal });

  async function resume(): Promise<ExecutionResult | null> {
    // After the constructor returns (listeners can be added), once the document is parsed.
    await new Promise((go) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', go, { once: true }) : go(0)));
    // A replaced agent (a queued "init") leaves the task to its successor.
    if (agent.disposed) return null;
    let text: string | null;
    try {
      text = sessionStorage.getItem(CARRY_KEY);
    } catch {
      return null; // storage that cannot be read holds nothing of ours
    }
    if (text === null) return null;
    try {
      sessionStorage.removeItem(CARRY_KEY);
      checkSize(text);
      let { at, state, ended, open } = JSON.parse(text) as Carried;
      if (!(Date.now() - at < MAX_AGE)) throw new Error('older than 5 minutes');
      checkTaskRunState(state);
      if (agent.status === 'running') throw new Error('this page started another task');
      panel.show();
      if (open) panel.expand();
      // This page was reached from another site (no same-origin entry before it): a redirect took
      // the task there, or the user went there and came back. The task ended on the way.
      if (!ended && (globalThis as { navigation?: { activation?: { from: unknown } } }).navigation?.activation?.from === null) {
        ended = 'The task ended: the page went to another site on the way here.';
        state.history.push({ type: 'error', message: ended });
      }
      if (ended) {
        agent.task = state.task;
        agent.history = state.history;
        emitHistory(agent);
        return { success: false, data: ended, history: state.history, usage: state.usage };
      }
      // The model is told where it is now; the panel shows the same line.
      state.notes.page = null;
      state.notes.queued.push(`Continued on “${document.title}” (${location.href}) after a page load.`);
      // The page as a person sees it: loaded (its images and styles), but not waiting on a slow one.
      if (document.readyState !== 'complete') await new Promise<void>((go) => (addEventListener('load', () => go(), { once: true, signal }), schedule(go, 3000)));
      return await agent.continueTask(state);
    } catch (error) {
      warn(`The task saved by the previous page was discarded: ${messageOf(error)}`);
      return null;
    }
  }
  return resume();
}
