// The agent as the loop's modules see it: the public fields of PageAgentCore they read and the event
// target they dispatch on. A structural type, so nothing under agent/ imports agent.ts.
import type { AgentPageController } from '../tools/index.js';
import type { HistoricalEvent, PageAgentTool } from '../types.js';
import type { AskUserHandler } from './ask-user.js';
import type { ResolvedAgentConfig } from './core-config.js';

/** What the step loop reads from the agent it runs for; also `this` of tools, hooks and handlers. */
export interface LoopAgent extends EventTarget {
  readonly config: ResolvedAgentConfig;
  /** Every tool the agent has, by name. */
  readonly tools: Map<string, PageAgentTool>;
  readonly pageController: AgentPageController;
  /** The host's question handler bound to the run, or undefined when there is none. */
  readonly onAskUser: AskUserHandler | undefined;
  task: string;
  /** The run's history: what the model sees next step. */
  history: HistoricalEvent[];
}
