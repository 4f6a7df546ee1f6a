// The tools the agent has only when it runs from Node: navigate, open_new_tab, switch_tab,
// close_tab, go_back and extract. They act on the run's tabs through Playwright, not in the page.
import { schema, type PageAgentTool } from 'drop-in-page-agent';
import type { Page } from 'playwright-core';
import type { TabSet } from '../browser/tabs.js';
import { BRIDGE_KEY } from '../browser/page-bridge.js';
import type { OriginPolicy } from './origin-policy.js';
import { answerFromPageText, type AnswerEndpoint } from './page-text-answer.js';

/** What the tools need from the run. */
export interface BrowserToolHost {
  tabs: TabSet;
  origins: OriginPolicy;
  endpoint: AnswerEndpoint;
  /** Called with each page an answer was extracted from (the run's sources). */
  onSource(url: string): void;
}

const NAVIGATION_TIMEOUT = 30_000;

/** Opens `url` in `page`, answering the model with where it landed or why it could not. */
async function openIn(page: Page, url: string, host: BrowserToolHost): Promise<string> {
  let target: URL;
  try {
    target = new URL(url, page.url() === 'about:blank' ? undefined : page.url());
  } catch {
    return `"${url}" is not a URL; give a full address such as https://example.com/page.`;
  }
  if (!/^https?:$|^file:$/.test(target.protocol)) return `Only http and https addresses can be opened, not "${target.protocol}".`;
  if (!host.origins.allows(target.href)) return `${target.origin} is not an allowed origin (allowed: ${host.origins.describe()}).`;
  try {
    const response = await page.goto(target.href, { waitUntil: 'domcontentloaded', timeout: NAVIGATION_TIMEOUT });
    const status = response && response.status() >= 400 ? ` (HTTP ${response.status()})` : '';
    return `Opened ${page.url()}${status}: "${await page.title().catch(() => '')}".`;
  } catch (error) {
    return `Could not open ${target.href}: ${String((error as Error).message ?? error).split('\n')[0]}`;
  }
}

/** Reads the whole text of a page through the bridge. */
export async function pageText(page: Page): Promise<{ url: string; title: string; text: string }> {
  const text = await page.evaluate((key) => {
    const bridge = (window as unknown as Record<symbol, { text(): { url: string; title: string; text: string } } | undefined>)[Symbol.for(key)];
    return bridge ? bridge.text() : { url: location.href, title: document.title, text: document.body?.innerText ?? '' };
  }, BRIDGE_KEY);
  return text;
}

/** The Node-only tools, by model-facing name. */
export function browserTools(host: BrowserToolHost): Record<string, PageAgentTool> {
  const tabIndex = () => schema.int().describe('tab number from the tab list');
  return {
    navigate: {
      description: 'Open a URL in the current tab.',
      inputSchema: schema.object({ url: schema.string() }),
      execute: async (input: { url: string }) => openIn(host.tabs.current, input.url, host),
    },
    open_new_tab: {
      description: 'Open a URL in a new tab and switch to it (the current tab stays open).',
      inputSchema: schema.object({ url: schema.string() }),
      execute: async (input: { url: string }) => {
        const page = await host.tabs.open();
        return `Tab ${host.tabs.indexOf(page)}: ${await openIn(page, input.url, host)}`;
      },
    },
    switch_tab: {
      description: 'Switch to another open tab.',
      inputSchema: schema.object({ tab: tabIndex() }),
      execute: async (input: { tab: number }) =>
        (await host.tabs.switchTo(input.tab)) ? `Now in tab ${input.tab}: ${host.tabs.current.url()}.` : `There is no tab ${input.tab}.`,
    },
    close_tab: {
      description: 'Close a tab (default: the current one) and go back to the previous tab.',
      inputSchema: schema.object({ tab: schema.optional(tabIndex()) }),
      execute: async (input: { tab?: number }) => host.tabs.close(input.tab),
    },
    go_back: {
      description: 'Go back to the previous page in the current tab.',
      inputSchema: schema.object({}),
      execute: async () => {
        const page = host.tabs.current;
        const response = await page.goBack({ waitUntil: 'domcontentloaded', timeout: NAVIGATION_TIMEOUT }).catch((error: Error) => error);
        if (response instanceof Error) return `Could not go back: ${response.message.split('\n')[0]}`;
        return response === null ? 'There is no previous page in this tab.' : `Back on ${page.url()}.`;
      },
    },
    extract: {
      description: "Answer a question from the whole text of the current page, including what the page listing leaves out. Use it to read articles, tables and long pages.",
      inputSchema: schema.object({ question: schema.string() }),
      execute: async (input: { question: string }, { signal }: { signal: AbortSignal }) => {
        const page = host.tabs.current;
        const text = await pageText(page).catch(() => null);
        if (!text) return 'The page text could not be read (the page is loading or gone); try again.';
        try {
          const answer = await answerFromPageText(host.endpoint, input.question, text, signal);
          host.onSource(text.url);
          return `From ${text.url}: ${answer}`;
        } catch (error) {
          if (signal.aborted) throw error;
          return `extract failed: ${(error as Error).message}`;
        }
      },
    },
  };
}

/** The tab list for the page header, or '' while there is one tab. */
export async function describeTabs(tabs: TabSet): Promise<string> {
  const list = await tabs.list();
  if (list.length < 2) return '';
  const lines = list.map((tab) => `${tab.current ? '*' : ' '}[tab ${tab.index}] ${tab.title || '(untitled)'} ${tab.url}`);
  return `Open tabs (* = current):\n${lines.join('\n')}`;
}
