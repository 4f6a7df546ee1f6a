// The agent's configuration: types, defaults, validation (ConfigError names the field), and the
// machine-readable option list the README's configuration reference is generated from.
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { LLMConfig } from './llm/types.js';
import type { AgentPageController } from './tools/index.js';
import type { ApprovalPolicy, ExecutionResult, HistoricalEvent, PageAgentTool, SupportedLanguage } from './types.js';
import type { PageAgentCore } from './agent.js';

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

/** One documented option: what the README's configuration reference renders. */
export interface ConfigOption {
  name: string;
  /** TypeScript-like type, for people. */
  type: string;
  /** The default as people write it, or undefined when unset by default. */
  default?: string;
  description: string;
  /** Which class reads it: every option works on PageAgent; `core` ones also on PageAgentCore. */
  scope: 'core' | 'PageAgent';
  group: 'llm' | 'agent' | 'prompt' | 'tools' | 'hooks' | 'page' | 'experimental';
}

const fn = () => z.custom<(...args: unknown[]) => unknown>((value) => typeof value === 'function');
const isTool = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as PageAgentTool).execute === 'function' &&
    typeof (value as PageAgentTool).description === 'string' &&
    typeof (value as { inputSchema?: { _zod?: unknown } }).inputSchema?._zod === 'object');

interface OptionSpec extends ConfigOption {
  /** Validates a present value; `expect` completes "`name` must be …". */
  schema?: $ZodType;
  expect?: string;
  /** Completes "`name.key` must be …" for the entries of a record option. */
  expectEntry?: string;
}

const SPECS: readonly OptionSpec[] = [
  { name: 'baseURL', type: 'string', description: 'OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 (required to run).', scope: 'core', group: 'llm', schema: z.string(), expect: 'a URL string' },
  { name: 'model', type: 'string', description: 'Model name, e.g. gpt-4.1-mini (required to run).', scope: 'core', group: 'llm', schema: z.string(), expect: 'a string' },
  { name: 'apiKey', type: 'string', description: 'API key sent as a Bearer token. In a public page prefer the relay proxy.', scope: 'core', group: 'llm', schema: z.string(), expect: 'a string' },
  { name: 'maxRetries', type: 'number', default: '2', description: 'Retries of a failed model call after the first attempt.', scope: 'core', group: 'llm', schema: z.int().check(z.minimum(0)), expect: 'an integer ≥ 0' },
  { name: 'timeout', type: 'number', default: '120000', description: 'Per-request timeout in milliseconds.', scope: 'core', group: 'llm', schema: z.number().check(z.positive()), expect: 'a number > 0' },
  { name: 'headers', type: 'Record<string, string>', description: 'Extra request headers.', scope: 'core', group: 'llm', schema: z.record(z.string(), z.string()), expect: 'an object of header names to strings' },
  { name: 'customFetch', type: 'typeof fetch', description: 'Replaces fetch for model calls (proxies, credentials).', scope: 'core', group: 'llm', schema: fn(), expect: 'a function' },
  { name: 'transformRequestBody', type: '(body) => body | void', description: 'Rewrites each request body before it is sent.', scope: 'core', group: 'llm', schema: fn(), expect: 'a function' },
  { name: 'disableNamedToolChoice', type: 'boolean', default: 'false', description: 'Send tool_choice "required" instead of naming AgentOutput (for providers that reject named choice).', scope: 'core', group: 'llm', schema: z.boolean(), expect: 'a boolean' },
  { name: 'language', type: "'en-US' | 'zh-CN'", default: "'en-US'", description: 'Language of the system prompt and the panel.', scope: 'core', group: 'agent', schema: z.enum(['en-US', 'zh-CN']), expect: "'en-US' or 'zh-CN'" },
  { name: 'maxSteps', type: 'number', default: '40', description: 'The exact maximum number of model calls per task; the last one may only call done.', scope: 'core', group: 'agent', schema: z.int().check(z.minimum(1)), expect: 'an integer ≥ 1' },
  { name: 'stepDelay', type: 'number', description: 'Minimum pause between steps in seconds. Steps always wait (≤ 1 s) for the page to stop changing.', scope: 'core', group: 'agent', schema: z.number().check(z.minimum(0)), expect: 'a number of seconds ≥ 0' },
  { name: 'approveAction', type: "'risky' | 'all' | (tool, input, context) => decision", description: "Approval before page actions: 'risky' asks the user about pay/buy/delete/transfer/confirm submits and leaving the site; 'all' asks every time; a function decides (true/false, 'ask', { allow: false, note }).", scope: 'core', group: 'agent', schema: z.union([z.literal('risky'), z.literal('all'), fn()]), expect: "'risky', 'all' or a function" },
  { name: 'customTools', type: 'Record<string, PageAgentTool | null>', description: 'Adds tools made with tool(); a tool named like a built-in replaces it, null removes it.', scope: 'core', group: 'tools', schema: z.record(z.string(), z.custom(isTool)), expect: 'an object of named tools', expectEntry: 'a tool made with tool({ description, inputSchema, execute }), or null to remove a built-in' },
  { name: 'instructions.system', type: 'string', description: 'Standing instructions added to every task.', scope: 'core', group: 'prompt', schema: z.string(), expect: 'a string' },
  { name: 'instructions.getPageInstructions', type: '(url) => string | null | undefined', description: 'Instructions for the current page, asked before each step.', scope: 'core', group: 'prompt', schema: fn(), expect: 'a function' },
  { name: 'transformPageContent', type: '(content) => string | Promise<string>', description: 'Rewrites the page text before the model sees it (e.g. mask data).', scope: 'core', group: 'prompt', schema: fn(), expect: 'a function' },
  { name: 'customSystemPrompt', type: 'string', description: 'Replaces the built-in system prompt entirely.', scope: 'core', group: 'prompt', schema: z.string(), expect: 'a string' },
  { name: 'experimentalScriptExecutionTool', type: 'boolean', default: 'false', description: 'Offers execute_javascript (model-written scripts; blocked by a CSP without unsafe-eval).', scope: 'core', group: 'experimental', schema: z.boolean(), expect: 'a boolean' },
  { name: 'experimentalLlmsTxt', type: 'boolean', default: 'false', description: "Adds the site's /llms.txt (fetched once per origin, 3 s timeout, 2,000 characters) to the instructions.", scope: 'core', group: 'experimental', schema: z.boolean(), expect: 'a boolean' },
  { name: 'onBeforeTask', type: '(agent) => void | Promise<void>', description: 'Runs before a task; a throw ends the run with success false.', scope: 'core', group: 'hooks', schema: fn(), expect: 'a function' },
  { name: 'onAfterTask', type: '(agent, result) => void | Promise<void>', description: 'Runs after a task, whatever its outcome.', scope: 'core', group: 'hooks', schema: fn(), expect: 'a function' },
  { name: 'onBeforeStep', type: '(agent, stepIndex) => void | Promise<void>', description: 'Runs before each step (0-based index).', scope: 'core', group: 'hooks', schema: fn(), expect: 'a function' },
  { name: 'onAfterStep', type: '(agent, history) => void | Promise<void>', description: 'Runs after each step with the history so far.', scope: 'core', group: 'hooks', schema: fn(), expect: 'a function' },
  { name: 'onDispose', type: '(agent, reason?) => void', description: 'Runs once when the agent is disposed.', scope: 'core', group: 'hooks', schema: fn(), expect: 'a function' },
  { name: 'enableMask', type: 'boolean', default: 'true (PageAgent)', description: "Blocks the user's pointer while the agent works.", scope: 'PageAgent', group: 'page' },
  { name: 'viewportExpansion', type: 'number', description: '-1: the whole page with no budget; 0: the viewport only; N: the viewport plus N px. Default: the whole page within tokenBudget.', scope: 'PageAgent', group: 'page' },
  { name: 'tokenBudget', type: 'number', default: '6000', description: 'Approximate token budget of the page text.', scope: 'PageAgent', group: 'page' },
  { name: 'interactiveBlacklist', type: 'Array<Element | () => Element>', description: 'Elements never indexed as interactive.', scope: 'PageAgent', group: 'page' },
  { name: 'interactiveWhitelist', type: 'Array<Element | () => Element>', description: 'Elements always indexed as interactive.', scope: 'PageAgent', group: 'page' },
  { name: 'includeAttributes', type: 'string[]', description: 'Attributes shown on element lines (replaces the default choice).', scope: 'PageAgent', group: 'page' },
  { name: 'highlight', type: 'boolean', default: 'true', description: 'Draws index labels over elements after each observation.', scope: 'PageAgent', group: 'page' },
  { name: 'showCursor', type: 'boolean', default: 'true', description: 'Shows an animated cursor moving to each action.', scope: 'PageAgent', group: 'page' },
];

/** Every option with its type, default and a one-line description (for docs and tooling). */
export const CONFIG_OPTIONS: readonly ConfigOption[] = SPECS.map(({ schema: _schema, expect: _expect, expectEntry: _entry, ...option }) => option);

function valueAt(config: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), config);
}

function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function';
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
  for (const spec of SPECS) {
    if (!spec.schema || spec.scope !== 'core') continue;
    const value = valueAt(record, spec.name);
    if (value === undefined) continue;
    const result = z.safeParse(spec.schema, value);
    if (!result.success) {
      const sub = result.error.issues[0]?.path.length ? `.${result.error.issues[0]!.path.join('.')}` : '';
      const expected = sub && spec.expectEntry ? spec.expectEntry : spec.expect;
      const got = sub ? (value as Record<string, unknown>)[String(result.error.issues[0]!.path[0])] : value;
      throw new ConfigError(`${spec.name}${sub}`, `Invalid config: \`${spec.name}${sub}\` must be ${expected} (got ${shown(got)}).`);
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
