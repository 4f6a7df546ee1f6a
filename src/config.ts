// The agent's configuration: types, defaults and validation (ConfigError names the field). The
// documented option list lives in agent/config-options.ts and is re-exported here for the docs.
import type { LLMConfig } from './llm/index.js';
import type { AgentPageController } from './tools/index.js';
import type { ApprovalPolicy, ExecutionResult, HistoricalEvent, PageAgentTool, SupportedLanguage } from './types.js';
import type { PageAgentCore } from './agent.js';

export { CONFIG_OPTIONS, type ConfigOption } from './agent/config-options.js';

/** Agent options (page-agent 1.x names and meanings; additions are marked as ours). */
export interface AgentConfig extends LLMConfig {
  language?: SupportedLanguage;
  /** The exact maximum number of model calls per task. @default 40 */
  maxSteps?: number;
  /** Minimum pause between steps, in seconds; the DOM-quiet wait always runs. */
  stepDelay?: number;
  /** Add tools, override a built-in by name, or remove one with `null`. */
  customTools?: Record<string, PageAgentTool | null>;
  instructions?: {
    system?: string;
    getPageInstructions?: (url: string) => string | undefined | null;
  };
  transformPageContent?: (content: string) => Promise<string> | string;
  customSystemPrompt?: string;
  experimentalScriptExecutionTool?: boolean;
  experimentalLlmsTxt?: boolean;
  /** Ours: decides before each page action whether it may run. */
  approveAction?: ApprovalPolicy;
  onBeforeTask?: (agent: PageAgentCore) => Promise<void> | void;
  onAfterTask?: (agent: PageAgentCore, result: ExecutionResult) => Promise<void> | void;
  onBeforeStep?: (agent: PageAgentCore, stepCount: number) => Promise<void> | void;
  onAfterStep?: (agent: PageAgentCore, history: HistoricalEvent[]) => Promise<void> | void;
  onDispose?: (agent: PageAgentCore, reason?: string) => void;
}

/** What `new PageAgentCore(config)` takes: agent options plus the page controller. */
export type PageAgentCoreConfig = AgentConfig & { pageController: AgentPageController };

/** The config after defaults are applied. */
export type ResolvedAgentConfig = PageAgentCoreConfig & { maxSteps: number; language: SupportedLanguage };

/** Defaults of the agent options. */
export const AGENT_DEFAULTS = { maxSteps: 40, language: 'en-US', maxRetries: 2 } as const;

/** Invalid configuration; `field` names the offending option (dotted for nested ones). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

const isString = (value: unknown) => typeof value === 'string';
const isBoolean = (value: unknown) => typeof value === 'boolean';
const isFunction = (value: unknown) => typeof value === 'function';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isTool = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as PageAgentTool).execute === 'function' &&
    typeof (value as PageAgentTool).description === 'string' &&
    typeof (value as { inputSchema?: { _zod?: unknown } }).inputSchema?._zod === 'object');

/** A plain object (a literal or `Object.create(null)`), as zod's `record` requires: not an array, Map or class instance. */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return typeof proto === 'object' && proto !== null && !Array.isArray(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}

/** The first own enumerable key of a record whose entry is not valid (a symbol key never is). */
function badEntryKey(value: Record<PropertyKey, unknown>, isEntry: (entry: unknown) => boolean): PropertyKey | undefined {
  return Reflect.ownKeys(value).find(
    (key) => key !== '__proto__' && Object.prototype.propertyIsEnumerable.call(value, key) && (typeof key !== 'string' || !isEntry(value[key])),
  );
}

interface Check {
  /** The whole value; for a record option, whether it is a plain object. */
  isValid: (value: unknown) => boolean;
  /** For a record option (`name.key`), whether one entry is valid. */
  isEntry?: (entry: unknown) => boolean;
  expect: string;
  /** Completes "`name.key` must be …" for the entries of a record option. */
  expectEntry?: string;
}

const STRING: Check = { isValid: isString, expect: 'a string' };
const FUNCTION: Check = { isValid: isFunction, expect: 'a function' };
const BOOLEAN: Check = { isValid: isBoolean, expect: 'a boolean' };

/** How each core option is checked when set; `expect` completes "`name` must be …". */
const CHECKS: Record<string, Check> = {
  baseURL: { isValid: isString, expect: 'a URL string' },
  model: STRING,
  apiKey: STRING,
  maxRetries: { isValid: (value) => isInt(value) && value >= 0, expect: 'an integer ≥ 0' },
  timeout: { isValid: (value) => isNumber(value) && value > 0, expect: 'a number > 0' },
  headers: { isValid: isPlainObject, isEntry: isString, expect: 'an object of header names to strings' },
  customFetch: FUNCTION,
  transformRequestBody: FUNCTION,
  disableNamedToolChoice: BOOLEAN,
  language: { isValid: (value) => value === 'en-US' || value === 'zh-CN', expect: "'en-US' or 'zh-CN'" },
  maxSteps: { isValid: (value) => isInt(value) && value >= 1, expect: 'an integer ≥ 1' },
  stepDelay: { isValid: (value) => isNumber(value) && value >= 0, expect: 'a number of seconds ≥ 0' },
  approveAction: { isValid: (value) => value === 'risky' || value === 'all' || isFunction(value), expect: "'risky', 'all' or a function" },
  customTools: {
    isValid: isPlainObject,
    isEntry: isTool,
    expect: 'an object of named tools',
    expectEntry: 'a tool made with tool({ description, inputSchema, execute }), or null to remove a built-in',
  },
  'instructions.system': STRING,
  'instructions.getPageInstructions': FUNCTION,
  transformPageContent: FUNCTION,
  customSystemPrompt: STRING,
  experimentalScriptExecutionTool: BOOLEAN,
  experimentalLlmsTxt: BOOLEAN,
  onBeforeTask: FUNCTION,
  onAfterTask: FUNCTION,
  onBeforeStep: FUNCTION,
  onAfterStep: FUNCTION,
  onDispose: FUNCTION,
};

/** Names of the options validated at construction (each is documented in CONFIG_OPTIONS). */
export function listCheckedOptions(): string[] {
  return Object.keys(CHECKS);
}

function valueAt(config: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), config);
}

/** A value as an error message shows it. */
function shown(value: unknown, name = ''): string {
  if (typeof value === 'function') return 'a function';
  // apiKey and headers may hold secrets: an error names their type, never their content.
  if (name === 'apiKey' || name === 'headers') return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}, not shown`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Checks every option that is set and returns the config with defaults applied. baseURL and model
 * may be missing here (a panel can ask for them); `requireRunnable` checks them before a run.
 */
export function resolveAgentConfig(config: PageAgentCoreConfig): ResolvedAgentConfig {
  if (typeof config !== 'object' || config === null) throw new ConfigError('config', 'PageAgentCore needs a config object: { baseURL, model, pageController, … }.');
  const record = config as unknown as Record<string, unknown>;
  if (record.instructions !== undefined && (typeof record.instructions !== 'object' || record.instructions === null)) {
    throw new ConfigError('instructions', 'Invalid config: `instructions` must be an object { system?, getPageInstructions? }.');
  }
  for (const [name, check] of Object.entries(CHECKS)) {
    const value = valueAt(record, name);
    if (value === undefined) continue;
    const isValid = check.isValid(value);
    const key = isValid && check.isEntry ? badEntryKey(value as Record<PropertyKey, unknown>, check.isEntry) : undefined;
    if (!isValid || key !== undefined) {
      const sub = key === undefined ? '' : `.${String(key)}`;
      const expected = sub && check.expectEntry ? check.expectEntry : check.expect;
      const got = sub ? (value as Record<PropertyKey, unknown>)[key!] : value;
      throw new ConfigError(`${name}${sub}`, `Invalid config: \`${name}${sub}\` must be ${expected} (got ${shown(got, name)}).`);
    }
  }
  const controller = record.pageController as Partial<AgentPageController> | undefined;
  if (!controller || typeof controller.getBrowserState !== 'function') {
    throw new ConfigError('pageController', 'Invalid config: `pageController` must be a PageController (it reads and acts on the page).');
  }
  return { ...config, maxSteps: config.maxSteps ?? AGENT_DEFAULTS.maxSteps, language: config.language ?? AGENT_DEFAULTS.language };
}

/** Throws a ConfigError naming baseURL or model when either is missing, before a run starts. */
export function requireRunnable(config: AgentConfig): void {
  for (const field of ['baseURL', 'model'] as const) {
    const value = config[field];
    if (typeof value !== 'string' || value.trim() === '') {
      const example = field === 'baseURL' ? 'e.g. "https://api.openai.com/v1" or your relay proxy' : 'e.g. "gpt-4.1-mini"';
      throw new ConfigError(field, `Missing config: \`${field}\` is required to run a task (${example}).`);
    }
  }
}
