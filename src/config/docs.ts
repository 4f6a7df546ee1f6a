// The option table as the documentation reads it: one row per documented option, from which
// docs/configuration.md is generated (docs/gen-config-reference.mjs). Absent from the IIFE.
import { OPTIONS, type OptionGroup, type OptionTable } from './options.js';

/** One documented option: what the configuration reference renders. */
export interface ConfigOption {
  name: string;
  /** TypeScript-like type, for people. */
  type: string;
  /** The default as people write it, or undefined when unset by default. */
  default?: string;
  description: string;
  /** Which class reads it: every option works on PageAgent; `core` ones also on PageAgentCore. */
  scope: 'core' | 'PageAgent';
  group: OptionGroup;
  /** The script tag's `data-*` attribute that sets it, when one does (`data-max-steps`). */
  attribute?: string;
  /** Its value is a secret (an API key): never shown in errors, a warning when set in the page. */
  secret?: true;
}

/** How a default value is written in the docs: strings quoted, others as they print. */
const written = (value: string | number | boolean) => (typeof value === 'string' ? `'${value}'` : String(value));

/** The documented rows of an option table, in its order. */
export function configOptionsOf(table: OptionTable): ConfigOption[] {
  return Object.entries(table).flatMap(([name, spec]) => {
    const doc = spec.doc;
    if (!doc) return [];
    const shownDefault = doc.default ?? (spec.default === undefined ? undefined : written(spec.default));
    const row: ConfigOption = { name, type: doc.type, description: doc.description, scope: doc.pageAgentOnly ? 'PageAgent' : 'core', group: spec.group };
    if (shownDefault !== undefined) row.default = shownDefault;
    if (spec.attribute) row.attribute = `data-${spec.attribute}`;
    if (spec.secret) row.secret = true;
    return [row];
  });
}

/** Every option with its type, default and a one-line description (for docs and tooling). */
export const CONFIG_OPTIONS: readonly ConfigOption[] = /* @__PURE__ */ configOptionsOf(OPTIONS);
