// The MCP host of `mcp --pair`: the tab the user paired, driven in place through its page's remote
// run; page_task runs an agent in Node with the server's model on that tab. No navigate and no tabs
// tool: the user's browser is theirs.
import { PageAgentCore, type SupportedLanguage } from 'drop-in-page-agent';
import type { LlmSettings } from '../../cli/llm-settings.js';
import type { McpHost } from '../mcp-host.js';
import { PairedPageController } from './paired-page-controller.js';
import { startPairServer, type PairedTab, type PairServer } from './pair-server.js';
import type { PairingCodes } from './pairing-codes.js';

/** How the pairing host is set up. */
export interface PairedHostOptions {
  /** The pairing server's port on 127.0.0.1 (0: any free port). */
  port: number;
  approval: 'off' | 'risky' | 'all';
  language?: SupportedLanguage;
  /** The server's own model, for page_task (none: page_task is not offered). */
  llm?: LlmSettings;
  maxSteps?: number;
  /** Lines for the terminal (stderr). */
  log(line: string): void;
  /** The pairing codes (tests pass a fixed clock). */
  codes?: PairingCodes;
}

/** The paired-tab host, plus what the command and tests need: the pairing server and the client's name. */
export interface PairedHost extends McpHost {
  readonly server: PairServer;
  /** The paired tab, if one is paired now. */
  readonly tab: PairedTab | undefined;
  /** The MCP client's name, shown in the page ("Controlled by … via MCP"). */
  setClient(name: string): void;
}

/** How to pair a tab, for the client to pass on to the user. */
function pairingHelp(server: PairServer): string {
  const offer = server.offer();
  return [
    `Ask the user to open the tab they want you to work in (a page with the page agent script), run this in its console, and accept the pairing in the page's panel; the terminal of the server shows the same code (${offer.code}, valid for 2 minutes):`,
    offer.snippet,
  ].join('\n');
}

/** Starts the pairing server and returns the host the MCP server drives; the terminal shows the first code. */
export async function startPairedHost(options: PairedHostOptions): Promise<PairedHost> {
  let client = 'an MCP client';
  let tab: PairedTab | undefined;
  let gone: string | undefined;
  let started = 0;
  const notes: string[] = [];
  let host: PairedHost | undefined;
  const server = await startPairServer(
    options.port,
    {
      log: options.log,
      describe: () => ({ client, approval: options.approval === 'off' ? undefined : options.approval, language: options.language }),
      onPaired(paired) {
        tab = paired;
        gone = undefined;
        notes.push(`A tab was paired: ${paired.url}.`);
      },
      onGone(paired, reason) {
        if (tab !== paired) return;
        tab = undefined;
        gone = reason;
      },
      onActing: () => void started++,
      onStop: () => {
        options.log('The user pressed Stop in the paired tab.');
        host?.onUserStop?.();
      },
    },
    options.codes,
  );
  const controller = new PairedPageController({ tab: () => tab, gone: () => gone, help: () => pairingHelp(server), acting: () => started });
  const catalog = new PageAgentCore({ pageController: controller, baseURL: 'http://catalog.invalid/v1', model: 'none' });
  // The tab as the server's reports see it: the paired controller reports a tab gone itself.
  const current = { isClosed: () => false, url: () => tab?.url ?? '' };
  host = {
    server,
    get tab() {
      return tab;
    },
    setClient(name) {
      client = name;
    },
    tabs: {
      current,
      list: async () => (tab ? [{ index: 0, url: tab.url, title: tab.title, current: true }] : []),
    },
    controller,
    tools: catalog.tools,
    browserTools: false,
    get actionsStarted() {
      return started;
    },
    takeNotes: () => notes.splice(0),
    taskAgent(maxSteps) {
      const llm = options.llm;
      if (!llm) return undefined;
      return new PageAgentCore({ pageController: controller, ...llm, maxSteps: maxSteps ?? options.maxSteps, language: options.language });
    },
    close: () => server.close(),
  };
  return host;
}
