// The config PageAgentCore holds: the options checked against the option table (config/), the page
// controller checked, the run defaults applied. Typed over the agent, so nothing here imports it.
import { checkOptions, ConfigError, defaultsOf } from '../config/index.js';
import type { AgentPageController } from '../tools/index.js';
import type { AgentHooks, AgentOptions, SupportedLanguage } from '../types.js';

/** The options with their run defaults applied, the hooks receiving `Agent`. */
export type ResolvedAgentConfig<Agent = any> = AgentOptions &
  AgentHooks<Agent> & { pageController: AgentPageController; maxSteps: number; language: SupportedLanguage };

/**
 * Checks every option that is set and returns the config with the agent's defaults applied.
 * baseURL and model may be missing here (a panel can ask for them); `requireRunnable` checks them before a run.
 */
export function resolveAgentConfig<C extends AgentOptions & { pageController: AgentPageController }>(config: C): C & { maxSteps: number; language: SupportedLanguage } {
  if (typeof config !== 'object' || config === null) throw new ConfigError('config', 'PageAgentCore needs a config object: { baseURL, model, pageController, … }.');
  checkOptions(config as unknown as Record<string, unknown>);
  const controller = (config as { pageController?: Partial<AgentPageController> }).pageController;
  if (!controller || typeof controller.getBrowserState !== 'function') {
    throw new ConfigError('pageController', 'Invalid config: `pageController` must be a PageController (it reads and acts on the page).');
  }
  const resolved: Record<string, unknown> = { ...(config as object) };
  for (const [name, value] of Object.entries(defaultsOf(['agent']))) resolved[name] ??= value;
  return resolved as unknown as C & { maxSteps: number; language: SupportedLanguage };
}
