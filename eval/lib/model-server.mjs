// The eval's model: the project's mock OpenAI-compatible server (bench/lib/mock-llm-server.mjs) on
// its own origin, answering each request with the scripted reasoner of the run it belongs to (the
// run is named by the request's `model`), and counting what each run sent in o200k tokens.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startMockLLMServer } from '../../bench/lib/mock-llm-server.mjs';
import { pageTextOf, parsePageText } from './page-text.mjs';
import { answerSchemaOf } from './read.mjs';
import { answerData, answerExtract, createSession, replyTo } from './reasoner.mjs';

const MODEL_PREFIX = 'eval-reasoner/';

/** Text of every message of a request body, as sent. */
function messagesText(body) {
  return (body.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((p) => p?.text ?? '').join('') : ''))
    .join('\n');
}

/** Starts the server; `begin(plan)` opens a run and returns the model name its agent must use. */
export async function startModelServer() {
  const server = await startMockLLMServer();
  const runs = new Map();
  let next = 0;
  server.setHandler((record) => {
    const model = String(record.body?.model ?? '');
    const run = runs.get(model);
    if (!run) return { json: { error: { message: `unknown eval run for model "${model}"`, type: 'invalid_request_error' } }, status: 400 };
    const text = messagesText(record.body);
    const promptTokens = countTokens(text) + countTokens(JSON.stringify(record.body.tools ?? []));
    // What reached the model, for the security checks: every message, and the page's indexed lines.
    run.sent.push(text);
    const page = pageTextOf(record.body);
    if (page) for (const entry of parsePageText(page)) if (entry.kind === 'indexed') run.indexedLines.push(entry.line);
    // A request without tools is the Node runner's extract (a question about a page's whole text); a
    // forced call of `answer` is ours' in-page extract (an output task's data from the whole page text).
    const plain = !record.body.tools;
    const answer = !plain && answerSchemaOf(record.body) !== null;
    const args = plain ? answerExtract(run.session, record.body) : answer ? answerData(run.session, record.body) : replyTo(run.session, record.body);
    const completionTokens = countTokens(JSON.stringify(args));
    run.requests++;
    run.promptTokens += promptTokens;
    run.completionTokens += completionTokens;
    run.maxPromptTokens = Math.max(run.maxPromptTokens, promptTokens);
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
    if (plain) return { content: args, usage };
    return {
      toolCall: { name: answer ? 'answer' : 'AgentOutput', args },
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    };
  });
  return {
    baseURL: server.baseURL,
    /** Opens a run following `plan` (`options.schema`: an output task's JSON Schema); returns its model name. */
    begin(plan, options = {}) {
      const model = `${MODEL_PREFIX}${++next}`;
      runs.set(model, { session: createSession(plan, options), sent: [], indexedLines: [], requests: 0, promptTokens: 0, completionTokens: 0, maxPromptTokens: 0 });
      return model;
    },
    /** What a run's model saw and did: requests, tokens, trace, failure, the last page text, every message sent and every indexed line. */
    report(model) {
      const run = runs.get(model);
      const { session } = run;
      return {
        requests: run.requests,
        promptTokens: run.promptTokens,
        completionTokens: run.completionTokens,
        tokens: run.promptTokens + run.completionTokens,
        maxPromptTokens: run.maxPromptTokens,
        planDone: session.step >= session.plan.length && !session.failure,
        failure: session.failure,
        trace: session.trace,
        lastPageText: session.lastPageText ?? null,
        sent: run.sent,
        indexedLines: run.indexedLines,
      };
    },
    /** Forgets a run. */
    end: (model) => void runs.delete(model),
    close: () => server.close(),
  };
}
