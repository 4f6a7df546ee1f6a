// Types of eval/lib/match.mjs for the TypeScript tests.
import type { IndexedEntry, PageEntry } from './page-text.mjs';

export type Fit = (entry: IndexedEntry) => boolean;
export declare const FITS: { type: Fit; select: Fit; option: Fit };
export declare function containsPhrase(words: string[], phrase: string[]): boolean;
export declare function phrasesOf(target: string | string[]): string[][];
export interface TargetQuery {
  target: string | string[];
  after?: string | string[];
  fit?: Fit;
  exclude?: number[];
}
export type TargetResult = { entry: IndexedEntry } | { entry: null; reason: 'loose' | 'absent' | 'no-anchor'; line?: string };
export declare function findTarget(entries: PageEntry[], query: TargetQuery): TargetResult;
