// The abort signal and settled promise of the agent's current run: what stop() aborts and awaits and
// dispose() aborts. Knows nothing of the loop, the page or the model.

/** One run as execute() holds it: its signal, and the call that ends it. */
export interface RunHandle {
  readonly signal: AbortSignal;
  /** Aborts this run's signal (stopping anything still listening) and settles the run. */
  end(): void;
}

/** The current run's abort controller and the promise that settles when it ends. */
export class RunLifecycle {
  #abort = new AbortController();
  #running: Promise<void> = Promise.resolve();

  /** The signal of the current (or last) run. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Resolves once the current run has ended (at once when none was started). */
  get settled(): Promise<void> {
    return this.#running;
  }

  /** Starts a run: a fresh signal, and a settled promise that waits for the handle's end(). */
  begin(): RunHandle {
    const abort = (this.#abort = new AbortController());
    let settle!: () => void;
    this.#running = new Promise((resolve) => (settle = resolve));
    return {
      signal: abort.signal,
      end: () => {
        abort.abort();
        settle();
      },
    };
  }

  /** Aborts the current run: the request, tool or wait in flight rejects. */
  abort(): void {
    this.#abort.abort();
  }
}
