// The failures of a Node-side run that are not the task's own outcome, each with the exit code the
// command line gives it: a usage or configuration mistake (2), or the browser or network failing (3).

/** What went wrong before or around the task: `usage` and `config` are the caller's to fix. */
export type NodeRunErrorKind = 'usage' | 'config' | 'browser' | 'network';

/** A run that could not start or carry on, with a message that says what to do about it. */
export class NodeRunError extends Error {
  override name = 'NodeRunError';
  constructor(
    readonly kind: NodeRunErrorKind,
    message: string,
  ) {
    super(message);
  }

  /** The command line's exit code for this failure: 2 for usage and configuration, 3 for browser and network. */
  get exitCode(): 2 | 3 {
    return this.kind === 'usage' || this.kind === 'config' ? 2 : 3;
  }
}

/** Exit codes of `drop-in-page-agent run` and `test`. */
export const EXIT = { success: 0, failed: 1, usage: 2, environment: 3, interrupted: 130 } as const;
