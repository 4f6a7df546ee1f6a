// PageAgentCore: the observe → think → act loop, its history, events and hooks (page-agent 1.x API).
// Tool bodies live in tools/, prompt text in prompt/, loop helpers in agent/; this file is the loop.
import { approvalContextOf, ApprovalGate, type ApprovalOutcome } from './agent/approval-gate.js';
import { askUser, type AskUserHandler } from './agent/ask-user.js';
import { settleBetweenSteps, watchDomChanges } from './agent/dom-activity.js';
import { AgentStateError, quietly } from './agent/errors.js';
import { describeAction, pageFingerprint } from './agent/loop-detector.js';
import * as notes from './agent/notes.js';
import type { RunControlState } from './agent/run-control.js';
import { emptyUsage, lastStepError, outcomeOf, type Outcome } from './agent/run-outcome.js';
import { checkTaskRunState, TaskRun, type TaskRunState } from './agent/task-run.js';
import { composeMessages } from './agent/compose-messages.js';
import { createAgentLLM } from './agent/create-llm.js';
import { runTool } from './agent/run-tool.js';
import { requireRunnable } from './config/index.js';
import { resolveAgentConfig, type ResolvedAgentConfig } from './agent/core-config.js';
import type { BrowserState } from './dom/index.js';
import { isAbortError, messageOf } from './base/index.js';
import { addUsage, LLMError, type InvokeResult, type LLMRetryDetail } from './llm/index.js';
import { LlmsTxtLoader } from './prompt/index.js';
import {
  actionOf,
  AGENT_OUTPUT,
  buildAgentOutput,
  CONTROL_TOOL_NAMES,
  createToolRegistry,
  reflectionOf,
  selectOfferedTools,
  type AgentOutputInput,
  type AgentPageController,
  type ChosenAction,
} from './tools/index.js';
import type { AgentActivity, AgentHooks, AgentOptions, AgentStatus, AgentStepEvent, ApprovalDecision, ExecutionResult, HistoricalEvent, PageAgentTool } from './types.js';

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
  #lastResult: ExecutionResult | null = null;
  #askUser: AskUserHandler | undefined;
  #llmsTxt = new LlmsTxtLoader();
  #approvals = new ApprovalGate();

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

  /** Result of the most recent run, or null before the first run completes. */
  get lastResult(): ExecutionResult | null {
    return this.#lastResult;
  }

  /** Answers the model's `ask_user` questions; without it, `ask_user` is not offered. */
  get onAskUser(): AskUserHandler | undefined {
    const handler = this.#askUser;
    if (!handler) return undefined;
    return (question, options) =>
      askUser(handler, this, question, options?.signal ?? this.#run?.abort.signal ?? new AbortController().signal, (activity) => this.#activity(activity));
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
    void this.#quietly('hideMask');
  }

  /** Ours: continues after `pause()` or `takeOver()`; a take-over is recorded as `user_takeover`. */
  resume(): void {
    if (this.#run?.control.resume()) this.#record({ type: 'user_takeover' });
  }

  /** Ours: answers the pending `approval` activity; false when no action is waiting. */
  respondToApproval(decision: ApprovalDecision): boolean {
    return this.#approvals.respond(decision);
  }

  /** Stops the run (the request, tool or wait in flight) and resolves once it has settled. Never await it inside a hook. */
  async stop(): Promise<void> {
    if (this.#status !== 'running') return;
    this.#run?.abort.abort();
    await this.#settled;
  }

  /**
   * Runs a task to its end. Throws AgentStateError when disposed, already running or given no task,
   * and ConfigError when baseURL or model is missing; every other failure resolves `success: false`.
   */
  async execute(task: string): Promise<ExecutionResult> {
    this.#checkIdle();
    if (typeof task !== 'string' || task.trim() === '') throw new AgentStateError('empty_task', 'execute(task) needs a non-empty task string.');
    requireRunnable(this.config);
    return this.#runTask(new TaskRun(task, newId(), this.#runDeps()));
  }

  /**
   * Ours: goes on with a task from `taskRunState()` data (saved by this or another agent): the same
   * history, step count (`maxSteps` counts across), usage, queued notes and loop counts; the hooks
   * run as for `execute()`. Throws AgentStateError (`bad_state`) when the state is invalid.
   */
  async continueTask(state: TaskRunState): Promise<ExecutionResult> {
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
      llm: createAgentLLM(this.config, (detail) => this.#onRetry(detail)),
      onControlChange: () => this.dispatchEvent(new Event('controlchange')),
    };
  }

  async #runTask(run: TaskRun): Promise<ExecutionResult> {
    this.#run = run;
    this.task = run.task;
    this.taskId = run.taskId;
    this.history = run.history;
    const abort = run.abort;
    let settle!: () => void;
    this.#settled = new Promise((resolve) => (settle = resolve));
    this.#setStatus('running');
    this.#emitHistory();

    let outcome: Outcome | undefined;
    await this.#quietly('showMask');
    try {
      this.pageController.resetTaskState?.();
      const failed = await this.#hook('onBeforeTask');
      outcome = failed ? this.#fail(failed) : await this.#loop(run, abort.signal);
      this.#lastResult = outcome.result;
      await this.#hook('onAfterTask', outcome.result);
      return outcome.result;
    } finally {
      await this.#quietly('cleanUpHighlights');
      await this.#quietly('hideMask');
      abort.abort();
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

  async #loop(run: TaskRun, signal: AbortSignal): Promise<Outcome> {
    const { maxSteps } = this.config;
    while (run.step < maxSteps) {
      const step = run.step;
      if (run.control.holding) {
        try {
          await run.control.hold(signal, () => this.#onHold());
        } catch (error) {
          return this.#stepFailure(error, signal);
        }
        await this.#quietly('showMask');
      }
      const beforeFailed = await this.#hook('onBeforeStep', step);
      if (beforeFailed) return this.#fail(beforeFailed);
      let end: Outcome | undefined;
      try {
        end = await this.#step(run, step, signal);
      } catch (error) {
        end = this.#stepFailure(lastStepError(error, step, maxSteps, this.tools.has('done')), signal);
      } finally {
        run.inFlight = null;
      }
      run.step = step + 1;
      const afterFailed = await this.#hook('onAfterStep', this.history);
      if (end) return end;
      if (afterFailed) return this.#fail(afterFailed);
    }
    return this.#fail(`Stopped after ${maxSteps} steps (maxSteps) without finishing the task.`);
  }

  /** One step: observe, think, act. Resolves to an outcome when the run ends here. */
  async #step(run: TaskRun, step: number, signal: AbortSignal): Promise<Outcome | undefined> {
    if (step > 0) await settleBetweenSteps(this.config.stepDelay, signal);
    signal.throwIfAborted();
    const state = await this.pageController.getBrowserState();
    this.#observe(run, state, step);
    const offered = selectOfferedTools(this.tools, { canAskUser: !!this.#askUser, lastStep: step === this.config.maxSteps - 1 });
    const { tools, macro } = buildAgentOutput(offered);
    const messages = await composeMessages(this.config, this.task, this.history, state, step, this.tools.has('done'), this.#llmsTxt, signal, run.fence);
    this.#activity({ type: 'thinking' });
    const stopWatching = watchDomChanges();
    let reply: InvokeResult<AgentOutputInput>;
    let changes: number;
    try {
      reply = await run.llm.invoke<AgentOutputInput>(messages, tools, signal, { toolChoiceName: AGENT_OUTPUT, macro });
    } finally {
      changes = stopWatching();
    }
    run.usage = addUsage(run.usage, reply.usage);
    const action = actionOf(reply.toolResult);
    if (!action) throw new LLMError('invalid_tool_args', 'The model replied without an action.');
    if (action.name !== 'done') run.notes.push(notes.changedWhileThinkingNote(step + 1, changes));
    const event: AgentStepEvent = {
      type: 'step',
      stepIndex: step,
      reflection: reflectionOf(reply.toolResult),
      action: { name: action.name, input: action.input, output: '' },
      usage: reply.usage,
      rawResponse: reply.rawResponse,
      rawRequest: reply.rawRequest,
    };
    run.inFlight = event;
    const acted = await this.#act(run, action, state, signal);
    run.inFlight = null;
    event.action.output = acted.output + notes.onlyFirstNote(reply.repairs, action.name);
    this.#record(event);
    if (action.name === 'done') {
      const input = (action.input ?? {}) as { text?: unknown; success?: unknown };
      const text = typeof input.text === 'string' ? input.text : '';
      return this.#outcome(input.success !== false, text, 'completed');
    }
    return acted.stop ? this.#fail(acted.stop) : undefined;
  }

  /** Runs the chosen action through loop detection and approval; `stop` ends the run with that reason. */
  async #act(run: TaskRun, action: ChosenAction, state: BrowserState, signal: AbortSignal): Promise<{ output: string; stop?: string }> {
    const tool = this.tools.get(action.name);
    if (!tool) return { output: `Unknown action "${action.name}". Available: ${[...this.tools.keys()].join(', ')}.` };
    if (action.name !== 'done') {
      const fingerprint = pageFingerprint(state);
      const verdict = run.loops.record(action, fingerprint);
      const described = describeAction(action);
      if (verdict.level === 'stop') {
        const ask = this.onAskUser;
        if (!ask) return { output: notes.loopStopMessage(described, verdict.count), stop: notes.loopStopMessage(described, verdict.count) };
        const answer = await ask(notes.loopQuestion(described, verdict.count), { signal });
        run.loops.forgive(action, fingerprint);
        return { output: notes.loopAnsweredResult(verdict.count, answer) };
      }
      if (verdict.level === 'warn') run.notes.push(notes.repeatingNote(described, verdict.count));
    }
    let approval: ApprovalOutcome | undefined;
    if ((this.config.approveAction || this.config.allowedOrigins) && !CONTROL_TOOL_NAMES.has(action.name)) {
      approval = await this.#approve(action, state, signal);
      if (!approval.allow) return { output: approval.result ?? notes.deniedResult(approval.note, approval.reason) };
    }
    const ran = await runTool(tool, action.name, action.input, this, signal, (activity) => this.#activity(activity));
    const output = approval?.asked ? notes.approvedPrefix(approval.reason) + ran : ran;
    run.notes.trackWait(action.name, action.input);
    return { output };
  }

  #approve(action: ChosenAction, state: BrowserState, signal: AbortSignal): Promise<ApprovalOutcome> {
    return this.#approvals.decide(
      action.name,
      action.input,
      this.config.approveAction,
      approvalContextOf(action.name, action.input, this.pageController, state.url, signal),
      this,
      (request) => this.#activity({ type: 'approval', ...request }),
      (error) => this.#report(`approveAction failed (${messageOf(error)}); the action was denied`, error),
      () => approvalContextOf(action.name, action.input, this.pageController, state.url, signal).reason,
      this.config.allowedOrigins?.map((origin) => new URL(origin).origin),
    );
  }

  /** Flushes this step's notes (queued, navigation, waiting, budget) into history. */
  #observe(run: TaskRun, state: BrowserState, step: number): void {
    const observed = run.notes.take(state, step, this.config.maxSteps, this.tools.has('done'));
    if (observed.length === 0) return;
    for (const content of observed) this.history.push({ type: 'observation', content });
    this.#emitHistory();
  }

  /** Calls a config hook with the agent first; a throw is reported (console, activity, history) and returned as its message. */
  async #hook(name: 'onBeforeTask' | 'onAfterTask' | 'onBeforeStep' | 'onAfterStep', ...args: unknown[]): Promise<string | undefined> {
    try {
      await (this.config[name] as ((...args: unknown[]) => unknown) | undefined)?.(this, ...args);
      return undefined;
    } catch (error) {
      const message = `The ${name} hook failed: ${messageOf(error)}`;
      this.#report(message, error);
      return message;
    }
  }

  /** Page cleanup that must not fail the run. */
  #quietly(name: 'showMask' | 'hideMask' | 'cleanUpHighlights'): Promise<void> {
    return quietly(() => this.pageController[name]());
  }

  #onHold(): void {
    this.#activity({ type: 'paused' });
    void this.#quietly('hideMask');
  }

  #onRetry({ attempt, maxAttempts, error }: LLMRetryDetail): void {
    this.#activity({ type: 'retrying', attempt, maxAttempts });
    this.history.push({ type: 'error', message: error.message, rawResponse: error.rawResponse });
    this.#record({ type: 'retry', message: `Retrying the model call (${attempt} of ${maxAttempts}) after: ${error.message}`, attempt, maxAttempts });
  }

  /** Records why a step threw (a stop of this run, or an error as activity and history) and ends the run. */
  #stepFailure(error: unknown, signal: AbortSignal): Outcome {
    if (isAbortError(error) && signal.aborted) {
      this.#record({ type: 'error', message: 'Task stopped.' });
      return this.#outcome(false, 'Task stopped.', 'stopped');
    }
    const message = messageOf(error);
    this.#activity({ type: 'error', message });
    this.#record({ type: 'error', message, rawResponse: error instanceof LLMError ? error.rawResponse : undefined });
    return this.#outcome(false, message, 'error');
  }

  /** Sets the status; emits `statuschange` only when it changed. */
  #setStatus(status: AgentStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.dispatchEvent(new Event('statuschange'));
  }

  #emitHistory(): void {
    this.dispatchEvent(new Event('historychange'));
  }

  /** Appends an event to history and emits `historychange`. */
  #record(event: HistoricalEvent): void {
    this.history.push(event);
    this.#emitHistory();
  }

  /** Emits transient UI feedback as an `activity` CustomEvent. */
  #activity(activity: AgentActivity): void {
    this.dispatchEvent(new CustomEvent('activity', { detail: activity }));
  }

  /** Reports a failure of user code: console, an `error` activity and a history event. */
  #report(message: string, error: unknown): void {
    console.error(`[page-agent] ${message}`, error);
    this.#activity({ type: 'error', message });
    this.#record({ type: 'error', message });
  }

  #fail(message: string): Outcome {
    return this.#outcome(false, message, 'error');
  }

  #outcome(success: boolean, data: string, status: AgentStatus): Outcome {
    return outcomeOf(success, data, status, this.history, this.#run?.usage ?? emptyUsage());
  }
}
