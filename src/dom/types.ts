// Types shared by perception, actions and overlays. Plain data only.

/** The outcome of a page action. Actions never throw; failures are values the model can act on. */
export interface ActionResult {
  success: boolean;
  message: string;
}

/** The page as the model reads it (page-agent 1.x shape). */
export interface BrowserState {
  url: string;
  title: string;
  header: string;
  content: string;
  footer: string;
}

/** An element given directly or by a function evaluated at each observation. */
export type ElementRef = Element | (() => Element | null | undefined);

/** Perception and controller options; names and meanings follow page-agent 1.x where they exist. */
export interface PageControllerConfig {
  /** Block the user's pointer while the agent runs. page-agent default: false for the core, true in PageAgent. */
  enableMask?: boolean;
  /** -1: the whole page with no budget; 0: the viewport only; N: the viewport plus N px. Default: full page within the token budget. */
  viewportExpansion?: number;
  /** Elements never indexed as interactive. */
  interactiveBlacklist?: ElementRef[];
  /** Elements always indexed as interactive. */
  interactiveWhitelist?: ElementRef[];
  /** More attributes to show on element lines, besides the default choice (as in page-agent; `*` globs allowed, e.g. `data-*`). Secret values stay masked. */
  includeAttributes?: string[];
  /**
   * Highlight boxes with index labels: `'action'` outlines only the element being acted on, `'all'`
   * (or `true`) numbers every listed element after each observation, `false` draws none. @default 'action'
   */
  highlight?: boolean | 'all' | 'action';
  /** Approximate token budget of the page text when viewportExpansion is not -1; what does not fit is summarised. @default 2200 */
  tokenBudget?: number;
  /** The agent's own UI (panel host): never read, never indexed, never hit-tested as a cover. */
  ignoreElements?: ElementRef[];
  /** Show an animated cursor that moves to each action point. @default true */
  showCursor?: boolean;
  /** Redact secret shapes (private keys, JWTs, API keys, bearer tokens, token-like URL query values) and hide card-number and IBAN field values in everything read from the page. @default true */
  redactSecrets?: boolean;
  /** Keep landmarks (nav, menu, header, footer, aside, dialog) as `<nav>` lines nesting their content, as page-agent does. @default false */
  keepSemanticTags?: boolean;
  /** Opacity (0–1) of the fill of highlight boxes, as in page-agent. @default 0.08 */
  highlightOpacity?: number;
  /** Opacity (0–1) of the background of the index labels on highlight boxes, as in page-agent. @default 1 */
  highlightLabelOpacity?: number;
}
