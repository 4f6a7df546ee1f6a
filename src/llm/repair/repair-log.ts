// Collects the numbered repairs applied to one model reply and logs each at debug level.
// The case numbers are the ones listed in src/llm/repair/index.ts.
import type { LLMDebugLogger, RepairNote } from '../types.js';

/** A running list of repairs for one reply. */
export class RepairLog {
  readonly notes: RepairNote[] = [];
  readonly #log: LLMDebugLogger;

  constructor(log: LLMDebugLogger) {
    this.#log = log;
  }

  /** Records that case `n` was applied; `message` says what was changed. */
  add(n: number, message: string, detail?: unknown): void {
    this.notes.push({ case: n, message });
    this.#log(`repair #${n}: ${message}`, detail);
  }
}
