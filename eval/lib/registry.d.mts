// Types of eval/lib/registry.mjs for the TypeScript tests.
import type { EvalTask } from './run-agent.mjs';

export interface Section {
  name: string;
  description: string;
  tasks: Array<EvalTask & { section: string }>;
}
export declare function problemsOf(task: Partial<EvalTask>): string[];
export declare function loadSections(dir: string): Promise<Section[]>;
export declare function selectTasks(sections: Section[], wanted?: { sections?: string[]; tasks?: string[] }): Array<EvalTask & { section: string }>;
