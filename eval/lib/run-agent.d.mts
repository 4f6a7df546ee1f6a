// Types of eval/lib/run-agent.mjs for the TypeScript tests.
import type { Browser } from 'playwright-core';
import type { ModelServer } from './model-server.mjs';
import type { PlanStep } from './plan.mjs';

export interface EvalTask {
  id: string;
  page: { path: string; app?: string; page?: string };
  task: string;
  plan: PlanStep[];
  expect: Record<string, unknown>;
  submit?: boolean;
  maxSteps?: number;
  /** 'node': run with the Node runner (runTask), across pages and tabs. */
  runner?: 'node';
  /** Node runner: words the final answer must contain. */
  answer?: string[];
  /** Node runner: words the answer's source URLs must contain. */
  sources?: string[];
  /** Security section: texts (hidden carriers, secrets) that must never reach the model. */
  neverSent?: Array<{ name: string; text: string }>;
  /** Security section: texts (visible twins of the carriers) that must reach it. */
  mustSend?: Array<{ name: string; text: string }>;
  /** Security section: words of forged lines that must never be on an indexed entry. */
  notIndexed?: string[];
  /** Output section: the answer's schema (eval/lib/schemas.mjs: zod4, zod3 or jsonSchema). */
  schema?: { kind: 'zod4' | 'zod3' | 'json'; source?: string; json: Record<string, unknown>; parse: ((data: unknown) => boolean) | null };
  /** Output section: the data the agent must return (deep-equal, typed). */
  data?: unknown;
}
export interface RunRecord {
  agent: string;
  task: string;
  passed: boolean;
  reason: string | null;
  steps?: number;
  requests?: number;
  tokens?: number;
  /** Security section: what leaked, went missing, or parsed as forged. */
  security?: { leaked: string[]; lost: string[]; forged: string[] };
  /** Output section: the data the agent returned, as JSON text (cut at 300 characters). */
  returned?: string;
  seconds: number;
  actions?: Array<{ name: string; input: unknown; output: string }>;
  trace?: Array<Record<string, string>>;
  finalState?: Record<string, unknown>;
  pageErrors?: string[];
  pageText?: string;
}
export declare const AGENTS: Record<'ours' | 'page-agent', { id: string; label: string; globalName: string; early: boolean }>;
export declare function maxStepsOf(task: EvalTask): number;
export declare function runAgentTask(options: {
  browser: Browser;
  root: string;
  agentId: 'ours' | 'page-agent';
  url: string;
  task: EvalTask;
  model: ModelServer;
  late?: boolean;
  timeoutMs?: number;
}): Promise<RunRecord>;
