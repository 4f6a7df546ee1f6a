// The MCP host of `mcp --pair`: the tab the user paired (pair-server.ts), driven in place. Page reads
// and actions go over the pairing's WebSocket to the page's remote run (approval, panel steps, Stop);
// page_task runs an agent in Node with the server's model whose page controller is that tab. There
// is no navigate and no tabs tool: the user's browser is theirs.
import { PageAgentCore, type ActionResult, type AgentPageController, type BrowserState, type SupportedLanguage } from 'drop-in-page-agent';
import { NodeRunError } from '../../errors.js';
import type { LlmSettings } from '../../cli/llm-settings.js';
import type { McpHost } from '../mcp-host.js';
import { PairGoneError, startPairServer, type PairedTab, type PairServer } from './pair-server.js';
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

/** Forwards the agent's page calls to the paired tab; a tab that goes away is an action's result, not a throw. */
class PairedPageController implements AgentPageController {
  constructor(readonly host: { tab(): PairedTab | undefined; gone(): string | undefined; help(): string; acting(): number }) {}

  /** The result text of a call when no tab is paired. */
  #notPaired(): string {
    const gone = this.host.gone();
    return `${gone ? `The paired tab is gone (${gone}); no tab is paired now.` : 'No tab is paired yet.'}\n${this.host.help()}`;
  }

  async getBrowserState(): Promise<BrowserState> {
    const tab = this.host.tab();
    if (!tab) throw new NodeRunError('browser', this.#notPaired());
    try {
      const state = (await tab.call('getBrowserState', [])) as BrowserState;
      tab.url = state.url;
      tab.title = state.title;
      return state;
    } catch (error) {
      if (error instanceof PairGoneError) throw new NodeRunError('browser', `The paired tab went away while it was read (${error.message}).\n${this.host.help()}`);
      throw error;
    }
  }

  clickElement(index: number): Promise<ActionResult> {
    return this.#act('click', 'clickElement', [index]);
  }

  inputText(index: number, text: string): Promise<ActionResult> {
    return this.#act('type', 'inputText', [index, text]);
  }

  selectOption(index: number, optionText: string): Promise<ActionResult> {
    return this.#act('select', 'selectOption', [index, optionText]);
  }

  scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number }): Promise<ActionResult> {
    return this.#act('scroll', 'scroll', [options]);
  }

  scrollHorizontally(options: { right: boolean; pixels: number; index?: number }): Promise<ActionResult> {
    return this.#act('scroll', 'scrollHorizontally', [options]);
  }

  pressKey(key: string, index?: number): Promise<ActionResult> {
    return this.#act('press_key', 'pressKey', [key, index]);
  }

  hoverElement(index: number): Promise<ActionResult> {
    return this.#act('hover', 'hoverElement', [index]);
  }

  scrollToText(text: string, nth?: number): Promise<ActionResult> {
    return this.#act('scroll_to_text', 'scrollToText', [text, nth]);
  }

  // The page's own remote run shows its mask and highlights; nothing to do from here.
  async cleanUpHighlights(): Promise<void> {}
  async showMask(): Promise<void> {}
  async hideMask(): Promise<void> {}
  dispose(): void {}

  /** One action in the paired tab; when the tab goes away first, whether it began decides what is reported. */
  async #act(name: string, method: string, args: unknown[]): Promise<ActionResult> {
    const tab = this.host.tab();
    if (!tab) return { success: false, message: this.#notPaired() };
    const started = this.host.acting();
    try {
      const result = (await tab.call(method, args)) as ActionResult;
      // The bridge lives in this document only: a new one is not paired.
      if (/A page navigation started/.test(result.message)) return { ...result, message: `${result.message} The pairing ends with this page: ask the user to pair the new page to go on.` };
      return result;
    } catch (error) {
      if (!(error instanceof PairGoneError)) return { success: false, message: `${name} failed in the page: ${(error as Error).message}` };
      const began = this.host.acting() > started;
      const destination = error.leaving.destination;
      // A click that took the page elsewhere is done; the pairing ended with the page.
      if (began && destination) {
        return { success: true, message: `Done; the page is going to ${destination}. The pairing ended with the page it was made in: ask the user to pair the new page to go on.` };
      }
      const outcome = began ? 'it began but may not have completed' : 'it was not run';
      return { success: false, message: `The paired tab went away during ${name} (${error.message}); ${outcome}. No tab is paired now.\n${this.host.help()}` };
    }
  }
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
      describe: () => ({ client, approval: options.approval === 'off' ? undefined : options.approval }),
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
