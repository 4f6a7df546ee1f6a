// The notes waiting for the model's next observation (pushObservation, navigation, waiting, the step
// budget, loop warnings) and what the queue remembers between steps. The texts live in notes.ts.
import type { BrowserState } from '../dom/index.js';
import * as notes from './notes.js';

/** What a NoteQueue carries to another page: notes not yet taken, the page last seen, seconds waited in a row. */
export interface NoteQueueState {
  queued: string[];
  page: notes.PageIdentity | null;
  totalWait: number;
}

/** One run's queue of observation notes, flushed into history at the start of each step (a new run gets a new queue). */
export class NoteQueue {
  #queued: string[] = [];
  #page: notes.PageIdentity | null = null;
  #totalWait = 0;

  constructor(state?: NoteQueueState) {
    if (!state) return;
    this.#queued = [...state.queued];
    this.#page = state.page && { url: state.page.url, title: state.page.title };
    this.#totalWait = state.totalWait;
  }

  /** The queue's state as plain data. */
  toJSON(): NoteQueueState {
    return { queued: [...this.#queued], page: this.#page && { ...this.#page }, totalWait: this.#totalWait };
  }

  /** Queues a note for the next step; null (no note) is ignored. */
  push(note: string | null): void {
    if (note !== null) this.#queued.push(note);
  }

  /** Counts seconds waited in a row: a `wait` action adds its seconds, any other action restarts. */
  trackWait(name: string, input: unknown): void {
    const seconds = (input as { seconds?: unknown } | null)?.seconds;
    this.#totalWait = name === 'wait' ? this.#totalWait + (typeof seconds === 'number' ? seconds : 0) : 0;
  }

  /** Adds this step's notes (navigation, waiting, budget) to the queued ones and hands them all over. */
  take(state: Pick<BrowserState, 'url' | 'title'>, step: number, maxSteps: number, hasDone: boolean): string[] {
    const identity = { url: state.url, title: state.title };
    this.#queued.push(...notes.pageChangeNotes(this.#page, identity));
    this.#page = identity;
    this.push(notes.waitingNote(this.#totalWait));
    this.push(notes.budgetNote(step, maxSteps, hasDone));
    const taken = this.#queued;
    this.#queued = [];
    return taken;
  }
}
