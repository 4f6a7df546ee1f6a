// Types of bench/lib/bundles.mjs for the TypeScript tests that share it.

/** The headless agents compared by the bench and `npm run eval`, as bundle entries. */
export const AGENT_ENTRIES: { ours: { contents: string }; pageAgent: { contents: string } };

/**
 * IIFE source exposing a module's exports as `window[globalName]`. `entry` is a repo-relative file, a
 * package name, or `{ contents }`: TypeScript source resolved from `root`.
 */
export function bundle(root: string, entry: string | { contents: string }, globalName: string): Promise<string>;
