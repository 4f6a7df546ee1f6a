// The step loop of one task's run: each step observes the page, asks the model for one action, runs
// it (take-action.ts) and records it, until done, maxSteps, a stop, a failing hook or an error.
// It reads and writes only the TaskRun and the agent's public fields (loop-agent.ts).
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import type { LoopAgent } from './loop-agent.js';
import { lastStepError, outcomeOf, type Outcome } from './run-outcome.js';
import { settleBetweenSteps, watchDomChanges } from './dom-activity.js';
import { addUsage, LLMError, type InvokeResult } from '../llm/index.js';
import { AGENT_OUTPUT, buildAgentOutput, doneWithData, selectOfferedTools, streamedGoal, type DecodedStep } from '../tools/index.js';
import { isAbortError, messageOf } from '../base/index.js';
import { ApprovalGate } from './approval-gate.js';
import { quietly } from './errors.js';
import * as notes from './notes.js';
import { formatEarlierTasks, LlmsTxtLoader } from '../prompt/index.js';
import { extractTool } from './extract-tool.js';
import { takeAction } from './take-action.js';
import { composeMessages } from './compose-messages.js';
import { callHook, emitActivity, emitHistory, recordEvent } from './agent-events.js';
import type { BrowserState } from '../dom/index.js';
import type { TaskRun } from './task-run.js';
import type { AgentStatus, AgentStepEvent } from '../types.js';

/** Runs the steps of an agent's tasks; one per agent, so its approval gate and llms.txt cache outlive a run. */
export class StepLoop {
  /** Holds page actions for the user's decision (`respondToApproval()`). */
  readonly approvals = new ApprovalGate();
  readonly #llmsTxt = new LlmsTxtLoader();
  readonly #agent: LoopAgent;

  constructor(agent: LoopAgent) {
    this.#agent = agent;
  }

  /** Runs `onBeforeTask`, then steps from `run.step` until the run ends; resolves to how it ended. */
  async run(run: TaskRun): Promise<Outcome> {
    const failed = await callHook(this.#agent, 'onBeforeTask');
    return failed ? this.#fail(run, failed) : this.#steps(run, run.abort.signal);
  }

  async #steps(run: TaskRun, signal: AbortSignal): Promise<Outcome> {
    const agent = this.#agent;
    const { maxSteps } = agent.config;
    // A continued task's first step reads a page that has just loaded: no action to settle after.
    const first = run.step;
    while (run.step < maxSteps) {
      const step = run.step;
      if (run.control.holding) {
        try {
          await run.control.hold(signal, () => {
            emitActivity(agent, { type: 'paused' });
            void quietly(() => agent.pageController.hideMask());
          });
        } catch (error) {
          return this.#stepFailure(run, error, signal);
        }
        await quietly(() => agent.pageController.showMask());
      }
      const beforeFailed = await callHook(agent, 'onBeforeStep', step);
      if (beforeFailed) return this.#fail(run, beforeFailed);
      let end: Outcome | undefined;
      try {
        end = await this.#step(run, step, signal, step > first);
      } catch (error) {
        end = this.#stepFailure(run, lastStepError(error, step, maxSteps, agent.tools.has('done')), signal);
      } finally {
        run.inFlight = null;
      }
      run.step = step + 1;
      const afterFailed = await callHook(agent, 'onAfterStep', agent.history);
      if (end) return end;
      if (afterFailed) return this.#fail(run, afterFailed);
    }
    return this.#fail(run, `Stopped after ${maxSteps} steps (maxSteps) without finishing the task.`);
  }

  /** One step: observe, think, act, record. Resolves to an outcome when the run ends here. */
  async #step(run: TaskRun, step: number, signal: AbortSignal, settle: boolean): Promise<Outcome | undefined> {
    const agent = this.#agent;
    const { config, tools } = agent;
    if (settle) await settleBetweenSteps(config.stepDelay, signal);
    signal.throwIfAborted();
    const state = await agent.pageController.getBrowserState();
    this.#observe(run, state, step);
    const offered = selectOfferedTools(tools, { canAskUser: !!agent.onAskUser, lastStep: step === config.maxSteps - 1 });
    if (run.output) {
      if (offered.size > 1) offered.set('extract', extractTool(run, agent.pageController, config));
      if (offered.has('done')) offered.set('done', doneWithData(run.output));
    }
    const { tools: offeredTools, macro } = buildAgentOutput(offered);
    const earlier = formatEarlierTasks(run.earlier).text;
    const messages = await composeMessages(config, agent.task, agent.history, state, step, tools.has('done'), this.#llmsTxt, signal, run.fence, earlier);
    // The token budget: stop before a call whose prompt (about 4 characters a token) would pass it.
    // Estimated only when there is a budget: it serialises the whole prompt, page text and all.
    const budget = config.maxTokens;
    if (budget) {
      const next = JSON.stringify(messages).length >> 2;
      if (run.usage.totalTokens + next > budget) {
        return this.#fail(run, `Stopped before step ${step + 1}: its call (about ${next} tokens) would pass maxTokens (${budget}; ${run.usage.totalTokens} used).`);
      }
    }
    emitActivity(agent, { type: 'thinking' });
    const stopWatching = watchDomChanges();
    let reply: InvokeResult<DecodedStep>;
    let changes: number;
    try {
      reply = await run.llm.invoke<DecodedStep>(messages, offeredTools, signal, {
        toolChoiceName: AGENT_OUTPUT,
        macro,
        final: step === config.maxSteps - 1,
        onStream: (text) => {
          const said = streamedGoal(text);
          if (said) emitActivity(agent, { type: 'streaming', text: said });
        },
      });
    } finally {
      changes = stopWatching();
    }
    run.usage = addUsage(run.usage, reply.usage);
    const { action, reflection } = reply.toolResult;
    if (!action) throw new LLMError('invalid_tool_args', 'The model replied without an action.');
    if (action.name !== 'done') run.notes.push(notes.changedWhileThinkingNote(step + 1, changes));
    const event: AgentStepEvent = {
      type: 'step',
      stepIndex: step,
      reflection,
      action: { name: action.name, input: action.input, output: '' },
      usage: reply.usage,
      rawResponse: reply.rawResponse,
      rawRequest: reply.rawRequest,
    };
    run.inFlight = event;
    const acted = await takeAction(agent, run, this.approvals, action, state, signal, offered);
    run.inFlight = null;
    const input = (action.name === 'done' && action.input) as { text?: unknown; success?: unknown; data?: unknown } | false;
    const success = input && input.success !== false;
    // With an output schema, a successful done must carry data; without it the run goes on.
    const noData = success && run.output && input.data === undefined;
    event.action.output = acted.output + notes.onlyFirstNote(reply.repairs, action.name);
    if (noData) run.notes.push(notes.MISSING_DATA_RESULT);
    recordEvent(agent, event);
    if (input && !noData) return this.#outcome(run, !!success, success && run.output ? input.data : typeof input.text === 'string' ? input.text : '', 'completed');
    return acted.stop ? this.#fail(run, acted.stop) : undefined;
  }

  /** Flushes this step's notes (queued, navigation, waiting, budget) into history. */
  #observe(run: TaskRun, state: BrowserState, step: number): void {
    const agent = this.#agent;
    const observed = run.notes.take(state, step, agent.config.maxSteps, agent.tools.has('done'));
    if (!observed.length) return;
    for (const content of observed) agent.history.push({ type: 'observation', content });
    emitHistory(agent);
  }

  /** Records why a step threw (a stop of this run, or an error as activity and history) and ends the run. */
  #stepFailure(run: TaskRun, error: unknown, signal: AbortSignal): Outcome {
    const agent = this.#agent;
    if (isAbortError(error) && signal.aborted) {
      recordEvent(agent, { type: 'error', message: run.stopReason });
      return this.#outcome(run, false, run.stopReason, 'stopped');
    }
    const message = messageOf(error);
    emitActivity(agent, { type: 'error', message });
    recordEvent(agent, { type: 'error', message, rawResponse: error instanceof LLMError ? error.rawResponse : undefined });
    return this.#outcome(run, false, message, 'error');
  }

  #fail(run: TaskRun, message: string): Outcome {
    return this.#outcome(run, false, message, 'error');
  }

  #outcome(run: TaskRun, success: boolean, data: unknown, status: AgentStatus): Outcome {
    return outcomeOf(success, data, status, this.#agent.history, run.usage);
  }
}
