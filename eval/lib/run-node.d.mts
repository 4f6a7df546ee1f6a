// Types of eval/lib/run-node.mjs for the TypeScript tests.
import type { Browser } from 'playwright-core';
import type { ModelServer } from './model-server.mjs';
import type { EvalTask, RunRecord } from './run-agent.mjs';

export declare function runNodeTask(options: { browser: Browser; root: string; url: string; task: EvalTask; model: ModelServer; timeoutMs?: number }): Promise<RunRecord>;
