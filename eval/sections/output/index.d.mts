// Types of eval/sections/output/index.mjs for the TypeScript tests.
import type { EvalTask } from '../../lib/run-agent.mjs';

export declare const name: string;
export declare const description: string;
export declare const tasks: EvalTask[];
