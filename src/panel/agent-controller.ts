// A Lit ReactiveController that mirrors an agent's state for the panel: status, history,
// live activity text and token usage. It subscribes in hostConnected and unsubscribes in hostDisconnected.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentActivity, AgentStatus, HistoricalEvent, Usage } from '../types.js';
import { describeActivity } from './describe-action.js';
import type { MessageKey, Translate } from './i18n.js';
import type { PanelAgent, RunControlState } from './types.js';

/** How the status dot looks: what kind of thing is happening. */
export type ActivityKind = 'idle' | 'thinking' | 'acting' | 'retrying' | 'waiting' | 'error' | 'done' | 'failed' | 'paused';

const EVENTS = ['statuschange', 'historychange', 'activity', 'controlchange'] as const;

/** What the controller needs besides the agent: the current translator, element descriptions, and an activity hook. */
export interface AgentControllerOptions {
  t: () => Translate;
  describe?: (index: number) => string | undefined;
  onActivity?: (activity: AgentActivity) => void;
  /** Called when a run starts (true) or ends (false), before the host re-renders. */
  onRun?: (started: boolean) => void;
}

/** Mirrors one agent's events into fields the host renders; the host re-renders on every change. */
export class AgentController implements ReactiveController {
  status: AgentStatus = 'idle';
  history: readonly HistoricalEvent[] = [];
  task = '';
  controlState: RunControlState = 'running';
  /** The live status line. */
  statusText: string;
  kind: ActivityKind = 'idle';
  /** What the model has said so far of the reply it is streaming (its evaluation, then its next goal). */
  live?: string;
  /** Set when `stop()` was called and the run has not settled yet. */
  stopping = false;

  readonly #host: ReactiveControllerHost;
  readonly #agent: PanelAgent;
  readonly #options: AgentControllerOptions;
  #connected = false;

  constructor(host: ReactiveControllerHost, agent: PanelAgent, options: AgentControllerOptions) {
    this.#host = host;
    this.#agent = agent;
    this.#options = options;
    this.statusText = options.t()('ready');
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#connected) return;
    this.#connected = true;
    for (const type of EVENTS) this.#agent.addEventListener(type, this.#onEvent);
    this.refresh();
  }

  hostDisconnected(): void {
    this.#connected = false;
    for (const type of EVENTS) this.#agent.removeEventListener(type, this.#onEvent);
  }

  /** Token usage summed over the steps of the current task. */
  get usage(): Usage {
    const total: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0, cachedTokens: 0 };
    for (const event of this.history) {
      if (event.type === 'step' && event.usage) for (const key of Object.keys(total) as Array<keyof Usage>) total[key]! += event.usage[key] || 0;
    }
    return total;
  }

  /**
   * Why the last run failed when no step says it (maxSteps, the token budget, a failing hook): the
   * result's text, unless the last history event already carries it.
   */
  get failure(): string | undefined {
    const result = this.#agent.lastResult;
    const data = result?.success === false && this.task && !this.running && result.data;
    return typeof data === 'string' && (this.history[this.history.length - 1] as { message?: string } | undefined)?.message !== data ? data : undefined;
  }

  /** The step in progress and the step budget while running, when the agent tells its `maxSteps`. */
  get progress(): { n: number; max: number } | undefined {
    const max = this.#agent.config?.maxSteps;
    if (!this.running || !max) return undefined;
    const taken = this.history.filter((event) => event.type === 'step').length;
    return { n: Math.min(taken + 1, max), max };
  }

  /** Whether the run is going (running status, including paused and taken over). */
  get running(): boolean {
    return this.status === 'running';
  }

  /** Records a pause request on a core that does not report `controlState` itself. */
  markPausing(): void {
    if (this.#agent.controlState !== undefined) return;
    this.controlState = 'pausing';
    this.#syncControl();
    this.#host.requestUpdate();
  }

  /** Marks a stop in progress until the status changes. */
  markStopping(): void {
    this.stopping = true;
    this.statusText = this.#options.t()('stopping');
    this.#host.requestUpdate();
  }

  #onEvent = (event: Event): void => {
    switch (event.type) {
      case 'activity':
        this.#onActivity((event as CustomEvent<AgentActivity>).detail);
        break;
      case 'historychange':
        this.history = [...this.#agent.history];
        this.task = this.#agent.task;
        break;
      default:
        this.refresh();
    }
    this.#host.requestUpdate();
  };

  #onActivity(activity: AgentActivity | undefined): void {
    if (!activity) return;
    this.live = activity.type === 'streaming' ? activity.text : undefined;
    this.#options.onActivity?.(activity);
    // A core without PageAgent's controlState still reports pauses through activity.
    if (this.#agent.controlState === undefined) {
      if (activity.type === 'paused') this.controlState = 'paused';
      else if (this.controlState === 'paused' || this.controlState === 'pausing') this.controlState = 'running';
    }
    if (this.status !== 'running') return;
    if (this.controlState !== 'running') {
      this.#syncControl();
      return;
    }
    this.statusText = describeActivity(this.#options.t(), activity, this.#options.describe);
    this.kind = KIND[activity.type] ?? (activity.type as ActivityKind);
  }

  #syncControl(): void {
    if (this.controlState === 'running') return;
    this.statusText = this.#options.t()(this.controlState === 'takeover' ? 'takenOver' : this.controlState);
    this.kind = 'paused';
  }

  /** Re-reads everything (after a language change, or when first connected). */
  refresh(): void {
    const agent = this.#agent;
    const previous = this.status;
    this.status = agent.status;
    this.history = [...agent.history];
    this.task = agent.task;
    if (agent.controlState !== undefined) this.controlState = agent.controlState;
    else if (this.status !== 'running') this.controlState = 'running';
    if (this.status !== 'running') this.stopping = false, (this.live = undefined);
    // Each start and end is reported, even when a run starts and ends between two renders.
    if ((previous === 'running') !== (this.status === 'running')) this.#options.onRun?.(this.status === 'running');
    const t = this.#options.t();
    if (this.status === 'running') {
      if (this.controlState !== 'running') this.#syncControl();
      else if (previous !== 'running' || this.kind === 'paused') [this.statusText, this.kind] = [t('thinking'), 'thinking'];
      return;
    }
    const end = this.status === 'completed' && agent.lastResult?.success === false ? 'failed' : this.status;
    const settled = END_STATE[end];
    if (settled) [this.statusText, this.kind] = [t(settled[0]), settled[1]];
  }
}

/** Status text and dot for a settled run (by status, and 'failed' for a completed run that gave up). */
const END_STATE: Record<string, [MessageKey, ActivityKind]> = {
  idle: ['ready', 'idle'],
  completed: ['completed', 'done'],
  failed: ['failed', 'failed'],
  stopped: ['stopped', 'idle'],
  error: ['errored', 'error'],
};

/** The dot of each activity whose kind is not named like the activity itself. */
const KIND: Partial<Record<AgentActivity['type'], ActivityKind>> = {
  streaming: 'thinking',
  executing: 'acting',
  executed: 'acting',
  approval: 'waiting',
  asking: 'waiting',
};
