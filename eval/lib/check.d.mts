// Types of eval/lib/check.mjs for the TypeScript tests.
export declare function sameJson(a: unknown, b: unknown): boolean;
export declare function checkState(options: { initial: Record<string, unknown>; final: Record<string, unknown>; expect: Record<string, unknown>; submit?: boolean }): string | null;
export interface SentCheck {
  leaked: string[];
  lost: string[];
  forged: string[];
}
export declare function checkSent(
  seen: { sent: string[]; indexedLines: string[] },
  task: { neverSent?: Array<{ name: string; text: string }>; mustSend?: Array<{ name: string; text: string }>; notIndexed?: string[] },
): SentCheck;
export declare function sentProblems(check: SentCheck): string | null;
