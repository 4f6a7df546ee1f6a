// PageAgentCore: the page-agent 1.x API over one task's run: lifecycle, status, events, stop, pause,
// take-over and continuation. The steps themselves run in agent/step-loop.ts; tool bodies live in
// tools/, prompt text in prompt/.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { createToolRegistry, outputSchemaOf, type AgentPageController } from './tools/index.js';
import { resolveAgentConfig, type ResolvedAgentConfig } from './agent/core-config.js';
import { createAgentLLM } from './agent/create-llm.js';
import { AgentStateError, quietly } from './agent/errors.js';
import type { RunControlState } from './agent/run-control.js';
import type { Outcome } from './agent/run-outcome.js';
import { StepLoop } from './agent/step-loop.js';
import { ConfigError, requireRunnable } from './config/index.js';
import { earlierEntry, formatEarlierTasks } from './prompt/index.js';
import { SHORTENED_NOTE } from './agent/notes.js';
import type { AgentHooks, AgentOptions, AgentStatus, ApprovalDecision, ExecuteOptions, ExecutionResult, HistoricalEvent, PageAgentTool } from './types.js';
import { callHook, emitActivity, emitHistory, recordEvent, recordRetry } from './agent/agent-events.js';
import { askUser, type AskUserHandler } from './agent/ask-user.js';
import { checkTaskRunState, TaskRun, type TaskRunState } from './agent/task-run.js';

export * from './types.js';
export { tool } from './tools/index.js';
export { riskyActionPolicy, assessRisk, findRiskyWord, type AgentPageController, type RiskAssessment } from './tools/index.js';
export { ConfigError, CONFIG_OPTIONS, OPTION_DEFAULTS as AGENT_DEFAULTS, type ConfigOption } from './config/index.js';
export { AgentStateError, type AgentStateErrorCode } from './agent/errors.js';
export type { RunControlState } from './agent/run-control.js';
export type { AskUserHandler } from './agent/ask-user.js';
export { TASK_RUN_VERSION, type TaskRunState } from './agent/task-run.js';
export type { NoteQueueState } from './agent/note-queue.js';

const newId = () => Math.random().toString(36).slice(2, 11);

/** Agent options (page-agent 1.x names and meanings; additions are marked as ours) and hooks. */
export interface AgentConfig extends AgentOptions, AgentHooks<PageAgentCore> {}

/** What `new PageAgentCore(config)` takes: agent options plus the page controller. */
export type PageAgentCoreConfig = AgentConfig & { pageController: AgentPageController };

/**
 * A headless in-page AI agent: give it a page controller and an OpenAI-compatible endpoint, then
 * `execute(task)`. Events: `statuschange`, `historychange`, `activity` (CustomEvent), `dispose`,
 * and ours, `controlchange` (pause / take-over state).
 */
export class PageAgentCore extends EventTarget {
  readonly id = newId();
  readonly config: ResolvedAgentConfig<PageAgentCore>;
  /** Every tool the agent has; the model is offered a per-step selection of them. */
  readonly tools: Map<string, PageAgentTool>;
  readonly pageController: AgentPageController;
  task = '';
  taskId = '';
  history: HistoricalEvent[] = [];
  disposed = false;

  #status: AgentStatus = 'idle';
  /** The current (or last) task's run, and a promise that settles when that run ends. */
  #run: TaskRun | null = null;
  #settled: Promise<void> = Promise.resolve();
  #lastResult: ExecutionResult<unknown> | null = null;
  /** The conversation's finished tasks, one entry each (earlierEntry), for `execute(task, { continue: true })`. */
  #earlier: string[] = [];
  #askUser: AskUserHandler | undefined;
  readonly #loop = new StepLoop(this);

  /** Validates the config (a ConfigError names the bad field); baseURL and model are checked at execute(). */
  constructor(config: PageAgentCoreConfig) {
    super();
    this.config = resolveAgentConfig(config);
    this.pageController = this.config.pageController;
    this.tools = createToolRegistry(this.config);
  }

  /** Current lifecycle status. */
  get status(): AgentStatus {
    return this.#status;
  }

  /** Result of the most recent run, or null before the first run completes (`data` is text, or an outputSchema's data). */
  get lastResult(): ExecutionResult<any> | null {
    return this.#lastResult;
  }

  /** Answers the model's `ask_user` questions; without it, `ask_user` is not offered. */
  get onAskUser(): AskUserHandler | undefined {
    const handler = this.#askUser;
    if (!handler) return undefined;
    return (question, options) =>
      askUser(handler, this, question, options?.signal ?? this.#run?.abort.signal ?? new AbortController().signal, (activity) => emitActivity(this, activity));
  }

  set onAskUser(handler: AskUserHandler | undefined | null) {
    this.#askUser = typeof handler === 'function' ? handler : undefined;
  }

  /** Ours: the pause / take-over state of the current run. */
  get controlState(): RunControlState {
    return this.#run?.control.state ?? 'running';
  }

  /**
   * Ours: the current (or last) task's run as plain JSON data, or null before the first task. Pass
   * it to `continueTask()` of a fresh agent (on the next page, or from Node) to go on from there.
   */
  taskRunState(): TaskRunState | null {
    return this.#run?.toJSON() ?? null;
  }

  /** Queues a note the model reads in its history from the next step on. */
  pushObservation(content: string): void {
    this.#run?.notes.push(String(content));
  }

  /** Ours: pauses the run after the current step, until `resume()`. */
  pause(): void {
    if (this.#status === 'running') this.#run?.control.pause();
  }

  /** Ours: lifts the mask so the user can act; the run holds after the current step until `resume()`. */
  takeOver(): void {
    if (this.#status !== 'running') return;
    this.#run?.control.takeOver();
    void quietly(() => this.pageController.hideMask());
  }

  /** Ours: continues after `pause()` or `takeOver()`; a take-over is recorded as `user_takeover`. */
  resume(): void {
    if (this.#run?.control.resume()) recordEvent(this, { type: 'user_takeover' });
  }

  /** Ours: answers the pending `approval` activity; false when no action is waiting. */
  respondToApproval(decision: ApprovalDecision): boolean {
    return this.#loop.approvals.respond(decision);
  }

  /**
   * Stops the run (the request, tool or wait in flight) and resolves once it has settled; ours:
   * `reason` becomes the result's text. Never await it inside a hook.
   */
  async stop(reason = 'Task stopped.'): Promise<void> {
    if (this.#status !== 'running') return;
    this.#run?.stop(reason);
    await this.#settled;
  }

  /**
   * Runs a task to its end. Throws AgentStateError when disposed, already running or given no task,
   * and ConfigError when baseURL or model is missing; every other failure resolves `success: false`.
   */
  execute(task: string, options?: { continue?: boolean; outputSchema?: undefined }): Promise<ExecutionResult>;
  execute<T>(task: string, options: ExecuteOptions<T>): Promise<ExecutionResult<T>>;
  /**
   * Ours, `options`: `continue` keeps this conversation's earlier tasks for the model (else a new
   * conversation starts); `outputSchema` (zod or JSON Schema) makes `data` of a successful result
   * the validated data `done` returns, and offers the `extract` tool. A bad option throws ConfigError.
   */
  async execute(task: string, options: ExecuteOptions = {}): Promise<ExecutionResult<any>> {
    this.#checkIdle();
    if (typeof task !== 'string' || task.trim() === '') throw new AgentStateError('empty_task', 'execute(task) needs a non-empty task string.');
    const { continue: more, outputSchema } = options ?? {};
    const bad = typeof (options ?? {}) !== 'object' ? 'options' : more !== undefined && typeof more !== 'boolean' ? 'continue' : '';
    if (bad) throw new ConfigError(bad, `execute(task, options): ${bad} must be ${bad === 'options' ? 'an object' : 'true or false'}.`);
    const output = outputSchema === undefined ? undefined : outputSchemaOf(outputSchema);
    requireRunnable(this.config);
    const run = new TaskRun(task, newId(), this.#runDeps());
    run.output = output;
    if (more) {
      run.earlier = this.#earlier;
      if (formatEarlierTasks(run.earlier).shortened) run.history.push({ type: 'observation', content: SHORTENED_NOTE });
    }
    return this.#runTask(run);
  }

  /**
   * Ours: goes on with a task from `taskRunState()` data (saved by this or another agent): the same
   * history, step count (`maxSteps` counts across), usage, queued notes and loop counts; the hooks
   * run as for `execute()`. Throws AgentStateError (`bad_state`) when the state is invalid.
   */
  async continueTask(state: TaskRunState): Promise<ExecutionResult<any>> {
    this.#checkIdle();
    const checked = checkTaskRunState(state);
    requireRunnable(this.config);
    return this.#runTask(TaskRun.fromJSON(checked, this.#runDeps()));
  }

  #checkIdle(): void {
    if (this.disposed) throw new AgentStateError('disposed', 'This agent was disposed; create a new one to run tasks.');
    if (this.#status === 'running') throw new AgentStateError('running', 'A task is already running; await it or call stop() first.');
  }

  #runDeps() {
    return {
      llm: createAgentLLM(this.config, (detail) => recordRetry(this, detail)),
      onControlChange: () => this.dispatchEvent(new Event('controlchange')),
    };
  }

  async #runTask(run: TaskRun): Promise<ExecutionResult<unknown>> {
    this.#run = run;
    this.task = run.task;
    this.taskId = run.taskId;
    this.history = run.history;
    let settle!: () => void;
    this.#settled = new Promise((resolve) => (settle = resolve));
    this.#setStatus('running');
    emitHistory(this);

    let outcome: Outcome | undefined;
    await quietly(() => this.pageController.showMask());
    try {
      this.pageController.resetTaskState?.();
      outcome = await this.#loop.run(run);
      const { success, data } = outcome.result;
      this.#earlier = [...run.earlier, earlierEntry(run.task, success, data, run.notes.toJSON().page)].slice(-20);
      this.#lastResult = outcome.result;
      await callHook(this, 'onAfterTask', outcome.result);
      return outcome.result;
    } finally {
      await quietly(() => this.pageController.cleanUpHighlights());
      await quietly(() => this.pageController.hideMask());
      run.abort.abort();
      settle();
      run.control.reset();
      this.#setStatus(outcome?.status ?? 'error');
    }
  }

  /** Final: aborts any run, removes what the agent added to the page, emits `dispose`, calls onDispose. */
  dispose(reason?: string): void {
    if (this.disposed) return;
    this.disposed = true;
    this.#run?.abort.abort();
    void quietly(() => this.pageController.dispose(), 'pageController.dispose() failed:');
    this.dispatchEvent(new Event('dispose'));
    void quietly(() => this.config.onDispose?.(this, reason), 'onDispose hook failed:');
  }

  /** Sets the status; emits `statuschange` only when it changed. */
  #setStatus(status: AgentStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.dispatchEvent(new Event('statuschange'));
  }
}
