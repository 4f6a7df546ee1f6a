// The approval policy's decisions: the built-in 'risky' policy as a function and the one normal form
// of every decision shape a policy may answer. The risk check itself lives in risk/.
import type { ApprovalContext, ApprovalDecision } from '../types.js';

/** The built-in policy as a function: asks the user about risky actions and allows the rest. */
export function riskyActionPolicy(_tool: string, _input: unknown, context: ApprovalContext): ApprovalDecision {
  return context.reason ? 'ask' : 'allow';
}

/** A decision in one normal form: ask the user, or allow/deny with an optional note. */
export type NormalizedDecision = 'ask' | { allow: boolean; note?: string };

/** Reads any accepted ApprovalDecision shape; anything unrecognised denies (fail safe). */
export function normalizeDecision(decision: unknown): NormalizedDecision {
  if (decision === 'ask') return 'ask';
  if (decision === true || decision === 'allow') return { allow: true };
  if (decision === false || decision === 'deny') return { allow: false };
  if (typeof decision === 'object' && decision && 'allow' in decision) {
    const { allow, note } = decision as { allow: unknown; note?: unknown };
    if (allow === true) return { allow: true };
    return typeof note === 'string' && note.trim() ? { allow: false, note: note.trim() } : { allow: false };
  }
  return { allow: false, note: 'The approval policy gave no valid answer, so the action was not run.' };
}
