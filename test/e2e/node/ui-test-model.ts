// A mock model for `drop-in-page-agent test`: the agent's calls play a script per test (found by the
// test name in the task), and the checking step's verdict is read from the page text it is sent,
// each expectation by a rule: the evidence is what the page shows, and it passes when that matches.
import { agentStep, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';
import { lastUserText, type ScriptStep } from './runner-helpers.js';

/** How an expectation (found by a word of its text) is judged: the page text `evidence` matches is quoted; it passes when `pass` matches that quote. */
export interface VerdictRule {
  about: string;
  evidence: RegExp;
  pass: RegExp;
}

/** The expectations listed in a checking-step request. */
export function expectationsOf(request: RecordedRequest): string[] {
  const list = /Expectations:\n([\s\S]*)$/.exec(lastUserText(request))?.[1] ?? '';
  return list.split('\n').map((line) => line.replace(/^\d+\.\s*/, '').trim()).filter(Boolean);
}

/** The page text part of a checking-step request. */
export function pageTextOf(request: RecordedRequest): string {
  return /<page_text>\n([\s\S]*?)\n<\/page_text>/.exec(lastUserText(request))?.[1] ?? '';
}

/** Whether the request is the checking step's. */
export const isVerdictCall = (request: RecordedRequest) => (request.body?.tools as { function?: { name?: string } }[] | undefined)?.[0]?.function?.name === 'report_verdict';

/** The test a request of the agent belongs to (its task names it). */
export function testNameOf(request: RecordedRequest): string {
  return /UI test \\?"(.+?)\\?"/.exec(JSON.stringify(request.body?.messages ?? []))?.[1] ?? '';
}

/** The mock model: per test name, the agent calls of each attempt in order; `rules` for the verdicts. */
export function uiTestModel(scripts: Record<string, ScriptStep[][]>, rules: VerdictRule[]) {
  const errors: string[] = [];
  const calls: Record<string, number> = {};
  const attempts: Record<string, number> = {};
  const verdicts: { expectation: string; passed: boolean; evidence: string }[] = [];
  const handler = (request: RecordedRequest): MockReply => {
    if (isVerdictCall(request)) {
      const page = pageTextOf(request);
      const results = expectationsOf(request).map((expectation, i) => {
        const rule = rules.find((candidate) => expectation.includes(candidate.about));
        if (!rule) errors.push(`no verdict rule for "${expectation}"`);
        const evidence = rule ? (rule.evidence.exec(page)?.[0] ?? '') : '';
        const passed = !!rule && evidence !== '' && rule.pass.test(evidence);
        verdicts.push({ expectation, passed, evidence });
        return { expectation: i + 1, passed, evidence, reason: passed ? 'The page shows it.' : 'The page shows something else.' };
      });
      return { toolCall: { name: 'report_verdict', args: { results } } };
    }
    const name = testNameOf(request);
    const perAttempt = scripts[name];
    if (!perAttempt) {
      errors.push(`no script for test "${name}"`);
      return { json: { error: { message: 'no script' } }, status: 500 };
    }
    // The calls of a test play its attempts' scripts one after the other.
    const call = (calls[name] = (calls[name] ?? 0) + 1);
    let index = call - 1;
    let attempt = 0;
    while (attempt < perAttempt.length - 1 && index >= perAttempt[attempt]!.length) index -= perAttempt[attempt++]!.length;
    attempts[name] = attempt + 1;
    const step = perAttempt[attempt]![index];
    if (!step) {
      errors.push(`the script of "${name}" ran out at call ${call}`);
      return { json: { error: { message: 'script ran out' } }, status: 500 };
    }
    try {
      return agentStep(step(request), `call ${call}`);
    } catch (error) {
      errors.push(`${name} call ${call}: ${(error as Error).message}`);
      throw error;
    }
  };
  return Object.assign(handler, { errors, verdicts, attempts });
}
