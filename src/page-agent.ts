// PageAgent = PageAgentCore + PageController (mask on by default) + Panel. Wiring only: the loop,
// the page and the UI each live in their own modules and meet here.
import { PageAgentCore, type AgentConfig, type ExecutionResult } from './agent.js';
import { LLM } from './llm/index.js';
import { carryAcrossPages } from './agent/cross-page.js';
import { followInFrame } from './agent/frame-mode.js';
import { missingSettings, OPTIONS } from './config/index.js';
import { computeName, PageController, type PageControllerConfig } from './dom/index.js';
import { Panel, type PanelConfig } from './panel/index.js';

/** Options of `new PageAgent()`: agent, page-controller and panel options (page-agent 1.x names, ours marked). */
export type PageAgentConfig = AgentConfig &
  PageControllerConfig & {
    /** Show the task input again after a task ends. @default true */
    promptForNextTask?: boolean;
    /** Ours: prices per token, to show the cost of a task in the panel. */
    pricing?: PanelConfig['pricing'];
    /** Ours: keep recent tasks (ArrowUp recall) in the page's `localStorage`; `false` never touches it. @default true */
    rememberTasks?: boolean;
    /** Ours: for a script not on every page (a bookmarklet), pages of this site a task opens load in a full-window frame so the task goes on. @default false */
    frameMode?: boolean;
  };

/** The agent with its floating panel: the quickest way to give a page an AI operator. */
export class PageAgent extends PageAgentCore {
  /** The floating panel (hidden until `panel.show()` or the first task). */
  readonly panel: Panel;
  /**
   * Ours: the task a previous page of this tab and origin left running, continued here (or its
   * stored result, when it ended on the way); null when there was none. Never rejects.
   */
  readonly resumed: Promise<ExecutionResult | null>;

  constructor(config: PageAgentConfig) {
    let panelHost: Element | undefined;
    const enableMask = config.enableMask ?? OPTIONS.enableMask.default;
    const pageController = new PageController({
      ...config,
      enableMask,
      // The panel is the agent's own UI: never read, never indexed, never taken for a covering element.
      ignoreElements: [...(config.ignoreElements ?? []), () => panelHost],
    });
    // page-agent keeps controller options in agent.config too; so do we (enableMask shows its default).
    const coreConfig = { ...config, enableMask, pageController };
    super(coreConfig);
    this.panel = new Panel(this, {
      language: this.config.language,
      promptForNextTask: config.promptForNextTask,
      pricing: config.pricing,
      rememberTasks: config.rememberTasks,
      // Steps name elements as people do: the accessible name, else the description's text.
      describeElement: (index) => {
        const found = pageController.registry.resolve(index);
        return (found.ok && computeName(found.element).name) || found.description;
      },
      elementAt: (index) => {
        const found = pageController.registry.resolve(index!);
        return found.ok ? found.element : undefined;
      },
      missingConfig: missingSettings(config as unknown as Record<string, unknown>),
      checkSetup: () => new LLM(config).setupProblem(),
      endpoint: config.baseURL,
    });
    panelHost = this.panel.wrapper;
    this.resumed = carryAcrossPages(this, this.panel);
    if (config.frameMode) followInFrame(this, pageController);
  }
}
