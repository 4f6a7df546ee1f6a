// TaskRun: everything one task's run holds (its task, step counter, history, token usage, queued
// notes, loop counts, pause/take-over control, abort controller and LLM client), and that state as
// plain, versioned data: toJSON() / TaskRun.fromJSON() carry a task to another page or process.
import { isRecord } from '../base/index.js';
import { emptyUsage, type LLM, type ToolInputSchema } from '../llm/index.js';
import type { AgentStepEvent, HistoricalEvent, Usage } from '../types.js';
import { AgentStateError } from './errors.js';
import { LoopDetector } from './loop-detector.js';
import { NoteQueue, type NoteQueueState } from './note-queue.js';
import { RunControl } from './run-control.js';

/** The version of `TaskRunState` this build writes and reads. */
export const TASK_RUN_VERSION = 1;

/**
 * A task's run as plain JSON data (`agent.taskRunState()`), to continue it elsewhere with
 * `agent.continueTask(state)`: on the next page, in a fresh agent, or from the Node runner.
 */
export interface TaskRunState {
  version: typeof TASK_RUN_VERSION;
  task: string;
  taskId: string;
  /** Steps taken so far: the 0-based index of the next step. `maxSteps` counts across continuations. */
  step: number;
  history: HistoricalEvent[];
  usage: Usage;
  /** Notes waiting for the next step, the page the last step saw, seconds waited in a row. */
  notes: NoteQueueState;
  /** Loop detection's counts: [action-on-page key, times chosen]. */
  loops: Array<[string, number]>;
  /** The run's page-text fence marker (TaskRun.fence); a state without one gets a new marker. */
  fence?: string;
  /** The conversation's earlier tasks (`execute(task, { continue: true })`), one entry each, oldest first. */
  earlier?: string[];
}

/** What a run needs from the agent that runs it. */
export interface TaskRunDeps {
  llm: LLM;
  /** Hears every pause / take-over state change. */
  onControlChange: () => void;
}

/** One task's run: a new one per `execute()`, restored by `continueTask()`. */
export class TaskRun {
  readonly task: string;
  readonly taskId: string;
  readonly llm: LLM;
  readonly abort = new AbortController();
  readonly control: RunControl;
  readonly notes: NoteQueue;
  readonly loops: LoopDetector;
  /** Steps taken so far (the index of the step in progress while one runs). */
  step: number;
  readonly history: HistoricalEvent[];
  usage: Usage;
  /** The step whose action is running: saved as taken (with `inFlightOutput`) if the page unloads mid-action. */
  inFlight: AgentStepEvent | null = null;
  /** A random marker no page can guess, fencing the page text in every prompt of this run. */
  readonly fence: string;
  /** The result's text when `stop(reason)` ends the run (not saved: a continued run starts unstopped). */
  stopReason = 'Task stopped.';
  /** The conversation's earlier tasks the model reads (see TaskRunState.earlier). */
  earlier: string[];
  /** The result schema of `execute(task, { outputSchema })` (not saved: it may be code). */
  output?: ToolInputSchema;

  constructor(task: string, taskId: string, deps: TaskRunDeps, state?: TaskRunState) {
    this.task = task;
    this.taskId = taskId;
    this.llm = deps.llm;
    this.control = new RunControl(deps.onControlChange);
    this.notes = new NoteQueue(state?.notes);
    this.loops = new LoopDetector(state?.loops);
    this.step = state?.step ?? 0;
    this.history = state ? copyJson(state.history) : [];
    this.usage = state ? { ...state.usage } : emptyUsage();
    this.earlier = state?.earlier ?? [];
    this.fence = state?.fence ?? Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('');
  }

  /** Ends the run with `reason` as its result's text: aborts the request, tool or wait in flight. */
  stop(reason: string): void {
    this.stopReason = reason;
    this.abort.abort();
  }

  /** The run's state as plain data (a deep copy); an action still running counts as taken. */
  toJSON(inFlightOutput = 'The page unloaded while this action ran; its result is unknown.'): TaskRunState {
    const history = copyJson(this.history);
    let step = this.step;
    if (this.inFlight) {
      history.push(copyJson({ ...this.inFlight, action: { ...this.inFlight.action, output: inFlightOutput } }));
      step = this.inFlight.stepIndex + 1;
    }
    return { version: TASK_RUN_VERSION, task: this.task, taskId: this.taskId, step, history, usage: { ...this.usage }, notes: this.notes.toJSON(), loops: this.loops.toJSON(), fence: this.fence, earlier: [...this.earlier] };
  }

  /** A run restored from `toJSON()` data; throws AgentStateError (`bad_state`) naming what is wrong. */
  static fromJSON(data: unknown, deps: TaskRunDeps): TaskRun {
    const state = checkTaskRunState(data);
    return new TaskRun(state.task, state.taskId, deps, state);
  }
}

/** A deep copy as JSON would carry it (undefined fields dropped). */
const copyJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The first thing wrong with `data` as a TaskRunState, or null. */
function problemOf(data: unknown): string | null {
  if (!isRecord(data)) return 'it is not an object';
  if (data.version !== TASK_RUN_VERSION) return `its version is ${JSON.stringify(data.version)}, this agent reads version ${TASK_RUN_VERSION}`;
  if (typeof data.task !== 'string' || data.task.trim() === '') return '`task` is not a non-empty string';
  if (typeof data.taskId !== 'string') return '`taskId` is not a string';
  if (!isCount(data.step)) return '`step` is not a whole number ≥ 0';
  if (!Array.isArray(data.history) || !data.history.every((event) => isRecord(event) && typeof event.type === 'string')) return '`history` is not a list of events';
  const usage = data.usage;
  if (!isRecord(usage) || !['promptTokens', 'completionTokens', 'totalTokens'].every((key) => isCount(usage[key]))) return '`usage` is not a token count';
  const notes = data.notes;
  if (!isRecord(notes) || !isStrings(notes.queued) || typeof notes.totalWait !== 'number') return '`notes` is malformed';
  const page = notes.page;
  if (page !== null && !(isRecord(page) && typeof page.url === 'string' && typeof page.title === 'string')) return '`notes.page` is malformed';
  if (!Array.isArray(data.loops) || !data.loops.every((e) => Array.isArray(e) && typeof e[0] === 'string' && isCount(e[1]))) return '`loops` is malformed';
  if (data.earlier !== undefined && !isStrings(data.earlier)) return '`earlier` is not a list of strings';
  if (data.fence !== undefined && (typeof data.fence !== 'string' || !/^[a-z0-9]{4,32}$/.test(data.fence))) return '`fence` is malformed';
  return null;
}

/** `data` checked as a TaskRunState; throws AgentStateError (`bad_state`) naming the first problem. */
export function checkTaskRunState(data: unknown): TaskRunState {
  const problem = problemOf(data);
  if (problem) throw new AgentStateError('bad_state', `Cannot continue the task: the saved state is invalid (${problem}).`);
  return data as TaskRunState;
}
