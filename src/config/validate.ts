// Checking a config against the option table: the first bad option as a field and a message, the
// ConfigError that carries them, the options a run cannot do without, and the defaults.
import { badEntryKey, shown } from './checks.js';
import { OPTIONS, type OptionDefaults, type OptionGroup, type OptionTable } from './options.js';

/** Invalid configuration; `field` names the offending option (dotted for nested ones). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** What is wrong with one option: the field (`name` or `name.key`) and the whole message. */
export interface OptionProblem {
  field: string;
  message: string;
}

const valueAt = (config: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), config);

/** The nested option names under `parent` (`{ system?, getPageInstructions? }` for instructions). */
const childrenOf = (parent: string, table: OptionTable) =>
  Object.keys(table).filter((name) => name.startsWith(`${parent}.`)).map((name) => `${name.slice(parent.length + 1)}?`);

/**
 * The first option of `table` (in `groups`, or all) set to a bad value in `config`, or undefined
 * when every set option passes its check. A nested option needs an object around it.
 */
export function findOptionProblem(config: Record<string, unknown>, table: OptionTable = OPTIONS, groups?: readonly OptionGroup[]): OptionProblem | undefined {
  const names = Object.keys(table).filter((name) => !groups || groups.includes(table[name]!.group));
  for (const parent of new Set(names.filter((name) => name.includes('.')).map((name) => name.slice(0, name.indexOf('.'))))) {
    const outer = config[parent];
    if (outer !== undefined && (typeof outer !== 'object' || !outer)) {
      return { field: parent, message: `Invalid config: \`${parent}\` must be an object { ${childrenOf(parent, table).join(', ')} }.` };
    }
  }
  for (const name of names) {
    const { check, secret } = table[name]!;
    const value = valueAt(config, name);
    if (!check || value === undefined) continue;
    const isValid = check.isValid(value);
    const key = isValid && check.isEntry ? badEntryKey(value as Record<PropertyKey, unknown>, check.isEntry) : undefined;
    if (isValid && key === undefined) continue;
    const sub = key === undefined ? '' : `.${String(key)}`;
    const expected = sub && check.expectEntry ? check.expectEntry : check.expect;
    const got = sub ? (value as Record<PropertyKey, unknown>)[key!] : value;
    return { field: `${name}${sub}`, message: `Invalid config: \`${name}${sub}\` must be ${expected} (got ${shown(got, secret)}).` };
  }
  return undefined;
}

/** Throws a ConfigError naming the first bad option of `config` (see findOptionProblem). */
export function checkOptions(config: Record<string, unknown>, table: OptionTable = OPTIONS): void {
  const problem = findOptionProblem(config, table);
  if (problem) throw new ConfigError(problem.field, problem.message);
}

/** Names of the options a run needs that are missing or blank in `config` (`baseURL`, `model`). */
export function missingSettings(config: Record<string, unknown>, table: OptionTable = OPTIONS): string[] {
  return Object.keys(table).filter((name) => {
    const value = config[name];
    return table[name]!.required !== undefined && (typeof value !== 'string' || value.trim() === '');
  });
}

/** The first option a run needs that is missing from `config`, as a field and a message. */
export function findMissingOption(config: object, table: OptionTable = OPTIONS): OptionProblem | undefined {
  const [field] = missingSettings(config as Record<string, unknown>, table);
  return field === undefined ? undefined : { field, message: `Missing config: \`${field}\` is required to run a task (e.g. ${table[field]!.required}).` };
}

/** Throws a ConfigError naming the first option a run needs that is missing, before a run starts. */
export function requireRunnable(config: object, table: OptionTable = OPTIONS): void {
  const missing = findMissingOption(config, table);
  if (missing) throw new ConfigError(missing.field, missing.message);
}

/** The default of every option (in `groups`, or all) that has one. */
export function defaultsOf(groups?: readonly OptionGroup[], table: OptionTable = OPTIONS): Record<string, string | number | boolean> {
  const defaults: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(table)) if (spec.default !== undefined && (!groups || groups.includes(spec.group))) defaults[name] = spec.default;
  return defaults;
}

/** The default of every option that has one (exported as AGENT_DEFAULTS). */
export const OPTION_DEFAULTS = /* @__PURE__ */ defaultsOf() as OptionDefaults;

/** Names of the options checked at construction. */
export function listCheckedOptions(table: OptionTable = OPTIONS): string[] {
  return Object.keys(table).filter((name) => table[name]!.check);
}
