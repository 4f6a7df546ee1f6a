// A fake agent for panel tests: an EventTarget with the PanelAgent members, driven by the test.
import type { AgentActivity, AgentStatus, ApprovalDecision, ExecutionResult, HistoricalEvent } from '../../../src/types.js';
import type { PanelAgent, RunControlState } from '../../../src/panel/types.js';

/** Emits the same events as PageAgentCore; records calls. */
export class FakeAgent extends EventTarget implements PanelAgent {
  status: AgentStatus = 'idle';
  history: HistoricalEvent[] = [];
  task = '';
  lastResult: ExecutionResult | null = null;
  disposed = false;
  controlState?: RunControlState;
  onAskUser?: (question: string, options?: { signal: AbortSignal }) => Promise<string>;
  calls: string[] = [];
  decisions: ApprovalDecision[] = [];
  executeError: Error | null = null;

  async execute(task: string): Promise<unknown> {
    this.calls.push(`execute:${task}`);
    if (this.executeError) throw this.executeError;
    this.task = task;
    this.history = [];
    this.setStatus('running');
    return undefined;
  }
  async stop(): Promise<void> {
    this.calls.push('stop');
    this.setStatus('stopped');
  }
  dispose(): void {
    this.calls.push('dispose');
    this.disposed = true;
    this.dispatchEvent(new Event('dispose'));
  }
  pause(): void {
    this.calls.push('pause');
  }
  resume(): void {
    this.calls.push('resume');
  }
  takeOver(): void {
    this.calls.push('takeOver');
  }
  respondToApproval(decision: ApprovalDecision): void {
    this.decisions.push(decision);
  }

  setStatus(status: AgentStatus, success?: boolean): void {
    this.status = status;
    if (status === 'completed') this.lastResult = { success: success ?? true, data: '', history: this.history };
    this.dispatchEvent(new Event('statuschange'));
  }
  push(event: HistoricalEvent): void {
    this.history = [...this.history, event];
    this.dispatchEvent(new Event('historychange'));
  }
  activity(detail: AgentActivity): void {
    this.dispatchEvent(new CustomEvent('activity', { detail }));
  }
  setControl(state: RunControlState): void {
    this.controlState = state;
    this.dispatchEvent(new Event('controlchange'));
  }
}

/** A step event with defaults. */
export function step(stepIndex: number, name: string, input: unknown, output = 'ok', goal = `goal ${stepIndex}`): HistoricalEvent {
  return {
    type: 'step',
    stepIndex,
    reflection: { next_goal: goal },
    action: { name, input, output },
    usage: { promptTokens: 1000, completionTokens: 50, totalTokens: 1050 },
  };
}
