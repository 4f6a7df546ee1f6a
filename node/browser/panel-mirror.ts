// The panel of a headed run: each page shows the bundle's own panel, bound to a mirror of the agent
// that runs in Node (page-bridge.ts). This keeps the mirror current from the agent's public events
// and lets the panel's Stop button stop the run. Pushes to a page that is navigating are dropped: the
// next event shows the whole state on the new page.
import type { AgentActivity, PageAgentCore } from 'drop-in-page-agent';
import type { BrowserContext } from 'playwright-core';
import { BRIDGE_KEY, STOP_BINDING } from './page-bridge.js';
import type { TabSet } from './tabs.js';

/** The run's state as the panel reads it, without the raw model requests and responses. */
function stateOf(agent: PageAgentCore) {
  const history = agent.history.map((event) => {
    if (!('rawResponse' in event) && !('rawRequest' in event)) return event;
    const { rawResponse: _response, rawRequest: _request, ...rest } = event as typeof event & { rawRequest?: unknown };
    return rest;
  });
  return { status: agent.status, task: agent.task, history };
}

/** Mirrors `agent` into the panel of the current tab; resolves once the Stop binding is in place. */
export async function mirrorRunInPanel(agent: PageAgentCore, tabs: TabSet, context: BrowserContext): Promise<void> {
  await context.exposeBinding(STOP_BINDING, () => void agent.stop());
  let latest: AgentActivity | undefined;
  const push = (activity?: AgentActivity) => {
    latest = activity ?? latest;
    const page = tabs.current;
    if (page.isClosed()) return;
    void page
      .evaluate(
        ([key, state, detail]) => {
          const bridge = (window as unknown as Record<symbol, { showRun?(state: unknown, activity: unknown): void } | undefined>)[Symbol.for(key)];
          bridge?.showRun?.(state, detail);
        },
        [BRIDGE_KEY, stateOf(agent), activity ?? null] as const,
      )
      .catch(() => undefined);
  };
  agent.addEventListener('statuschange', () => push());
  agent.addEventListener('historychange', () => push());
  agent.addEventListener('activity', (event) => push((event as CustomEvent<AgentActivity>).detail));
}
