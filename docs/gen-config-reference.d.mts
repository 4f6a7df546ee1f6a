// Types of docs/gen-config-reference.mjs for the TypeScript test that keeps docs/configuration.md current.
import type { ConfigOption } from '../src/config.js';
import type { RelayVariable } from '../relay/config.js';

/** Renders the Markdown of docs/configuration.md from the two option lists. */
export function renderConfigReference(options: readonly ConfigOption[], relayVariables: readonly RelayVariable[]): string;
/** Loads the option lists from the TypeScript sources. */
export function loadOptionLists(): Promise<{ options: ConfigOption[]; relayVariables: RelayVariable[] }>;
