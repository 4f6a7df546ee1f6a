// Types of eval/lib/reasoner.mjs for the TypeScript tests.
import type { PlanStep } from './plan.mjs';

export interface Session {
  plan: PlanStep[];
  step: number;
  failure: string | null;
  trace: Array<Record<string, string>>;
  [key: string]: unknown;
}
/** AgentOutput arguments. */
export interface AgentOutputArgs {
  evaluation_previous_goal: string;
  memory: string;
  next_goal: string;
  action: Record<string, any>;
}
export declare const MAX_SCROLLS: number;
export declare function createSession(plan: PlanStep[], options?: { schema?: Record<string, unknown> | null }): Session;
export interface DecideOptions {
  canFind?: boolean;
  canExtract?: boolean;
  dataSchema?: Record<string, unknown> | null;
  extractResult?: { data?: unknown; error?: string } | null;
}
export declare function decide(session: Session, pageText: string, options?: boolean | DecideOptions): AgentOutputArgs;
export declare function replyTo(session: Session, body: unknown): AgentOutputArgs;
export declare function answerExtract(session: Session, body: unknown): string;
export declare function answerData(session: Session, body: unknown): unknown;
