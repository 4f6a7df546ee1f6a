// The option table: every option of PageAgentCore and PageAgent once, with its check, default,
// script-tag attribute, secrecy and documentation. Config validation, the script-tag reader, the LLM
// client's config and docs/configuration.md all read it; nothing else lists option names.
import { BOOLEAN, FUNCTION, integer, number, oneOf, OPACITY, ORIGINS, parseFlag, record, STRING, text, type Check } from './checks.js';

// Every bundler of src/ defines __DOCS__ (build.mjs, vitest.config.ts, the test and bench bundlers):
// false in the IIFE, so the documentation below never ships in it; true elsewhere (the ESM build
// exports CONFIG_OPTIONS). It is a build-time constant so that esbuild drops each `...(false && {…})`
// spread: an IIFE option has no doc key at all.
declare const __DOCS__: boolean;

/** The documentation groups of docs/configuration.md, in order. */
export type OptionGroup = 'llm' | 'agent' | 'prompt' | 'tools' | 'hooks' | 'page' | 'panel' | 'experimental';

/** What the docs say about an option. */
export interface OptionDoc {
  /** TypeScript-like type, for people. */
  type: string;
  description: string;
  /** The default as people write it, when it is not the option's `default` value. */
  default?: string;
  /** PageAgent: read by the page controller or panel that PageAgent builds, not by PageAgentCore. */
  pageAgentOnly?: true;
}

/** Everything known about one option; the name is its key in OPTIONS (dotted when nested). */
export interface OptionSpec {
  group: OptionGroup;
  /** Checked at construction when set; a ConfigError names the option. */
  check?: Check;
  /** The value used when the option is unset, applied by the layer that reads it. */
  default?: string | number | boolean;
  /** Needed before a task can run: completes "(e.g. …)" in the error. */
  required?: string;
  /** The script tag's `data-*` attribute (without `data-`) that sets it. */
  attribute?: string;
  /** page-agent 1.x's query parameter on the script URL that sets it. */
  query?: string;
  /** What the secret is ("an API key"): its value is never shown in an error, and a warning says so when the page sets it. */
  secret?: string;
  /** Documentation, absent from the IIFE build (which then has no doc key). */
  doc?: OptionDoc;
}

const isTool = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as { execute?: unknown }).execute === 'function' &&
    typeof (value as { description?: unknown }).description === 'string' &&
    typeof (value as { inputSchema?: { _zod?: unknown } }).inputSchema?._zod === 'object');
const isString = (value: unknown) => typeof value === 'string';
const HIGHLIGHT: Check = {
  isValid: (value) => typeof value === 'boolean' || value === 'all' || value === 'action',
  expect: "'action', 'all', true or false",
  fromText: (text) => (text === 'all' || text === 'action' ? text : parseFlag(text)),
};

/** Every option, in the order of the docs. */
export const OPTIONS = {
  baseURL: { group: 'llm', check: text('a URL string'), required: '"https://api.openai.com/v1" or your relay proxy', attribute: 'base-url', query: 'baseURL',
    ...(__DOCS__ && { doc: { type: 'string', description: 'OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 (required to run).' } }) },
  model: { group: 'llm', check: STRING, required: '"gpt-4.1-mini"', attribute: 'model', query: 'model',
    ...(__DOCS__ && { doc: { type: 'string', description: 'Model name, e.g. gpt-4.1-mini (required to run).' } }) },
  apiKey: { group: 'llm', check: STRING, secret: 'an API key', attribute: 'api-key', query: 'apiKey',
    ...(__DOCS__ && { doc: { type: 'string', description: 'API key sent as a Bearer token. In a public page prefer the relay proxy.' } }) },
  maxRetries: { group: 'llm', check: integer(0), default: 2,
    ...(__DOCS__ && { doc: { type: 'number', description: 'Retries of a failed model call after the first attempt.' } }) },
  timeout: { group: 'llm', check: number(0, true), default: 120_000,
    ...(__DOCS__ && { doc: { type: 'number', description: 'Per-request timeout in milliseconds.' } }) },
  headers: { group: 'llm', check: record('an object of header names to strings', isString), secret: 'a headers option (it may carry a key)',
    ...(__DOCS__ && { doc: { type: 'Record<string, string>', description: 'Extra request headers.' } }) },
  customFetch: { group: 'llm', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: 'typeof fetch', description: 'Replaces fetch for model calls (proxies, credentials).' } }) },
  transformRequestBody: { group: 'llm', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(body) => body | void', description: 'Rewrites each request body before it is sent.' } }) },
  retryDelay: { group: 'llm', check: number(0), default: 500,
    ...(__DOCS__ && { doc: { type: 'number', description: 'First backoff delay in milliseconds; it doubles (with jitter, at most 10 s) unless the server sends Retry-After.' } }) },
  // Read by the LLM client without a check or a default: here for the docs only (absent from the IIFE).
  ...(__DOCS__ && {
    temperature: { group: 'llm',
      doc: { type: 'number', description: 'Deprecated, as in page-agent: many models reject it; set it with transformRequestBody where verified.' } },
    debug: { group: 'llm',
      doc: { type: 'boolean | (message, detail?) => void', default: 'false', description: "The client's debug log (response repairs, quirks applied, retries): true logs with console.debug." } },
  }),
  disableNamedToolChoice: { group: 'llm', check: BOOLEAN,
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'false', description: 'Send tool_choice "required" instead of naming AgentOutput (for providers that reject named choice).' } }) },
  language: { group: 'agent', check: oneOf(['en-US', 'zh-CN']), default: 'en-US', attribute: 'language', query: 'lang',
    ...(__DOCS__ && { doc: { type: "'en-US' | 'zh-CN'", description: 'Language of the system prompt and the panel.' } }) },
  maxSteps: { group: 'agent', check: integer(1), default: 40, attribute: 'max-steps',
    ...(__DOCS__ && { doc: { type: 'number', description: 'The exact maximum number of steps (model turns) per task; three before the end the model is told to wrap up, and the last step may only call done. Retries of a failed call are not steps.' } }) },
  maxTokens: { group: 'agent', check: integer(1), attribute: 'max-tokens',
    ...(__DOCS__ && { doc: { type: 'number', pageAgentOnly: true, description: "A token budget per task (prompt and completion of every model call, retries included): before a step whose call would pass it (its prompt estimated at 4 characters a token), the task stops with a result saying so, which the panel shows. No budget by default." } }) },
  stepDelay: { group: 'agent', check: number(0, false, 'a number of seconds'),
    ...(__DOCS__ && { doc: { type: 'number', description: 'Minimum pause between steps in seconds. Changed from page-agent (a fixed 0.4 s): steps always wait, at most 1 s, until the page stops changing.' } }) },
  approveAction: { group: 'agent', check: oneOf(['risky', 'all'], true), attribute: 'approve-action',
    ...(__DOCS__ && { doc: { type: "'risky' | 'all' | (tool, input, context) => decision", description: "Approval before page actions: 'risky' asks the user about actions whose effect looks irreversible (forms that pay or order, dialogs that delete, risky choices, links that leave the site; multilingual labels; see api.md); 'all' asks every time; a function decides (true/false, 'ask', { allow: false, note })." } }) },
  allowedOrigins: { group: 'agent', check: ORIGINS, attribute: 'allowed-origins',
    ...(__DOCS__ && { doc: { type: 'string[]', description: "Other sites the agent may open (['https://shop.example']): a click or Enter on a link or form leading to any other origin is refused, whatever approveAction says. The page's own origin is always allowed. It cannot see where a script (execute_javascript, a button's handler) or a server redirect goes: keep approveAction on for those." } }) },
  customTools: { group: 'tools', check: record('an object of named tools', isTool, 'a tool made with tool({ description, inputSchema, execute }), or null to remove a built-in'),
    ...(__DOCS__ && { doc: { type: 'Record<string, PageAgentTool | null>', description: 'Adds tools made with tool(); a tool named like a built-in replaces it, null removes it.' } }) },
  'instructions.system': { group: 'prompt', check: STRING,
    ...(__DOCS__ && { doc: { type: 'string', description: 'Standing instructions added to every task.' } }) },
  'instructions.getPageInstructions': { group: 'prompt', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(url) => string | null | undefined', description: 'Instructions for the current page, asked before each step.' } }) },
  transformPageContent: { group: 'prompt', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(content) => string | Promise<string>', description: 'Rewrites the page text before the model sees it (e.g. mask data).' } }) },
  customSystemPrompt: { group: 'prompt', check: STRING,
    ...(__DOCS__ && { doc: { type: 'string', description: 'Replaces the built-in system prompt entirely.' } }) },
  experimentalScriptExecutionTool: { group: 'experimental', check: BOOLEAN,
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'false', description: 'Offers execute_javascript (model-written scripts; blocked by a CSP without unsafe-eval).' } }) },
  experimentalLlmsTxt: { group: 'experimental', check: BOOLEAN,
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'false', description: "Adds the site's /llms.txt (fetched once per origin, 3 s timeout, 2,000 characters) to the instructions." } }) },
  onBeforeTask: { group: 'hooks', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(agent) => void | Promise<void>', description: 'Runs before a task; a throw ends the run with success false.' } }) },
  onAfterTask: { group: 'hooks', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(agent, result) => void | Promise<void>', description: 'Runs after a task, whatever its outcome.' } }) },
  onBeforeStep: { group: 'hooks', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(agent, stepIndex) => void | Promise<void>', description: 'Runs before each step (0-based index).' } }) },
  onAfterStep: { group: 'hooks', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(agent, history) => void | Promise<void>', description: 'Runs after each step with the history so far.' } }) },
  onDispose: { group: 'hooks', check: FUNCTION,
    ...(__DOCS__ && { doc: { type: '(agent, reason?) => void', description: 'Runs once when the agent is disposed.' } }) },
  enableMask: { group: 'page', default: true,
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'true (PageAgent)', pageAgentOnly: true, description: "Blocks the user's pointer while the agent works." } }) },
  redactSecrets: { group: 'page', check: BOOLEAN, default: true,
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'true', pageAgentOnly: true, description: 'Redacts secret shapes in page text and attributes (private keys, JWTs, API keys with known prefixes, bearer tokens, values of URL parameters named like token, key, sig or secret) and hides field values that are card numbers or IBANs; passwords, card and one-time-code fields and data-page-agent-mask are hidden whatever this says.' } }) },
  highlight: { group: 'page', check: HIGHLIGHT, default: 'action', attribute: 'highlight',
    ...(__DOCS__ && { doc: { type: "'action' | 'all' | boolean", pageAgentOnly: true, description: "'action' outlines and numbers only the element being acted on; 'all' (or true) numbers every listed element after each observation, as page-agent does; false draws no boxes." } }) },
  highlightOpacity: { group: 'page', check: OPACITY,
    ...(__DOCS__ && { doc: { type: 'number', default: '0.08', pageAgentOnly: true, description: "Opacity (0–1) of the highlight boxes' fill, as in page-agent (whose PageAgent draws 0)." } }) },
  highlightLabelOpacity: { group: 'page', check: OPACITY,
    ...(__DOCS__ && { doc: { type: 'number', default: '1', pageAgentOnly: true, description: "Opacity (0–1) of the index labels' background, as in page-agent (whose PageAgent draws 0.1)." } }) },
  // Read by the page controller and the panel of PageAgent, not through this table: for the docs only.
  ...(__DOCS__ && {
    viewportExpansion: { group: 'page',
      doc: { type: 'number', pageAgentOnly: true, description: '-1: the whole page with no budget; 0: the viewport only; N: the viewport plus N px. Changed from page-agent (-1): by default the whole page is read within tokenBudget, viewport first.' } },
    tokenBudget: { group: 'page',
      doc: { type: 'number', default: '2200', pageAgentOnly: true, description: 'Approximate token budget of the page text; what does not fit is summarised with a scroll hint.' } },
    interactiveBlacklist: { group: 'page',
      doc: { type: 'Array<Element | () => Element>', pageAgentOnly: true, description: 'Elements never indexed as interactive.' } },
    interactiveWhitelist: { group: 'page',
      doc: { type: 'Array<Element | () => Element>', pageAgentOnly: true, description: 'Elements always indexed as interactive.' } },
    includeAttributes: { group: 'page',
      doc: { type: 'string[]', pageAgentOnly: true, description: 'More attributes to show on element lines, besides the default choice (`*` globs such as data-* allowed); secret values stay masked.' } },
    ignoreElements: { group: 'page',
      doc: { type: 'Array<Element | () => Element>', pageAgentOnly: true, description: 'Elements the agent never reads or indexes, like data-page-agent-ignore (PageAgent adds its own panel).' } },
    showCursor: { group: 'page',
      doc: { type: 'boolean', default: 'true', pageAgentOnly: true, description: 'Shows an animated cursor moving to each action.' } },

    keepSemanticTags: { group: 'page',
      doc: { type: 'boolean', default: 'false', pageAgentOnly: true, description: 'Keeps landmarks (nav, menu, header, footer, aside, dialog) in the page text as `<nav>` lines that nest their content, as in page-agent.' } },
    promptForNextTask: { group: 'panel',
      doc: { type: 'boolean', default: 'true', pageAgentOnly: true, description: 'Show the task input again after a task ends.' } },
  }),
  frameMode: { group: 'agent', check: BOOLEAN, attribute: 'frame-mode',
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'false', pageAgentOnly: true, description: "For a script that is not on every page (a bookmarklet): while a task runs, a page of this site the tab would load opens in a full-window frame instead, so the agent goes on there (the address bar follows; Back past its first page closes it; dispose loads the frame's page in the tab). Sites that refuse framing are reported to the model. With the script on every page, tasks continue across pages without it." } }) },
  rememberTasks: { group: 'panel', check: BOOLEAN, attribute: 'remember-tasks',
    ...(__DOCS__ && { doc: { type: 'boolean', default: 'true', pageAgentOnly: true, description: "Keep recent tasks (ArrowUp recall) in the host page's localStorage under page-agent:recent-tasks; false never reads or writes it (script tag: data-remember-tasks=\"false\")." } }) },
  // Read by the panel of PageAgent; checked here, so a bad price is a ConfigError, not a silent missing cost.
  'pricing.promptPerToken': { group: 'panel', check: number(0),
    ...(__DOCS__ && { doc: { type: 'number', pageAgentOnly: true, description: 'Price of one prompt (input) token, so the panel shows the cost of a task beside its token usage; needs completionPerToken too.' } }) },
  'pricing.completionPerToken': { group: 'panel', check: number(0),
    ...(__DOCS__ && { doc: { type: 'number', pageAgentOnly: true, description: 'Price of one completion (output) token.' } }) },
  'pricing.cachedPromptPerToken': { group: 'panel', check: number(0),
    ...(__DOCS__ && { doc: { type: 'number', pageAgentOnly: true, description: 'Price of one cached prompt token; promptPerToken when not given.' } }) },
  'pricing.currency': { group: 'panel', check: STRING,
    ...(__DOCS__ && { doc: { type: 'string', default: "'$'", pageAgentOnly: true, description: 'Currency symbol or ISO code shown with the cost.' } }) },
} as const satisfies Record<string, OptionSpec>;

/** The name of an option (dotted when nested, as `instructions.system`). */
export type OptionName = keyof typeof OPTIONS;

/** The default of every option that has one, by name. */
export type OptionDefaults = {
  readonly [K in OptionName as (typeof OPTIONS)[K] extends { default: unknown } ? K : never]: (typeof OPTIONS)[K] extends { default: infer D } ? D : never;
};

/** An option table: OPTIONS, or another in tests of the code that reads it. */
export type OptionTable = Readonly<Record<string, OptionSpec>>;
