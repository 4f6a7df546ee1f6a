// The scripted perfect reasoner: follows a task's plan through the page text each request carries,
// picking targets only by the words a person would use (match.mjs), scrolling when it does not see
// them, and failing (never guessing) when they are not on an indexed entry. It never sees the DOM.
import { FITS, findTarget } from './match.mjs';
import { pageTextOf, parsePageText, scrollInfoOf, stepNumberOf } from './page-text.mjs';
import { describeStep } from './plan.mjs';
import { answerSchemaOf, dataSchemaOf, extractResultOf, offeredActions, readAnswer, readableText, typed } from './read.mjs';

/** Scrolls tried for one target before giving up (down to the end, then back up). */
export const MAX_SCROLLS = 12;

/**
 * A new session following `plan` (an array of plan steps). `schema`: the JSON Schema of an output
 * task's answer, for typing it when the agent's request does not carry one (an agent without `data`).
 */
export function createSession(plan, { schema = null } = {}) {
  return { plan, schema, data: undefined, extractPending: false, step: 0, phase: 'control', controlIndex: null, scrolls: 0, direction: 'down', waited: false, loose: null, failure: null, lastStep: null, lastReply: null, trace: [], extracting: null, answers: [] };
}

const output = (action, goal) => ({ evaluation_previous_goal: 'As planned.', memory: '', next_goal: goal, action });

/** What the current plan step looks for: the target query and a label for traces. */
function queryOf(session) {
  const step = session.plan[session.step];
  if (step.do === 'select' && session.phase === 'option') {
    return { query: { target: step.option, fit: FITS.option, exclude: [session.controlIndex] }, what: `option "${step.option}" of "${[].concat(step.target)[0]}"` };
  }
  const fit = step.do === 'type' ? FITS.type : step.do === 'select' ? FITS.select : undefined;
  return { query: { target: step.target, after: step.after, fit }, what: describeStep(step) };
}

/** Why a target was not found, in one line for the report. */
function failureOf(what, result, loose) {
  if (result.reason === 'no-anchor') return `${what}: the section it follows is not in the page text`;
  if (loose) return `${what}: the words are only on a text line without an index: "${loose.slice(0, 100)}"`;
  return `${what}: the words are not in the page text`;
}

/** Gives up with the session's failure. */
const giveUp = (session) => output({ done: { text: `Cannot finish: ${session.failure}`, success: false } }, 'give up');

/**
 * When the target is not in the page text: scroll a page at a time while the header says there is
 * more (down, then back up), then wait once; then the failure `failure()` ends the session.
 */
function lookFurther(session, pageText, what, failure) {
  const { pagesBelow, pagesAbove } = scrollInfoOf(pageText);
  if (session.direction === 'down' && pagesBelow < 0.05) session.direction = 'up';
  const room = session.direction === 'down' ? pagesBelow : pagesAbove;
  if (room >= 0.05 && session.scrolls < MAX_SCROLLS) {
    session.scrolls++;
    session.trace.push({ look: what, action: `scroll ${session.direction}` });
    return output({ scroll: { down: session.direction === 'down', num_pages: 1 } }, `look for ${what}`);
  }
  if (!session.waited) {
    session.waited = true;
    session.trace.push({ look: what, action: 'wait' });
    return output({ wait: { seconds: 1 } }, `wait for ${what}`);
  }
  session.failure = failure();
  session.trace.push({ look: what, failure: session.failure });
  return giveUp(session);
}

/** The end of a plan: done, carrying the data an output task read (ours: `data`; else its JSON as the text). */
function finish(session, options) {
  if (session.data === undefined) return output({ done: { text: session.answers.length > 0 ? session.answers.join(' ') : 'The task is done.', success: true } }, 'report');
  if (options.dataSchema) return output({ done: { text: 'Here is the data.', success: true, data: session.data } }, 'report');
  return output({ done: { text: JSON.stringify(session.data), success: true } }, 'report');
}

/**
 * A read step (output tasks): the answer from the page listing when it holds it all; else ours'
 * `extract` (the whole page text, answered by answerData) when offered, or scrolling; the step after
 * an extract takes the data from that action's result in the history.
 */
function readStep(session, step, pageText, options) {
  const what = describeStep(step);
  const next = (data, how) => {
    session.data = data;
    session.step++;
    session.trace.push({ look: what, read: `${how}: ${JSON.stringify(data).slice(0, 300)}` });
    Object.assign(session, { scrolls: 0, direction: 'down', waited: false, extractPending: false });
    return decide(session, pageText, options);
  };
  const callExtract = () => {
    session.extracting = step;
    session.extractPending = true;
    session.trace.push({ look: what, action: 'extract' });
    return output({ extract: { question: step.target } }, what);
  };
  if (session.extractPending) {
    const result = options.extractResult;
    if (result?.data !== undefined) return next(result.data, 'from the extract result');
    session.failure = `${what}: the extract action gave no data (${result ? result.error : 'no extract result in the history'})`;
    session.trace.push({ look: what, failure: session.failure });
    return giveUp(session);
  }
  if (step.via === 'extract' && options.canExtract) return callExtract();
  const { value, missing } = readAnswer(step.answer, readableText(pageText));
  if (missing.length === 0) return next(typed(value, options.dataSchema ?? session.schema ?? {}, { sloppy: !!step.sloppy }), 'from the page listing');
  if (options.canExtract) return callExtract();
  return lookFurther(session, pageText, what, () => `${what}: the page text does not show ${missing.join(', ')}`);
}

/**
 * The AgentOutput arguments for the next step, given the page text; advances the session. Options
 * (or a boolean, `canFind`): `canFind`, the agent offers scroll_to_text (a `find` step is skipped
 * otherwise, and the next target is looked for by scrolling); for read steps, `canExtract` (ours'
 * extract is offered), `dataSchema` (done's `data` argument, as the request describes it) and
 * `extractResult` (the last extract action's result in the history, extractResultOf).
 */
export function decide(session, pageText, options = {}) {
  const opts = typeof options === 'boolean' ? { canFind: options } : options;
  const canFind = !!opts.canFind;
  if (session.failure) return giveUp(session);
  while (session.plan[session.step]?.do === 'find' && !canFind) session.step++;
  if (session.step >= session.plan.length) return finish(session, opts);
  const step = session.plan[session.step];
  if (step.do === 'read') return readStep(session, step, pageText, opts);
  // The Node runner's own tools: no target to look for on the page.
  const own = { back: ['go_back', {}], 'close-tab': ['close_tab', {}], extract: ['extract', { question: step.target }] }[step.do];
  if (own) {
    session.step++;
    if (step.do === 'extract') session.extracting = step;
    session.trace.push({ look: describeStep(step), action: own[0] });
    return output({ [own[0]]: own[1] }, describeStep(step));
  }
  if (step.do === 'find') {
    session.step++;
    session.trace.push({ look: describeStep(step), action: 'scroll_to_text' });
    return output({ scroll_to_text: { text: step.target } }, describeStep(step));
  }
  const entries = parsePageText(pageText);
  const { query, what } = queryOf(session);
  const found = findTarget(entries, query);
  if (!found.entry) {
    if (found.reason === 'loose') session.loose = found.line;
    return lookFurther(session, pageText, what, () => failureOf(what, found, session.loose));
  }
  const entry = found.entry;
  session.trace.push({ look: what, line: entry.line.slice(0, 200) });
  Object.assign(session, { scrolls: 0, direction: 'down', waited: false, loose: null });
  const next = () => {
    session.step++;
    session.phase = 'control';
  };
  if (step.do === 'type') {
    next();
    return output({ input_text: { index: entry.index, text: step.text } }, what);
  }
  if (step.do === 'select' && session.phase === 'control') {
    if (entry.tag === 'select') {
      next();
      return output({ select_dropdown_option: { index: entry.index, text: step.option } }, what);
    }
    session.phase = 'option';
    session.controlIndex = entry.index;
    return output({ click_element_by_index: { index: entry.index } }, `open "${[].concat(step.target)[0]}"`);
  }
  next();
  return output({ click_element_by_index: { index: entry.index } }, what);
}

/**
 * The reply to one chat-completion request body: AgentOutput arguments. A request repeating the
 * step number of the previous one (a retry) gets the same reply, so a retry never skips a plan step.
 */
export function replyTo(session, body) {
  const stepNumber = stepNumberOf(body);
  if (stepNumber !== null && stepNumber === session.lastStep && session.lastReply) return session.lastReply;
  const pageText = pageTextOf(body);
  let reply;
  if (pageText === null) {
    session.failure ??= 'the request carries no page text (neither a <page> nor a <browser_state> block)';
    reply = output({ done: { text: `Cannot finish: ${session.failure}`, success: false } }, 'give up');
  } else {
    session.lastPageText = pageText;
    reply = decide(session, pageText, {
      canFind: JSON.stringify(body.tools ?? []).includes('scroll_to_text'),
      canExtract: 'extract' in offeredActions(body),
      dataSchema: dataSchemaOf(body),
      extractResult: extractResultOf(body),
    });
  }
  session.lastStep = stepNumber;
  session.lastReply = reply;
  return reply;
}

/**
 * The reply to a plain request (no tools): the Node runner's `extract` asking a question of a page's
 * whole text. The answer is what the extract step's pattern matches in that text, and is remembered
 * for the final answer; a page that does not hold it gets "The page does not say."
 */
export function answerExtract(session, body) {
  const step = session.extracting;
  const text = /<page_text>\n([\s\S]*?)\n<\/page_text>/.exec(String(body.messages?.at(-1)?.content ?? ''))?.[1] ?? '';
  const found = step ? step.answer.exec(text.replace(/\s+/g, ' '))?.[0] : undefined;
  session.trace.push({ look: step ? describeStep(step) : 'an unplanned extract', answer: found ?? null });
  if (!found) return 'The page does not say.';
  session.extracting = null;
  session.answers.push(found);
  return found;
}

/**
 * The reply to ours' extract call (a forced call of `answer`, whose parameters are the output
 * schema): the answer of the pending read step, read from the page text that call carries and typed by
 * those parameters (`sloppy`: scalars as strings). A page text that does not hold it ends the session
 * as a failure (and the reply, `{}`, does not fit the schema).
 */
export function answerData(session, body) {
  const step = session.extracting;
  const what = step ? `${describeStep(step)}, extract call` : 'an unplanned extract call';
  if (!step) {
    session.failure ??= 'the agent made an extract call the plan did not ask for';
    session.trace.push({ look: what, failure: session.failure });
    return {};
  }
  const { value, missing } = readAnswer(step.answer, readableText(pageTextOf(body) ?? ''));
  if (missing.length) {
    session.failure ??= `${what}: the page text it carries does not show ${missing.join(', ')}`;
    session.trace.push({ look: what, failure: session.failure });
    return {};
  }
  // Ours wraps the output schema as the answer tool's `data` argument.
  const data = typed(value, answerSchemaOf(body)?.properties?.data ?? {}, { sloppy: !!step.sloppy });
  session.trace.push({ look: what, answer: JSON.stringify(data).slice(0, 300) });
  return { data };
}
