// The machine-readable list of every option (name, type, default, one-line description), from which
// docs/configuration.md is generated. Plain data: a bundle that never reads it leaves it out.

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
  group: 'llm' | 'agent' | 'prompt' | 'tools' | 'hooks' | 'page' | 'panel' | 'experimental';
}

/** Every option with its type, default and a one-line description (for docs and tooling). */
export const CONFIG_OPTIONS: readonly ConfigOption[] = [
  { name: 'baseURL', type: 'string', description: 'OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 (required to run).', scope: 'core', group: 'llm' },
  { name: 'model', type: 'string', description: 'Model name, e.g. gpt-4.1-mini (required to run).', scope: 'core', group: 'llm' },
  { name: 'apiKey', type: 'string', description: 'API key sent as a Bearer token. In a public page prefer the relay proxy.', scope: 'core', group: 'llm' },
  { name: 'maxRetries', type: 'number', default: '2', description: 'Retries of a failed model call after the first attempt.', scope: 'core', group: 'llm' },
  { name: 'timeout', type: 'number', default: '120000', description: 'Per-request timeout in milliseconds.', scope: 'core', group: 'llm' },
  { name: 'headers', type: 'Record<string, string>', description: 'Extra request headers.', scope: 'core', group: 'llm' },
  { name: 'customFetch', type: 'typeof fetch', description: 'Replaces fetch for model calls (proxies, credentials).', scope: 'core', group: 'llm' },
  { name: 'transformRequestBody', type: '(body) => body | void', description: 'Rewrites each request body before it is sent.', scope: 'core', group: 'llm' },
  { name: 'retryDelay', type: 'number', default: '500', description: 'First backoff delay in milliseconds; it doubles (with jitter, at most 10 s) unless the server sends Retry-After.', scope: 'core', group: 'llm' },
  { name: 'temperature', type: 'number', description: 'Deprecated, as in page-agent: many models reject it; set it with transformRequestBody where verified.', scope: 'core', group: 'llm' },
  { name: 'debug', type: 'boolean | (message, detail?) => void', default: 'false', description: "The client's debug log (response repairs, quirks applied, retries): true logs with console.debug.", scope: 'core', group: 'llm' },
  { name: 'disableNamedToolChoice', type: 'boolean', default: 'false', description: 'Send tool_choice "required" instead of naming AgentOutput (for providers that reject named choice).', scope: 'core', group: 'llm' },
  { name: 'language', type: "'en-US' | 'zh-CN'", default: "'en-US'", description: 'Language of the system prompt and the panel.', scope: 'core', group: 'agent' },
  { name: 'maxSteps', type: 'number', default: '40', description: 'The exact maximum number of steps (model turns) per task; three before the end the model is told to wrap up, and the last step may only call done. Retries of a failed call are not steps.', scope: 'core', group: 'agent' },
  { name: 'stepDelay', type: 'number', description: 'Minimum pause between steps in seconds. Changed from page-agent (a fixed 0.4 s): steps always wait, at most 1 s, until the page stops changing.', scope: 'core', group: 'agent' },
  { name: 'approveAction', type: "'risky' | 'all' | (tool, input, context) => decision", description: "Approval before page actions: 'risky' asks the user about pay/buy/delete/transfer/confirm submits and leaving the site; 'all' asks every time; a function decides (true/false, 'ask', { allow: false, note }).", scope: 'core', group: 'agent' },
  { name: 'customTools', type: 'Record<string, PageAgentTool | null>', description: 'Adds tools made with tool(); a tool named like a built-in replaces it, null removes it.', scope: 'core', group: 'tools' },
  { name: 'instructions.system', type: 'string', description: 'Standing instructions added to every task.', scope: 'core', group: 'prompt' },
  { name: 'instructions.getPageInstructions', type: '(url) => string | null | undefined', description: 'Instructions for the current page, asked before each step.', scope: 'core', group: 'prompt' },
  { name: 'transformPageContent', type: '(content) => string | Promise<string>', description: 'Rewrites the page text before the model sees it (e.g. mask data).', scope: 'core', group: 'prompt' },
  { name: 'customSystemPrompt', type: 'string', description: 'Replaces the built-in system prompt entirely.', scope: 'core', group: 'prompt' },
  { name: 'experimentalScriptExecutionTool', type: 'boolean', default: 'false', description: 'Offers execute_javascript (model-written scripts; blocked by a CSP without unsafe-eval).', scope: 'core', group: 'experimental' },
  { name: 'experimentalLlmsTxt', type: 'boolean', default: 'false', description: "Adds the site's /llms.txt (fetched once per origin, 3 s timeout, 2,000 characters) to the instructions.", scope: 'core', group: 'experimental' },
  { name: 'onBeforeTask', type: '(agent) => void | Promise<void>', description: 'Runs before a task; a throw ends the run with success false.', scope: 'core', group: 'hooks' },
  { name: 'onAfterTask', type: '(agent, result) => void | Promise<void>', description: 'Runs after a task, whatever its outcome.', scope: 'core', group: 'hooks' },
  { name: 'onBeforeStep', type: '(agent, stepIndex) => void | Promise<void>', description: 'Runs before each step (0-based index).', scope: 'core', group: 'hooks' },
  { name: 'onAfterStep', type: '(agent, history) => void | Promise<void>', description: 'Runs after each step with the history so far.', scope: 'core', group: 'hooks' },
  { name: 'onDispose', type: '(agent, reason?) => void', description: 'Runs once when the agent is disposed.', scope: 'core', group: 'hooks' },
  { name: 'enableMask', type: 'boolean', default: 'true (PageAgent)', description: "Blocks the user's pointer while the agent works.", scope: 'PageAgent', group: 'page' },
  { name: 'viewportExpansion', type: 'number', description: '-1: the whole page with no budget; 0: the viewport only; N: the viewport plus N px. Changed from page-agent (-1): by default the whole page is read within tokenBudget, viewport first.', scope: 'PageAgent', group: 'page' },
  { name: 'tokenBudget', type: 'number', default: '2200', description: 'Approximate token budget of the page text; what does not fit is summarised with a scroll hint.', scope: 'PageAgent', group: 'page' },
  { name: 'interactiveBlacklist', type: 'Array<Element | () => Element>', description: 'Elements never indexed as interactive.', scope: 'PageAgent', group: 'page' },
  { name: 'interactiveWhitelist', type: 'Array<Element | () => Element>', description: 'Elements always indexed as interactive.', scope: 'PageAgent', group: 'page' },
  { name: 'includeAttributes', type: 'string[]', description: 'More attributes to show on element lines, besides the default choice (`*` globs such as data-* allowed); secret values stay masked.', scope: 'PageAgent', group: 'page' },
  { name: 'highlight', type: 'boolean', default: 'true', description: 'Draws index labels over elements after each observation.', scope: 'PageAgent', group: 'page' },
  { name: 'ignoreElements', type: 'Array<Element | () => Element>', description: 'Elements the agent never reads or indexes, like data-page-agent-ignore (PageAgent adds its own panel).', scope: 'PageAgent', group: 'page' },
  { name: 'showCursor', type: 'boolean', default: 'true', description: 'Shows an animated cursor moving to each action.', scope: 'PageAgent', group: 'page' },
  { name: 'promptForNextTask', type: 'boolean', default: 'true', description: 'Show the task input again after a task ends.', scope: 'PageAgent', group: 'panel' },
  { name: 'rememberTasks', type: 'boolean', default: 'true', description: "Keep recent tasks (ArrowUp recall) in the host page's localStorage under page-agent:recent-tasks; false never reads or writes it (script tag: data-remember-tasks=\"false\").", scope: 'PageAgent', group: 'panel' },
  { name: 'pricing', type: '{ promptPerToken, completionPerToken, cachedPromptPerToken? }', description: 'Prices per token, so the panel shows the cost of a task beside its token usage.', scope: 'PageAgent', group: 'panel' },
];
