// Collects the numbered repairs applied to one model reply and logs each at debug level.
// The case numbers are the ones listed in the headers of extract-tool-call.ts, repair-macro.ts and validate-args.ts.
import type { LLMDebugLogger, RepairNote } from '../types.js';

/** A running list of repairs for one reply. */
export interface RepairLog {
  readonly notes: RepairNote[];
  /** Records that case `n` was applied; `message` says what was changed. */
  add(n: number, message: string, detail?: unknown): void;
}

/** An empty repair log that also sends each repair to `log`. */
export function createRepairLog(log: LLMDebugLogger): RepairLog {
  const notes: RepairNote[] = [];
  return {
    notes,
    add(n, message, detail) {
      notes.push({ case: n, message });
      log(`repair #${n}: ${message}`, detail);
    },
  };
}
