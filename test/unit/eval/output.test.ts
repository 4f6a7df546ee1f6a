// The eval's output section (#20): how the scripted reasoner reads typed data out of both agents'
// page text, answers ours' extract call and copies its result into done, and how the check reads
// the data an agent returned.
import { describe, expect, it } from 'vitest';
import { staticPage } from '../../../eval/lib/pages.mjs';
import { click, read } from '../../../eval/lib/plan.mjs';
import { answerSchemaOf, dataSchemaOf, extractResultOf, leavesNotOnPage, numberOf, readAnswer, readableText, returnedData, typed } from '../../../eval/lib/read.mjs';
import { answerData, createSession, decide, replyTo } from '../../../eval/lib/reasoner.mjs';
import { problemsOf } from '../../../eval/lib/registry.mjs';
import { renderReport } from '../../../eval/lib/report.mjs';
import type { RunRecord } from '../../../eval/lib/run-agent.mjs';
import { jsonSchema, zod3, zod4 } from '../../../eval/lib/schemas.mjs';

// The same orders table as each agent lists it: ours joins a row's cells, page-agent gives each a line.
const OURS = ['Page info: 1280x800px viewport, 1280x800px page, scrolled to 0% (0.0 pages above, 0.0 pages below)', '[Start of page]', 'Order | Total | Status', '#1042 | $86.40 | Shipped', '[4]<button>View />', 'Theme', '[6]<div role=radiogroup>segmented control />', '\t[7]<label type=radio checked>Light />', '\t[8]<label type=radio>Dark />', '[14]<input role=spinbutton value=30>Session timeout (minutes) />'].join('\n');
const PAGE_AGENT = ['Page info: 1280x800px viewport, 1280x800px total page size, 0.0 pages above, 2.0 pages below, 1.0 total pages, at 0% of page', '[Start of page]', 'Order', 'Total', 'Status', '#1042', '$86.40', 'Shipped', '*[4]<button type=button>View />', '*[8]<label for=theme>Theme />', '*[9]<label >Light />', '*[10]<label >Dark />', '*[19]<label for=sessionTimeout>Session timeout (minutes) />', '*[22]<input role=spinbutton value=30 id=sessionTimeout />'].join('\n');

const ROW = /#(?<id>1042) \| (?<total>[^|]+) \| (?<status>[^|]+)/;
const ORDER_SCHEMA = { type: 'object', properties: { id: { type: 'integer' }, total: { type: 'number' }, status: { type: 'string', enum: ['pending', 'shipped'] } } };
const SETTINGS = { theme: /Theme \|(?: [^|]+ \|)*? ([^|()]+) \(checked\)/, timeout: /Session timeout \(minutes\) \| (\d+)/ };

/** A request of ours: AgentOutput with done (and its data argument when there is a schema) and extract. */
function oursBody(page: string, { data = ORDER_SCHEMA as object | null, extract = true, history = 'No steps yet.', step = 1 } = {}) {
  const done = { type: 'object', properties: { text: { type: 'string' }, success: { type: 'boolean' }, ...(data ? { data } : {}) } };
  const variants = [{ type: 'object', properties: { done } }, { type: 'object', properties: { click_element_by_index: { type: 'object' } } }, ...(extract ? [{ type: 'object', properties: { extract: { type: 'object' } } }] : [])];
  return {
    tools: [{ type: 'function', function: { name: 'AgentOutput', parameters: { type: 'object', properties: { action: { anyOf: variants } } } } }],
    messages: [{ role: 'user', content: `<step>Step ${step} of 10.</step>\n\n<history>\n${history}\n</history>\n\n<page>\n${page}\n</page>` }],
  };
}

/** Ours' extract call: a forced `answer` whose parameters wrap the output schema as `data`; the whole page text. */
const extractBody = (page: string) => ({
  tools: [{ type: 'function', function: { name: 'answer', parameters: { type: 'object', properties: { data: ORDER_SCHEMA }, required: ['data'] } } }],
  tool_choice: { type: 'function', function: { name: 'answer' } },
  messages: [{ role: 'system', content: 'You answer a question about a web page' }, { role: 'user', content: `<question>\nOrder 1042?\n</question>\n\n<page>\n--- page F ---\n${page}\n--- end of page F ---\n</page>` }],
});

describe('readableText and readAnswer', () => {
  it('gives both agents\' formats of a table row the same segments', () => {
    expect(readAnswer(ROW, readableText(OURS))).toEqual({ value: { id: '1042', total: '$86.40', status: 'Shipped' }, missing: [] });
    expect(readAnswer(ROW, readableText(PAGE_AGENT))).toEqual(readAnswer(ROW, readableText(OURS)));
  });

  it('reads a checked option and a field value; what a format does not show is missing', () => {
    expect(readAnswer(SETTINGS, readableText(OURS))).toEqual({ value: { theme: 'Light', timeout: '30' }, missing: [] });
    // page-agent's labels of a segmented control do not say which is selected.
    expect(readAnswer(SETTINGS, readableText(PAGE_AGENT))).toEqual({ value: { theme: undefined, timeout: '30' }, missing: ['theme'] });
  });

  it('reads every match of a global pattern as an array, and names an empty one missing', () => {
    const text = 'Form | Error: Enter your name. | Email | Error: Enter an email.';
    expect(readAnswer({ errors: /Error: ([^|]+)/g }, text).value).toEqual({ errors: ['Enter your name.', 'Enter an email.'] });
    expect(readAnswer({ errors: /Warning: ([^|]+)/g }, text).missing).toEqual(['errors']);
  });
});

describe('typed', () => {
  it('types strings read from the page by the schema: numbers, integers, booleans, enum members', () => {
    expect(typed({ id: '1042', total: '$1,249.00', status: 'Shipped' }, ORDER_SCHEMA)).toEqual({ id: 1042, total: 1249, status: 'shipped' });
    expect(typed(['Yes', 'No'], { type: 'array', items: { type: 'boolean' } })).toEqual([true, false]);
    expect(numberOf('€12.50 each')).toBe(12.5);
  });

  it('keeps numbers as strings when sloppy, as a careless model writes them', () => {
    expect(typed({ id: '1042', total: '$86.40', status: 'Shipped' }, ORDER_SCHEMA, { sloppy: true })).toEqual({ id: '1042', total: '86.4', status: 'shipped' });
  });
});

describe('the requests', () => {
  it('finds done\'s data schema, the extract call and the extract result in the history', () => {
    expect(dataSchemaOf(oursBody(OURS))).toEqual(ORDER_SCHEMA);
    expect(dataSchemaOf(oursBody(OURS, { data: null }))).toBeNull();
    expect(answerSchemaOf(extractBody(OURS))?.properties.data).toEqual(ORDER_SCHEMA);
    expect(answerSchemaOf(oursBody(OURS))).toBeNull();
    const history = '1. goal: read\n   action: extract {"question":"q"}\n   result: {"id":1042}';
    expect(extractResultOf(oursBody(OURS, { history }))).toEqual({ data: { id: 1042 } });
    expect(extractResultOf(oursBody(OURS, { history: history.replace('{"id":1042}', 'Error: context too long') }))).toEqual({ error: 'Error: context too long' });
    expect(extractResultOf(oursBody(OURS))).toBeNull();
  });
});

describe('the reasoner on a read step', () => {
  it('reads the data from ours\' listing and gives it as done\'s data, typed by the schema the request carries', () => {
    const session = createSession([read('Order 1042', ROW)]);
    expect(replyTo(session, oursBody(OURS, { extract: false })).action).toEqual({ done: { text: 'Here is the data.', success: true, data: { id: 1042, total: 86.4, status: 'shipped' } } });
  });

  it('gives an agent without data the JSON as done\'s text, typed by the task\'s schema', () => {
    const session = createSession([read('Order 1042', ROW, { sloppy: true })], { schema: ORDER_SCHEMA });
    const reply = decide(session, PAGE_AGENT, {});
    expect(reply.action).toEqual({ done: { text: '{"id":"1042","total":"86.4","status":"shipped"}', success: true } });
  });

  it('calls extract, answers the extract call from its page text, then copies the result into done', () => {
    const session = createSession([read('Order 1042', ROW, { via: 'extract', sloppy: true })]);
    expect(replyTo(session, oursBody(OURS)).action).toEqual({ extract: { question: 'Order 1042' } });
    expect(answerData(session, extractBody(OURS))).toEqual({ data: { id: '1042', total: '86.4', status: 'shipped' } });
    const history = '1. action: extract {"question":"Order 1042"}\n   result: {"id":1042,"total":86.4,"status":"shipped"}';
    expect(replyTo(session, oursBody(OURS, { history, step: 2 })).action).toEqual({ done: { text: 'Here is the data.', success: true, data: { id: 1042, total: 86.4, status: 'shipped' } } });
    expect(session.failure).toBeNull();
  });

  it('uses extract when ours\' listing lacks the answer, and scrolls, then fails, without extract', () => {
    const missing = createSession([read('Settings', SETTINGS)]);
    expect(replyTo(missing, oursBody(PAGE_AGENT)).action).toEqual({ extract: { question: 'Settings' } });
    const scrolling = createSession([read('Settings', SETTINGS)]);
    expect(decide(scrolling, PAGE_AGENT, {}).action).toEqual({ scroll: { down: true, num_pages: 1 } });
    const end = createSession([read('Settings', SETTINGS)]);
    decide(end, OURS.replace('checked', ''), {});
    expect(decide(end, OURS.replace('checked', ''), {}).action.done).toMatchObject({ success: false });
    expect(end.failure).toBe('read "Settings": the page text does not show theme');
  });

  it('fails when the extract call\'s page text does not hold the answer, or the result is not data', () => {
    const session = createSession([read('Settings', SETTINGS, { via: 'extract' })]);
    replyTo(session, oursBody(OURS));
    expect(answerData(session, extractBody(PAGE_AGENT))).toEqual({});
    expect(session.failure).toMatch(/extract call: the page text it carries does not show theme/);
    const noData = createSession([read('Order', ROW, { via: 'extract' })]);
    replyTo(noData, oursBody(OURS));
    const reply = replyTo(noData, oursBody(OURS, { history: '1. action: extract {"question":"Order"}\n   result: Error: bad', step: 2 }));
    expect(reply.action.done).toMatchObject({ success: false });
    expect(noData.failure).toMatch(/the extract action gave no data \(Error: bad\)/);
  });
});

describe('the check and the report', () => {
  it('takes ours\' data as it is and page-agent\'s text only as JSON', () => {
    expect(returnedData({ id: 1 }, true)).toEqual({ data: { id: 1 } });
    expect(returnedData('{"id":1}', true)).toEqual({ data: '{"id":1}' });
    expect(returnedData('{"id":1}', false)).toEqual({ data: { id: 1 } });
    expect(returnedData('Order 1 is shipped.', false)).toEqual({ error: 'the result is text, not JSON' });
  });

  it('validates that the expected values are on the page', () => {
    expect(leavesNotOnPage({ id: 1042, total: 86.4, status: 'shipped', items: [{ q: 2 }] }, '#1042 $86.40 Shipped Qty 2')).toEqual([]);
    expect(leavesNotOnPage({ total: 86.5, status: 'pending' }, '#1042 $86.40 Shipped')).toEqual(['total', 'status']);
  });

  it('prints the data each agent returned beside the expected value', () => {
    const run = (passed: boolean, returned: string): RunRecord => ({ agent: 'x', task: 'o', passed, reason: passed ? null : 'data', steps: 1, requests: 1, tokens: 10, seconds: 1, returned });
    const md = renderReport({
      sections: [{ name: 'output', tasks: [{ id: 'output-a', family: 'output', pagePath: '/eval/pages/output/a.html', valid: true, expected: { n: 1 }, runs: { ours: run(true, '{"n":1}'), 'page-agent': run(false, 'a | b') } }] }],
      agents: [{ id: 'ours', label: 'ours' }, { id: 'page-agent', label: 'page-agent 1.12.4' }],
    });
    expect(md).toContain('| `output-a` | `{"n":1}` | ✓ `{"n":1}` | ✗ `a \\| b` |');
  });
});

describe('problemsOf an output task', () => {
  const TASK = { id: 'output-a', page: staticPage('output/orders.html'), task: 'Read order 1042.', plan: [read('Order 1042', ROW)], schema: jsonSchema(ORDER_SCHEMA), data: { id: 1042 }, expect: {} };

  it('accepts a schema, data, a read step and an empty expect', () => {
    expect(problemsOf(TASK)).toEqual([]);
    expect(problemsOf({ ...TASK, schema: zod4((z) => z.object({ id: z.number() })) })).toEqual([]);
  });

  it('names data that does not fit a zod schema, a missing read step or schema', () => {
    expect(problemsOf({ ...TASK, schema: zod3((z) => z.object({ id: z.string() })) })).toEqual(['data does not fit the schema']);
    expect(problemsOf({ ...TASK, plan: [click('View')] })).toEqual(['an output task needs a read step']);
    expect(problemsOf({ ...TASK, schema: undefined })).toEqual(['schema must come from zod4(), zod3() or jsonSchema()']);
  });

  it('writes a zod 3 schema\'s JSON Schema for the reasoner', () => {
    expect(zod3((z) => z.object({ n: z.number().int(), s: z.enum(['A', 'B']) })).json).toMatchObject({ type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string', enum: ['A', 'B'] } } });
  });
});
