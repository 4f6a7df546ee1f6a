// The `extract` tool of a run with an output schema: it answers a question about the whole page text
// (also what the step's budgeted listing leaves out) with a model call of its own, whose forced tool
// takes the output schema, so the answer is validated and repaired like any tool's arguments.
import { addUsage } from '../llm/index.js';
import { EXTRACT_PROMPT, extractMessage } from '../prompt/index.js';
import * as s from '../schema/index.js';
import type { AgentPageController, PageAgentTool } from '../tools/index.js';
import type { TaskRun } from './task-run.js';
import { transformedContent } from './compose-messages.js';
import type { ResolvedAgentConfig } from './core-config.js';

/** The most page text one extract call sends (about 15k tokens); longer text is cut with a note. */
export const EXTRACT_CHARS = 60_000;

/** The `extract` tool for `run` (which has an output schema), reading the page through `controller`, transformed as `config` says. */
export function extractTool(run: TaskRun, controller: AgentPageController, config: ResolvedAgentConfig): PageAgentTool<{ question: string }> {
  return {
    description: 'Answer a question from the whole page text (also what is not listed) into the output schema.',
    inputSchema: s.object({ question: s.string() }),
    async execute({ question }, { signal }) {
      // The user's transformPageContent (redaction) applies here as to every step's page text.
      let text = await transformedContent(config, (await controller.getPageText?.()) ?? (await controller.getBrowserState()).content);
      if (text.length > EXTRACT_CHARS) text = text.slice(0, EXTRACT_CHARS) + '\n(cut)';
      const reply = await run.llm.invoke(
        [
          { role: 'system', content: EXTRACT_PROMPT },
          { role: 'user', content: extractMessage(question, text, run.fence) },
        ],
        // Wrapped in an object: providers take only objects as function parameters, a result may be a list.
        { answer: { inputSchema: s.object({ data: run.output! }), execute: async (args) => args.data } },
        signal,
        { toolChoiceName: 'answer' },
      );
      run.usage = addUsage(run.usage, reply.usage);
      return JSON.stringify(reply.toolResult);
    },
  };
}
