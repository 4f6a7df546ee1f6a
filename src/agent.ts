// PageAgentCore: the observe → think → act loop, its history, events and hooks (page-agent 1.x API).
// Tool bodies live in tools/, prompt text in prompt/, loop helpers in agent/; this file is the loop.
import { ApprovalGate, type ApprovalOutcome } from './agent/approval-gate.js';
import { waitForQuiet, watchDomChanges } from './agent/dom-activity.js';
import { AgentStateError, isAbortError, messageOf } from './agent/errors.js';
import { describeAction, LoopDetector, pageFingerprint } from './agent/loop-detector.js';
import * as notes from './agent/notes.js';
import { RunControl, type RunControlState } from './agent/run-control.js';
import { composeMessages } from './agent/compose-messages.js';
import { createAgentLLM } from './agent/create-llm.js';
import { runTool } from './agent/run-tool.js';
import { requireRunnable, resolveAgentConfig, type PageAgentCoreConfig, type ResolvedAgentConfig } from './config.js';
import type { BrowserState } from './dom/index.js';
import { addUsage, LLMError, type InvokeResult, type LLM, type LLMRetryDetail } from './llm/index.js';
import { LlmsTxtLoader } from './prompt/index.js';
import {
  actionOf,
  AGENT_OUTPUT,
  assessRisk,
  buildAgentOutput,
  CONTROL_TOOL_NAMES,
  createToolRegistry,
  raceAbort,
  reflectionOf,
  selectOfferedTools,
  sleep,
  type AgentOutputInput,
  type AgentPageController,
  type ChosenAction,
} from './tools/index.js';
import type {
  AgentActivity,
  AgentStatus,
  ApprovalContext,
  ApprovalDecision,
  ExecutionResult,
  HistoricalEvent,
  PageAgentTool,
  Usage,
} from './types.js';

export * from './types.js';
export { tool } from './tools/index.js';
export { riskyActionPolicy, assessRisk, findRiskyWord, type AgentPageController, type RiskAssessment } from './tools/index.js';
export { ConfigError, CONFIG_OPTIONS, AGENT_DEFAULTS, type AgentConfig, type PageAgentCoreConfig, type ConfigOption } from './config.js';
export { AgentStateError, type AgentStateErrorCode } from './agent/errors.js';
export type { RunControlState } from './agent/run-control.js';

/** `onAskUser`: answers the model's question; should reject when `signal` aborts. */
export type AskUserHandler = (question: string, options?: { signal: AbortSignal }) => Promise<string>;

interface Outcome {
  result: ExecutionResult;
  status: AgentStatus;
}

interface RunState {
  page: notes.PageIdentity | null;
  totalWait: number;
  usage: Usage;
}

const freshRun = (): RunState => ({ page: null, totalWait: 0, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
const newId = () => Math.random().toString(36).slice(2, 11);

/** On the last step, a reply without a valid action means the model would not call done: say so. */
function lastStepError(error: unknown, step: number, maxSteps: number, hasDone: boolean): unknown {
  if (!hasDone || step !== maxSteps - 1 || !(error instanceof LLMError)) return error;
  if (error.kind !== 'invalid_tool_args' && error.kind !== 'no_tool_call') return error;
  const message = `Stopped after ${maxSteps} steps (maxSteps): the model did not call done on the last step (${error.message})`;
  return new LLMError(error.kind, message, { status: error.status, rawResponse: error.rawResponse, rawError: error });
}

/**
 * A headless in-page AI agent: give it a page controller and an OpenAI-compatible endpoint, then
 * `execute(task)`. Events: `statuschange`, `historychange`, `activity` (CustomEvent), `dispose`,
 * and ours, `controlchange` (pause / take-over state).
 */
export class PageAgentCore extends EventTarget {
  readonly id = newId();
  readonly config: ResolvedAgentConfig;
  /** Every tool the agent has; the model is offered a per-step selection of them. */
  readonly tools: Map<string, PageAgentTool>;
  readonly pageController: AgentPageController;
  task = '';
  taskId = '';
  history: HistoricalEvent[] = [];
  disposed = false;

  #status: AgentStatus = 'idle';
  #lastResult: ExecutionResult | null = null;
  #askUser: AskUserHandler | undefined;
  #abort = new AbortController();
  #running: Promise<void> = Promise.resolve();
  #notes: string[] = [];
  #run: RunState = freshRun();
  #llmsTxt = new LlmsTxtLoader();
  #loops = new LoopDetector();
  #approvals = new ApprovalGate();
  #control = new RunControl(() => this.dispatchEvent(new Event('controlchange')));

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
    return (question, options) => this.#ask(handler, question, options?.signal ?? this.#abort.signal);
  }

  set onAskUser(handler: AskUserHandler | undefined | null) {
    this.#askUser = typeof handler === 'function' ? handler : undefined;
  }

  /** Ours: the pause / take-over state of the current run. */
  get controlState(): RunControlState {
    return this.#control.state;
  }

  /** Queues a note the model reads in its history from the next step on. */
  pushObservation(content: string): void {
    this.#notes.push(String(content));
  }

  /** Ours: pauses the run after the current step, until `resume()`. */
  pause(): void {
    if (this.#status === 'running') this.#control.pause();
  }

  /** Ours: lifts the mask so the user can act; the run holds after the current step until `resume()`. */
  takeOver(): void {
    if (this.#status !== 'running') return;
    this.#control.takeOver();
    void this.#quietly(() => this.pageController.hideMask());
  }

  /** Ours: continues after `pause()` or `takeOver()`; a take-over is recorded as `user_takeover`. */
  resume(): void {
    if (this.#control.resume()) this.#record({ type: 'user_takeover' });
  }

  /** Ours: answers the pending `approval` activity; false when no action is waiting. */
  respondToApproval(decision: ApprovalDecision): boolean {
    return this.#approvals.respond(decision);
  }

  /** Stops the run (the request, tool or wait in flight) and resolves once it has settled. Never await it inside a hook. */
  async stop(): Promise<void> {
    if (this.#status !== 'running') return;
    this.#abort.abort();
    await this.#running;
  }

  /**
   * Runs a task to its end. Throws AgentStateError when disposed, already running or given no task,
   * and ConfigError when baseURL or model is missing; every other failure resolves `success: false`.
   */
  async execute(task: string): Promise<ExecutionResult> {
    if (this.disposed) throw new AgentStateError('disposed', 'This agent was disposed; create a new one to run tasks.');
    if (this.#status === 'running') throw new AgentStateError('running', 'A task is already running; await it or call stop() first.');
    if (typeof task !== 'string' || task.trim() === '') throw new AgentStateError('empty_task', 'execute(task) needs a non-empty task string.');
    requireRunnable(this.config);
    const llm = createAgentLLM(this.config, (detail) => this.#onRetry(detail));

    this.task = task;
    this.taskId = newId();
    this.history = [];
    this.#notes = [];
    this.#run = freshRun();
    this.#loops.reset();
    this.#control.reset();
    const abort = (this.#abort = new AbortController());
    let settle!: () => void;
    this.#running = new Promise((resolve) => (settle = resolve));
    this.#setStatus('running');
    this.#emitHistory();

    let outcome: Outcome | undefined;
    await this.#quietly(() => this.pageController.showMask());
    try {
      this.pageController.resetTaskState?.();
      const failed = await this.#hook('onBeforeTask', () => this.config.onBeforeTask?.(this));
      outcome = failed ? this.#fail(failed) : await this.#loop(llm, abort.signal);
      this.#lastResult = outcome.result;
      await this.#hook('onAfterTask', () => this.config.onAfterTask?.(this, outcome!.result));
      return outcome.result;
    } finally {
      await this.#quietly(() => this.pageController.cleanUpHighlights());
      await this.#quietly(() => this.pageController.hideMask());
      abort.abort();
      this.#control.reset();
      settle();
      this.#setStatus(outcome?.status ?? 'error');
    }
  }

  /** Final: aborts any run, removes what the agent added to the page, emits `dispose`, calls onDispose. */
  dispose(reason?: string): void {
    if (this.disposed) return;
    this.disposed = true;
    this.#abort.abort();
    try {
      this.pageController.dispose();
    } catch (error) {
      console.error('[page-agent] pageController.dispose() failed:', error);
    }
    this.dispatchEvent(new Event('dispose'));
    try {
      this.config.onDispose?.(this, reason);
    } catch (error) {
      console.error('[page-agent] onDispose hook failed:', error);
    }
  }

  async #loop(llm: LLM, signal: AbortSignal): Promise<Outcome> {
    const { maxSteps } = this.config;
    for (let step = 0; step < maxSteps; step++) {
      if (this.#control.holding) {
        try {
          await this.#control.hold(signal, () => this.#onHold());
        } catch (error) {
          return this.#stepFailure(error, signal);
        }
        await this.#quietly(() => this.pageController.showMask());
      }
      const beforeFailed = await this.#hook('onBeforeStep', () => this.config.onBeforeStep?.(this, step));
      if (beforeFailed) return this.#fail(beforeFailed);
      let end: Outcome | undefined;
      try {
        end = await this.#step(llm, step, signal);
      } catch (error) {
        end = this.#stepFailure(lastStepError(error, step, maxSteps, this.tools.has('done')), signal);
      }
      const afterFailed = await this.#hook('onAfterStep', () => this.config.onAfterStep?.(this, this.history));
      if (end) return end;
      if (afterFailed) return this.#fail(afterFailed);
    }
    return this.#fail(`Stopped after ${maxSteps} steps (maxSteps) without finishing the task.`);
  }

  /** One step: observe, think, act. Resolves to an outcome when the run ends here. */
  async #step(llm: LLM, step: number, signal: AbortSignal): Promise<Outcome | undefined> {
    if (step > 0) await this.#settle(signal);
    signal.throwIfAborted();
    const state = await this.pageController.getBrowserState();
    this.#observe(state, step);
    const offered = selectOfferedTools(this.tools, { canAskUser: !!this.#askUser, lastStep: step === this.config.maxSteps - 1 });
    const { tools, macro } = buildAgentOutput(offered);
    const messages = await composeMessages({
      config: this.config,
      task: this.task,
      history: this.history,
      state,
      step,
      hasDone: this.tools.has('done'),
      llmsTxt: this.#llmsTxt,
      signal,
      onPageInstructionsError: (error) => console.warn('[page-agent] instructions.getPageInstructions failed; continuing without page instructions:', error),
    });
    this.#activity({ type: 'thinking' });
    const watcher = watchDomChanges();
    let reply: InvokeResult<AgentOutputInput>;
    try {
      reply = await llm.invoke<AgentOutputInput>(messages, tools, signal, { toolChoiceName: AGENT_OUTPUT, macro });
    } finally {
      watcher.stop();
    }
    this.#run.usage = addUsage(this.#run.usage, reply.usage);
    const action = actionOf(reply.toolResult);
    if (!action) throw new LLMError('invalid_tool_args', 'The model replied without an action.');
    if (action.name !== 'done') {
      const note = notes.changedWhileThinkingNote(step + 1, watcher.changes);
      if (note) this.#notes.push(note);
    }
    const acted = await this.#act(action, state, signal);
    this.#record({
      type: 'step',
      stepIndex: step,
      reflection: reflectionOf(reply.toolResult),
      action: { name: action.name, input: action.input, output: acted.output },
      usage: reply.usage,
      rawResponse: reply.rawResponse,
      rawRequest: reply.rawRequest,
    });
    if (action.name === 'done') {
      const input = (action.input ?? {}) as { text?: unknown; success?: unknown };
      const text = typeof input.text === 'string' ? input.text : '';
      return this.#outcome(input.success !== false, text, 'completed');
    }
    return acted.stop ? this.#fail(acted.stop) : undefined;
  }

  /** Runs the chosen action through loop detection and approval; `stop` ends the run with that reason. */
  async #act(action: ChosenAction, state: BrowserState, signal: AbortSignal): Promise<{ output: string; stop?: string }> {
    const tool = this.tools.get(action.name);
    if (!tool) return { output: `Unknown action "${action.name}". Available: ${[...this.tools.keys()].join(', ')}.` };
    if (action.name !== 'done') {
      const fingerprint = pageFingerprint(state);
      const verdict = this.#loops.record(action, fingerprint);
      const described = describeAction(action);
      if (verdict.level === 'stop') {
        const ask = this.onAskUser;
        if (!ask) return { output: notes.loopStopMessage(described, verdict.count), stop: notes.loopStopMessage(described, verdict.count) };
        const answer = await ask(notes.loopQuestion(described, verdict.count), { signal });
        this.#loops.forgive(action, fingerprint);
        return { output: notes.loopAnsweredResult(verdict.count, answer) };
      }
      if (verdict.level === 'warn') this.#notes.push(notes.repeatingNote(described, verdict.count));
    }
    if (this.config.approveAction && !CONTROL_TOOL_NAMES.has(action.name)) {
      const approval = await this.#approve(action, state, signal);
      if (!approval.allow) return { output: notes.deniedResult(approval.note) };
    }
    const output = await runTool({ tool, name: action.name, input: action.input, thisArg: this, signal, emit: (activity) => this.#activity(activity) });
    const seconds = (action.input as { seconds?: unknown } | null)?.seconds;
    this.#run.totalWait = action.name === 'wait' ? this.#run.totalWait + (typeof seconds === 'number' ? seconds : 0) : 0;
    return { output };
  }

  #approve(action: ChosenAction, state: BrowserState, signal: AbortSignal): Promise<ApprovalOutcome> {
    const risk = assessRisk(action.name, action.input, this.pageController, state.url);
    const context: ApprovalContext = { url: state.url, signal };
    if (risk.element) context.element = risk.element;
    if (risk.reason) context.reason = risk.reason;
    return this.#approvals.decide(action.name, action.input, {
      policy: this.config.approveAction!,
      context,
      thisArg: this,
      onAsk: (request) => this.#activity({ type: 'approval', ...request }),
      onPolicyError: (error) => this.#report(`approveAction failed (${messageOf(error)}); the action was denied`, error),
    });
  }

  /** Adds this step's notes (navigation, waiting, budget) to the queued ones and flushes them to history. */
  #observe(state: BrowserState, step: number): void {
    const identity = { url: state.url, title: state.title };
    this.#notes.push(...notes.pageChangeNotes(this.#run.page, identity));
    this.#run.page = identity;
    const waiting = notes.waitingNote(this.#run.totalWait);
    if (waiting) this.#notes.push(waiting);
    const budget = notes.budgetNote(step, this.config.maxSteps, this.tools.has('done'));
    if (budget) this.#notes.push(budget);
    if (this.#notes.length === 0) return;
    for (const content of this.#notes) this.history.push({ type: 'observation', content });
    this.#notes = [];
    this.#emitHistory();
  }

  /** Between steps: the DOM-quiet wait (≤ 1 s) and, when set, stepDelay as a minimum. */
  async #settle(signal: AbortSignal): Promise<void> {
    const minimum = (this.config.stepDelay ?? 0) * 1000;
    await Promise.all([minimum > 0 ? sleep(minimum, signal) : undefined, waitForQuiet({ signal })]);
  }

  async #ask(handler: AskUserHandler, question: string, signal: AbortSignal): Promise<string> {
    signal.throwIfAborted();
    this.#activity({ type: 'asking', question });
    const answer = await raceAbort(handler.call(this, question, { signal }), signal);
    return typeof answer === 'string' ? answer : String(answer ?? '');
  }

  #onHold(): void {
    this.#activity({ type: 'paused' });
    void this.#quietly(() => this.pageController.hideMask());
  }

  #onRetry({ attempt, maxAttempts, error }: LLMRetryDetail): void {
    this.#activity({ type: 'retrying', attempt, maxAttempts });
    this.history.push({ type: 'error', message: error.message, rawResponse: error.rawResponse });
    this.#record({ type: 'retry', message: `Retrying the model call (${attempt} of ${maxAttempts}) after: ${error.message}`, attempt, maxAttempts });
  }

  /** Calls a hook; a throw is reported (console, activity, history) and returned as its message. */
  async #hook(name: string, call: () => unknown): Promise<string | undefined> {
    try {
      await call();
      return undefined;
    } catch (error) {
      const message = `The ${name} hook failed: ${messageOf(error)}`;
      this.#report(message, error);
      return message;
    }
  }

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

  #fail(message: string): Outcome {
    return this.#outcome(false, message, 'error');
  }

  #outcome(success: boolean, data: string, status: AgentStatus): Outcome {
    return { result: { success, data, history: this.history, usage: { ...this.#run.usage } }, status };
  }

  /** Reports a failure of user code: console, an `error` activity and a history event. */
  #report(message: string, error: unknown): void {
    console.error(`[page-agent] ${message}`, error);
    this.#activity({ type: 'error', message });
    this.#record({ type: 'error', message });
  }

  async #quietly(call: () => unknown): Promise<void> {
    try {
      await call();
    } catch (error) {
      console.error('[page-agent]', error);
    }
  }

  #record(event: HistoricalEvent): void {
    this.history.push(event);
    this.#emitHistory();
  }

  #emitHistory(): void {
    this.dispatchEvent(new Event('historychange'));
  }

  #activity(activity: AgentActivity): void {
    this.dispatchEvent(new CustomEvent('activity', { detail: activity }));
  }

  #setStatus(status: AgentStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.dispatchEvent(new Event('statuschange'));
  }
}
