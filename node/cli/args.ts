// A small command-line parser: declared flags (boolean, value, or repeatable list) and positionals.
// Mistakes throw NodeRunError('usage') naming the flag.
import { NodeRunError } from '../errors.js';

/** How a flag takes its value. */
export type FlagKind = 'boolean' | 'value' | 'list';

/** Parsed arguments: flag values by flag name (without dashes) and the positionals. */
export interface ParsedArgs {
  flags: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** Parses `args` against `spec` ({ 'max-steps': 'value', json: 'boolean', ... }); `--` ends the flags. */
export function parseArgs(args: readonly string[], spec: Record<string, FlagKind>, command: string): ParsedArgs {
  const flags: ParsedArgs['flags'] = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      flags.help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') throw new NodeRunError('usage', `${command}: unknown option "${arg}".`);
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = name === 'help' ? 'boolean' : spec[name];
    if (!kind) throw new NodeRunError('usage', `${command}: unknown option "--${name}".`);
    if (kind === 'boolean') {
      if (eq !== -1) throw new NodeRunError('usage', `${command}: --${name} takes no value.`);
      flags[name] = true;
      continue;
    }
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) throw new NodeRunError('usage', `${command}: --${name} needs a value.`);
    if (kind === 'list') flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
    else flags[name] = value;
  }
  return { flags, positionals };
}

/** A flag that must be a whole number within bounds. */
export function intFlag(raw: unknown, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new NodeRunError('usage', `--${name} must be a whole number from ${min} to ${max}, got "${text}".`);
  return value;
}

/** The `--language` flag: en-US, zh-CN or unset. */
export function languageFlag(raw: unknown): 'en-US' | 'zh-CN' | undefined {
  if (raw === undefined || raw === 'en-US' || raw === 'zh-CN') return raw;
  throw new NodeRunError('usage', `--language must be en-US or zh-CN, got "${String(raw)}".`);
}
