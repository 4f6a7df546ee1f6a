// Human approval of actions (the respond/reject idea of seed 002): runs the approval policy and, when
// the user must decide, holds the action until `respond()` is called or the run aborts.
import { assessRisk, normalizeDecision, raceAbort, type AgentPageController, type NormalizedDecision } from '../tools/index.js';
import { isAbortError } from '../llm/index.js';
import type { ApprovalContext, ApprovalDecision, ApprovalPolicy } from '../types.js';

/** An action waiting for the user's decision. */
export interface ApprovalRequest {
  tool: string;
  input: unknown;
  reason?: string;
  element?: string;
}

/** The final answer for one action. */
export type ApprovalOutcome = { allow: true } | { allow: false; note?: string };

/** What `decide` needs besides the action. */
export interface DecideOptions {
  policy: ApprovalPolicy;
  context: ApprovalContext;
  /** `this` of a policy function (the agent). */
  thisArg: unknown;
  /** Called when the user must decide, so the UI can show the request. */
  onAsk: (request: ApprovalRequest) => void;
  /** Called when a policy function throws (the action is then denied). */
  onPolicyError: (error: unknown) => void;
}

/** The context a policy sees for an action: the page URL, the run's signal, and the risk check's element and reason. */
export function approvalContextOf(tool: string, input: unknown, controller: AgentPageController, url: string, signal: AbortSignal): ApprovalContext {
  const risk = assessRisk(tool, input, controller, url);
  const context: ApprovalContext = { url, signal };
  if (risk.element) context.element = risk.element;
  if (risk.reason) context.reason = risk.reason;
  return context;
}

/** Runs approval policies and holds actions for the user; one pending request at a time. */
export class ApprovalGate {
  #pending: { request: ApprovalRequest; settle: (outcome: ApprovalOutcome) => void } | null = null;

  /** The request waiting for the user, if any. */
  get pending(): ApprovalRequest | null {
    return this.#pending?.request ?? null;
  }

  /** Decides whether `tool` may run with `input`; rejects with an AbortError when the run stops. */
  async decide(tool: string, input: unknown, options: DecideOptions): Promise<ApprovalOutcome> {
    const { policy, context } = options;
    let decision: NormalizedDecision;
    if (policy === 'all') decision = 'ask';
    else if (policy === 'risky') decision = context.reason ? 'ask' : { allow: true };
    else {
      try {
        decision = normalizeDecision(await raceAbort(policy.call(options.thisArg, tool, input, context), context.signal));
      } catch (error) {
        if (isAbortError(error) && context.signal.aborted) throw error;
        options.onPolicyError(error);
        const message = error instanceof Error ? error.message : String(error);
        return { allow: false, note: `the approval check failed (${message}), so the action was not run` };
      }
    }
    if (decision !== 'ask') return decision.allow ? { allow: true } : { allow: false, note: decision.note };
    const request: ApprovalRequest = { tool, input, reason: context.reason, element: context.element };
    return this.#ask(request, context.signal, options.onAsk);
  }

  /** Answers the pending request; false when nothing is waiting. `'ask'` is not an answer. */
  respond(decision: ApprovalDecision): boolean {
    const pending = this.#pending;
    const outcome = normalizeDecision(decision);
    if (!pending || outcome === 'ask') return false;
    this.#pending = null;
    pending.settle(outcome.allow ? { allow: true } : { allow: false, note: outcome.note });
    return true;
  }

  #ask(request: ApprovalRequest, signal: AbortSignal, onAsk: (request: ApprovalRequest) => void): Promise<ApprovalOutcome> {
    signal.throwIfAborted();
    return new Promise<ApprovalOutcome>((resolve, reject) => {
      const onAbort = () => {
        if (this.#pending?.request === request) this.#pending = null;
        reject(signal.reason);
      };
      this.#pending = {
        request,
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      onAsk(request);
    });
  }
}
