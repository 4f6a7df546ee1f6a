// Misuse of the agent's public methods: a specific error class whose `code` says what was wrong.

/** What was wrong with a call to `execute()`. */
export type AgentStateErrorCode = 'disposed' | 'running' | 'empty_task';

/** Thrown by `execute()` when it cannot start: disposed agent, a run in progress, or no task. */
export class AgentStateError extends Error {
  override name = 'AgentStateError';
  readonly code: AgentStateErrorCode;

  constructor(code: AgentStateErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The message of any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}

/** True for an AbortError (a DOMException or a look-alike). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
