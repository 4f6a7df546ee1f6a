// Types of eval/lib/check.mjs for the TypeScript tests.
export declare function sameJson(a: unknown, b: unknown): boolean;
export declare function checkState(options: { initial: Record<string, unknown>; final: Record<string, unknown>; expect: Record<string, unknown>; submit?: boolean }): string | null;
