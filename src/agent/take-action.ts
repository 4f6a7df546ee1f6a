// One chosen action carried out: loop detection (a warning, then the user's say or a stop), the
// approval policy and allowed origins, then the tool. Resolves to the result text the model reads.
import { messageOf } from '../base/index.js';
import type { BrowserState } from '../dom/index.js';
import { CONTROL_TOOL_NAMES, type ChosenAction } from '../tools/index.js';
import { emitActivity, reportFailure } from './agent-events.js';
import { approvalContextOf, type ApprovalGate, type ApprovalOutcome } from './approval-gate.js';
import type { LoopAgent } from './loop-agent.js';
import { describeAction, pageFingerprint } from './loop-detector.js';
import * as notes from './notes.js';
import { runTool } from './run-tool.js';
import type { TaskRun } from './task-run.js';
import type { PageAgentTool } from '../types.js';

/** What an action left for the model; `stop` ends the run with that reason. */
export interface ActionResult {
  output: string;
  stop?: string;
}

/** Runs the chosen action (one of `tools`, the step's offered tools) through loop detection and approval on the page `state` the model saw. */
export async function takeAction(
  agent: LoopAgent,
  run: TaskRun,
  approvals: ApprovalGate,
  action: ChosenAction,
  state: BrowserState,
  signal: AbortSignal,
  tools: ReadonlyMap<string, PageAgentTool>,
): Promise<ActionResult> {
  const tool = tools.get(action.name);
  if (!tool) return { output: `Unknown action "${action.name}". Available: ${[...tools.keys()].join(', ')}.` };
  if (action.name !== 'done') {
    const fingerprint = pageFingerprint(state);
    const verdict = run.loops.record(action, fingerprint);
    const described = describeAction(action);
    if (verdict.level === 'stop') {
      const ask = agent.onAskUser;
      if (!ask) {
        const stop = notes.loopStopMessage(described, verdict.count);
        return { output: stop, stop };
      }
      const answer = await ask(notes.loopQuestion(described, verdict.count), { signal });
      run.loops.forgive(action, fingerprint);
      return { output: notes.loopAnsweredResult(verdict.count, answer) };
    }
    if (verdict.level === 'warn') run.notes.push(notes.repeatingNote(described, verdict.count));
  }
  let approval: ApprovalOutcome | undefined;
  if ((agent.config.approveAction || agent.config.allowedOrigins) && !CONTROL_TOOL_NAMES.has(action.name) && !(run.output && action.name === 'extract')) {
    approval = await approve(agent, approvals, action, state, signal);
    if (!approval.allow) return { output: approval.result ?? notes.deniedResult(approval.note, approval.reason) };
  }
  const ran = await runTool(tool, action.name, action.input, agent, signal, (activity) => emitActivity(agent, activity));
  const output = approval?.asked ? notes.approvedPrefix(approval.reason) + ran : ran;
  run.notes.trackWait(action.name, action.input);
  return { output };
}

/** Asks the approval policy (and, through it, the user) whether the action may run; the risk is judged again just before it acts. */
function approve(agent: LoopAgent, approvals: ApprovalGate, action: ChosenAction, state: BrowserState, signal: AbortSignal): Promise<ApprovalOutcome> {
  const contextNow = () => approvalContextOf(action.name, action.input, agent.pageController, state.url, signal);
  return approvals.decide(
    action.name,
    action.input,
    agent.config.approveAction,
    contextNow(),
    agent,
    (request) => emitActivity(agent, { type: 'approval', ...request }),
    (error) => reportFailure(agent, `approveAction failed (${messageOf(error)}); the action was denied`, error),
    () => contextNow().reason,
    agent.config.allowedOrigins?.map((origin) => new URL(origin).origin),
  );
}
