// The page controller of a paired tab: each call goes over the pairing WebSocket to the page's remote
// run. A tab that goes away is an action's result (not run, or possibly incomplete once it began).
import type { ActionResult, AgentPageController, BrowserState } from 'drop-in-page-agent';
import { NodeRunError } from '../../errors.js';
import { PairGoneError, type PairedTab } from './pair-server.js';

/** Forwards the agent's page calls to the paired tab; a tab that goes away is an action's result, not a throw. */
export class PairedPageController implements AgentPageController {
  constructor(
    readonly host: {
      /** The paired tab, if any. */
      tab(): PairedTab | undefined;
      /** Why the last paired tab went away, if it did. */
      gone(): string | undefined;
      /** How to pair a tab (the code and snippet). */
      help(): string;
      /** How many remote actions have begun acting. */
      acting(): number;
    },
  ) {}

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
