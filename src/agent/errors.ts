// Misuse of the agent's public methods: a specific error class whose `code` says what was wrong;
// and how the agent treats the failures it survives (page cleanup, disposal): logged, never raised.

/** What was wrong with a call to `execute()` or `continueTask()`. */
export type AgentStateErrorCode = 'disposed' | 'running' | 'empty_task' | 'bad_state';

/** Thrown by `execute()` / `continueTask()` when they cannot start: disposed agent, a run in progress, no task, or an invalid saved state. */
export class AgentStateError extends Error {
  override name = 'AgentStateError';
  readonly code: AgentStateErrorCode;

  constructor(code: AgentStateErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Runs cleanup that must not fail the run (page cleanup, disposal): a throw or rejection is logged
 * as `[page-agent] <label>`, not raised. A synchronous throw is logged before this returns.
 */
export async function quietly(call: () => unknown, label = ''): Promise<void> {
  try {
    await call();
  } catch (error) {
    console.error(label ? `[page-agent] ${label}` : '[page-agent]', error);
  }
}
