// Built-in tools that steer the run rather than the page: done, wait and ask_user.
// They know the tool host's shape only; the loop decides what `done` means for the run.
import { sleep } from '../base/index.js';
import * as s from '../schema/index.js';
import type { PageAgentTool, ToolHost } from './tool.js';

/** The tools that change nothing on the page (never subject to approval), by model-facing name. */
export const CONTROL_TOOLS = {
  /** Ends the task with an answer for the user. */
  done: {
    description: 'Finish the task. text: your answer or a short report for the user; success: whether the whole task was achieved.',
    inputSchema: s.object({
      text: s.string(),
      success: s.withDefault(s.boolean(), true),
    }),
    async execute() {
      return 'Task completed';
    },
  } satisfies PageAgentTool<{ text: string; success: boolean }>,
  /** Waits while the page loads; 1 to 10 seconds. */
  wait: {
    description: 'Wait for the page to finish loading (1-10 s).',
    inputSchema: s.object({
      seconds: s.withDefault(s.number({ minimum: 1, maximum: 10 }), 1),
    }),
    async execute(input, { signal }) {
      await sleep(input.seconds * 1000, signal);
      return `Waited ${input.seconds} s.`;
    },
  } satisfies PageAgentTool<{ seconds: number }>,
  /** Asks the user a question through the agent's `onAskUser` handler and returns the answer. */
  ask_user: {
    description: 'Ask the user a question and wait for the answer, when you need information only they have.',
    inputSchema: s.object({ question: s.string() }),
    async execute(this: ToolHost, input, { signal }) {
      if (!this.onAskUser) return 'No one can answer questions right now; continue without asking.';
      const answer = await this.onAskUser(input.question, { signal });
      return `The user answered: ${answer}`;
    },
  } satisfies PageAgentTool<{ question: string }>,
};
