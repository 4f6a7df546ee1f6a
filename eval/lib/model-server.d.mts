// Types of eval/lib/model-server.mjs for the TypeScript tests.
import type { PlanStep } from './plan.mjs';

export interface RunReport {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  tokens: number;
  maxPromptTokens: number;
  planDone: boolean;
  failure: string | null;
  trace: Array<Record<string, string>>;
  lastPageText: string | null;
  /** The text of every message of every request. */
  sent: string[];
  /** Every indexed line of the page text of every request. */
  indexedLines: string[];
}
export interface ModelServer {
  baseURL: string;
  begin(plan: PlanStep[], options?: { schema?: Record<string, unknown> | null }): string;
  report(model: string): RunReport;
  end(model: string): void;
  close(): Promise<void>;
}
export declare function startModelServer(): Promise<ModelServer>;
