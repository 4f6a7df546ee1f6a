// Types of eval/lib/validate.mjs for the TypeScript tests.
import type { Browser } from 'playwright-core';
import type { EvalTask } from './run-agent.mjs';

export declare function validateTask(browser: Browser, url: string, task: EvalTask): Promise<{ valid: boolean; reason?: string; seconds: number }>;
