// The agent's events in one place: `statuschange`, `historychange`, `activity`, and the report of a
// failing hook. Knows the event names and the history array; not the loop, the page or the model.
import type { AgentActivity, AgentStatus, HistoricalEvent } from '../types.js';
import { messageOf } from './errors.js';

/** Emits an agent's events on its EventTarget and appends the history events that go with them. */
export class AgentEmitter {
  #status: AgentStatus = 'idle';
  readonly #target: EventTarget;
  readonly #history: () => HistoricalEvent[];

  /** `history` returns the agent's current history array (execute() replaces it per run). */
  constructor(target: EventTarget, history: () => HistoricalEvent[]) {
    this.#target = target;
    this.#history = history;
  }

  /** Current lifecycle status. */
  get status(): AgentStatus {
    return this.#status;
  }

  /** Sets the status; emits `statuschange` only when it changed. */
  setStatus(status: AgentStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#target.dispatchEvent(new Event('statuschange'));
  }

  /** Emits `historychange`. */
  emitHistory(): void {
    this.#target.dispatchEvent(new Event('historychange'));
  }

  /** Appends an event to history and emits `historychange`. */
  record(event: HistoricalEvent): void {
    this.#history().push(event);
    this.emitHistory();
  }

  /** Emits transient UI feedback as an `activity` CustomEvent. */
  activity(activity: AgentActivity): void {
    this.#target.dispatchEvent(new CustomEvent('activity', { detail: activity }));
  }

  /** Reports a failure of user code: console, an `error` activity and a history event. */
  report(message: string, error: unknown): void {
    console.error(`[page-agent] ${message}`, error);
    this.activity({ type: 'error', message });
    this.record({ type: 'error', message });
  }

  /** Calls a hook; a throw is reported (console, activity, history) and returned as its message. */
  async hook(name: string, call: () => unknown): Promise<string | undefined> {
    try {
      await call();
      return undefined;
    } catch (error) {
      const message = `The ${name} hook failed: ${messageOf(error)}`;
      this.report(message, error);
      return message;
    }
  }
}
