// Pause and take-over between steps: the user asks for a pause (or takes the page over), the loop
// holds at the next step boundary until resume() or an abort. Knows nothing of the page or the model.
import { holdUntil } from './hold.js';

/** Where a run stands with respect to the user's pause and take-over controls. */
export type RunControlState = 'running' | 'pausing' | 'paused' | 'takeover';

/** The pause/take-over state machine of one agent; `onChange` fires on every state change. */
export class RunControl {
  #state: RunControlState = 'running';
  #release: (() => void) | null = null;
  readonly #onChange: () => void;

  constructor(onChange: () => void) {
    this.#onChange = onChange;
  }

  /** The current state. */
  get state(): RunControlState {
    return this.#state;
  }

  /** Asks the loop to hold after the current step. */
  pause(): void {
    if (this.#state === 'running') this.#set('pausing');
  }

  /** Hands the page to the user at once; the loop holds after the current step. */
  takeOver(): void {
    this.#set('takeover');
  }

  /** Lets the loop go on. Returns whether the user had taken over (to be recorded). */
  resume(): boolean {
    if (this.#state === 'running') return false;
    const tookOver = this.#state === 'takeover';
    this.#set('running');
    const release = this.#release;
    this.#release = null;
    release?.();
    return tookOver;
  }

  /** Back to running with nothing pending (a new task, or the end of one). */
  reset(): void {
    this.#release = null;
    this.#set('running');
  }

  /** True when the loop should hold before its next step. */
  get holding(): boolean {
    return this.#state !== 'running';
  }

  /**
   * Holds until resume() or an abort (rejects with the signal's reason). `onHold` runs once the
   * hold begins (after a pause request becomes a pause).
   */
  async hold(signal: AbortSignal, onHold: () => void): Promise<void> {
    if (!this.holding) return;
    signal.throwIfAborted();
    if (this.#state === 'pausing') this.#set('paused');
    // A listener may resume at once (on controlchange, or on the paused activity `onHold` sends):
    // there is then nothing to wait for.
    if (!this.holding) return;
    onHold();
    if (!this.holding) return;
    await holdUntil<void>(
      signal,
      (release) => (this.#release = release),
      () => (this.#release = null),
    );
  }

  #set(state: RunControlState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#onChange();
  }
}
