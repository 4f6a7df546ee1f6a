// Types of eval/lib/report.mjs for the TypeScript tests.
import type { RunRecord } from './run-agent.mjs';

export interface ReportTask {
  id: string;
  family: string;
  pagePath: string;
  valid: boolean | null;
  invalidReason?: string;
  runs: Record<string, RunRecord>;
  /** An output task's expected data. */
  expected?: unknown;
}
export declare function totalsOf(runs: RunRecord[]): { tasks: number; passed: number; steps: number; requests: number; tokens: number; seconds: number };
export declare function renderReport(results: { sections: Array<{ name: string; tasks: ReportTask[] }>; agents: Array<{ id: string; label: string }> }): string;
