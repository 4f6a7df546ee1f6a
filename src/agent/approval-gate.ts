// Human approval of actions (the respond/reject idea of seed 002): runs the approval policy and, when
// the user must decide, holds the action until `respond()` is called or the run aborts.
import { isAbortError, messageOf, raceAbort } from '../base/index.js';
import { assessRisk, normalizeDecision, type AgentPageController, type NormalizedDecision } from '../tools/index.js';
import type { ApprovalContext, ApprovalDecision, ApprovalPolicy } from '../types.js';
import { holdUntil } from './hold.js';

/** An action waiting for the user's decision. */
export interface ApprovalRequest {
  tool: string;
  input: unknown;
  reason?: string;
  element?: string;
}

/**
 * The final answer for one action; `asked` when the user decided, `reason` why the action was held,
 * `result` the whole result the model reads when the action was refused before or after the decision.
 */
export type ApprovalOutcome = { allow: boolean; note?: string; asked?: boolean; reason?: string; result?: string };

/** The context a policy sees for an action: the page URL, the run's signal, and the risk check's element and reason. */
export function approvalContextOf(tool: string, input: unknown, controller: AgentPageController, url: string, signal: AbortSignal): ApprovalContext {
  return { url, signal, ...assessRisk(tool, input, controller, url) };
}

/** Runs approval policies and holds actions for the user; one pending request at a time. */
export class ApprovalGate {
  #pending: { request: ApprovalRequest; settle: (outcome: ApprovalOutcome) => void } | null = null;

  /** The request waiting for the user, if any. */
  get pending(): ApprovalRequest | null {
    return this.#pending?.request ?? null;
  }

  /**
   * Decides whether `tool` may run with `input` under `policy` (a function runs with `this` =
   * `thisArg`; none allows); `onAsk` shows a request the user must answer, `onPolicyError` hears a
   * throwing policy (the action is then denied), `recheck` judges the target again just before it
   * acts: an allowed action whose risk changed since the decision is not run. An action opening an
   * origin outside `allowedOrigins` is refused first. Rejects with an AbortError when the run stops.
   */
  async decide(
    tool: string,
    input: unknown,
    policy: ApprovalPolicy | undefined,
    context: ApprovalContext,
    thisArg: unknown,
    onAsk: (request: ApprovalRequest) => void,
    onPolicyError: (error: unknown) => void,
    recheck: () => string | undefined = () => context.reason,
    allowedOrigins?: readonly string[],
  ): Promise<ApprovalOutcome> {
    if (context.origin && allowedOrigins && !allowedOrigins.includes(context.origin)) {
      return { allow: false, result: `Not run: it opens ${context.origin}, not in allowedOrigins.` };
    }
    const outcome = policy ? await this.#decide(tool, input, policy, context, thisArg, onAsk, onPolicyError) : { allow: true };
    if (!outcome.allow) return outcome;
    const now = recheck();
    if (now && now !== context.reason) return { allow: false, result: `Not run: the target changed after the decision (now it ${now}); read the page again.` };
    return outcome;
  }

  async #decide(
    tool: string,
    input: unknown,
    policy: ApprovalPolicy,
    context: ApprovalContext,
    thisArg: unknown,
    onAsk: (request: ApprovalRequest) => void,
    onPolicyError: (error: unknown) => void,
  ): Promise<ApprovalOutcome> {
    let decision: NormalizedDecision;
    if (policy === 'all') decision = 'ask';
    else if (policy === 'risky') decision = context.reason ? 'ask' : { allow: true };
    else {
      try {
        decision = normalizeDecision(await raceAbort(policy.call(thisArg, tool, input, context), context.signal));
      } catch (error) {
        if (isAbortError(error) && context.signal.aborted) throw error;
        onPolicyError(error);
        return { allow: false, note: `the approval check failed (${messageOf(error)}), so the action was not run` };
      }
    }
    if (decision !== 'ask') return decision;
    const request: ApprovalRequest = { tool, input, reason: context.reason, element: context.element };
    const answer = await holdUntil<ApprovalOutcome>(
      context.signal,
      (settle) => {
        this.#pending = { request, settle };
        onAsk(request);
      },
      () => {
        if (this.#pending?.request === request) this.#pending = null;
      },
    );
    return { ...answer, asked: true, reason: context.reason };
  }

  /** Answers the pending request; false when nothing is waiting. `'ask'` is not an answer. */
  respond(decision: ApprovalDecision): boolean {
    const pending = this.#pending;
    const outcome = normalizeDecision(decision);
    if (!pending || outcome === 'ask') return false;
    this.#pending = null;
    pending.settle(outcome);
    return true;
  }
}
