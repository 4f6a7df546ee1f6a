// What the MCP server drives, whichever way the page was reached: a Chromium it launched
// (browser-host.ts) or a tab the user paired (pair/paired-host.ts).
import type { AgentPageController, PageAgentCore, PageAgentTool } from 'drop-in-page-agent';
import type { TabInfo } from '../browser/tabs.js';

/** The tab actions run in, as far as the server's reports need it. */
export interface McpHostTab {
  isClosed(): boolean;
  url(): string;
}

/** A page (or browser) the MCP server's tools act on. */
export interface McpHost {
  readonly tabs: { readonly current: McpHostTab; list(): Promise<TabInfo[]> };
  /** The page controller of the current tab, with every action the MCP tools offer. */
  readonly controller: AgentPageController & Required<Pick<AgentPageController, 'pressKey' | 'hoverElement' | 'scrollToText'>>;
  /** The agent's tools, from which the MCP tools are generated. */
  readonly tools: ReadonlyMap<string, PageAgentTool>;
  /** navigate and tabs are offered (a launched browser; not a paired tab). */
  readonly browserTools: boolean;
  /** Notes about tabs and blocked navigations since the last call (told with the next result). */
  takeNotes(): string[];
  /** A fresh agent for one page_task, with the server's model; undefined when none is configured. */
  taskAgent(maxSteps?: number): PageAgentCore | undefined;
  /** How many remote actions have begun acting on a page (after approval), for telling a cut-short reply apart. */
  readonly actionsStarted: number;
  /** Called when the user presses Stop in a page's panel. */
  onUserStop?: () => void;
  close(): Promise<void>;
}
