// Types of eval/lib/read.mjs for the TypeScript tests.
import type { ReadSpec } from './plan.mjs';

export declare function readableText(pageText: string): string;
export declare function readAnswer(spec: ReadSpec, text: string, path?: string): { value: any; missing: string[] };
export declare function numberOf(text: string): number;
export declare function typed(value: unknown, schema?: Record<string, any>, options?: { sloppy?: boolean }): any;
export declare function offeredActions(body: unknown): Record<string, any>;
export declare function dataSchemaOf(body: unknown): Record<string, any> | null;
export declare function answerSchemaOf(body: unknown): Record<string, any> | null;
export declare function extractResultOf(body: unknown): { data?: unknown; error?: string } | null;
export declare function returnedData(data: unknown, typedResults: boolean): { data?: unknown; error?: string };
export declare function leavesNotOnPage(data: unknown, text: string, path?: string): string[];
