// Types of eval/lib/page-text.mjs for the TypeScript tests.

/** An indexed entry of the page text. */
export interface IndexedEntry {
  kind: 'indexed';
  index: number;
  isNew: boolean;
  depth: number;
  tag: string;
  attrs: string;
  attributes: Record<string, string | true>;
  text: string;
  words: string[];
  line: string;
  position: number;
}
/** A loose text line of the page text. */
export interface TextEntry {
  kind: 'text';
  depth: number;
  text: string;
  words: string[];
  line: string;
  position: number;
}
export type PageEntry = IndexedEntry | TextEntry;

export declare function pageTextOf(body: unknown): string | null;
export declare function stepNumberOf(body: unknown): number | null;
export declare function wordsOf(text: string): string[];
export declare function attributesOf(attrs: string): Record<string, string | true>;
export declare function parsePageText(pageText: string): PageEntry[];
export declare function scrollInfoOf(pageText: string): { pagesBelow: number; pagesAbove: number };
