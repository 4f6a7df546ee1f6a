// Typed results through the shipped bundle: execute(task, { outputSchema }) with a JSON Schema, the
// page's own zod 4 and zod 3. `extract` reads the whole page (rows far past the step's budgeted
// listing); done's data is validated (mistyped scalars repaired) and becomes result.data; a model
// that never gives valid data ends with success false naming the field.
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer, type RecordedRequest } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { STALLING_CLOCK_SCRIPT } from '../../helpers/steady-clock.js';
import { bundle } from '../../../bench/lib/bundles.mjs';
import { requireBundle, script, userText } from './bundle-helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');

let web: StaticServer;
let llm: MockLLMServer;
let userZod: string;

const ROWS = Array.from({ length: 600 }, (_, i) => `<tr><td>A-${String(i).padStart(4, '0')}</td><td>${['open', 'shipped'][i % 2]}</td><td>$${(i * 1.25 + 10).toFixed(2)}</td></tr>`).join('');
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders</title>
<script src="/dist/page-agent.iife.js" data-auto-init="false"></script></head>
<body><h1>Orders</h1><section><h2>Featured</h2><p class="product">Blue mug <span class="price">$12.50</span></p></section>
<table><thead><tr><th>Order</th><th>Status</th><th>Total</th></tr></thead><tbody>${ROWS}</tbody></table></body></html>`;

beforeAll(async () => {
  requireBundle();
  // The page's own zod 4 and zod 3, as an app would bundle them: `window.UserZod = { z, z3 }`.
  userZod = await bundle(ROOT, { contents: "export { z } from 'zod';\nexport { z as z3 } from 'zod3';" }, 'UserZod');
  [web, llm] = await Promise.all([startStaticServer(), startMockLLMServer()]);
  web.route('/orders.html', { body: PAGE });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});
beforeEach(() => llm.reset());

/**
 * Runs one task in the page with `schema` (a JSON Schema, or 'zod4' / 'zod3' for the page's own
 * product schema); `init`, a script, runs in the page before its own.
 */
async function runTyped(task: string, schema: unknown, init?: string) {
  const { context, page, errors } = await openPage();
  try {
    if (init) await page.addInitScript({ content: init });
    await page.goto(web.url('/orders.html'));
    await page.addScriptTag({ content: userZod });
    const result = await page.evaluate(
      async ({ baseURL, task, schema }) => {
        const { z, z3 } = (window as any).UserZod;
        const outputSchema =
          schema === 'zod4' ? z.object({ name: z.string(), price: z.number() }) : schema === 'zod3' ? z3.object({ name: z3.string(), price: z3.number() }) : schema;
        const agent = new (window as any).PageAgent({ baseURL, model: 'mock-model', retryDelay: 10, maxRetries: 1 });
        const { success, data, usage } = await agent.execute(task, { outputSchema });
        agent.dispose();
        return { success, data, usage };
      },
      { baseURL: llm.baseURL, task, schema },
    );
    expect(errors).toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

const ORDER = { type: 'object', properties: { id: { type: 'string' }, status: { enum: ['open', 'shipped'] }, total: { type: 'number' } }, required: ['id', 'status', 'total'] };

/** The model's done, carrying the data its history's last extract result returned. */
const doneWithExtracted = (request: RecordedRequest) => agentStep({ done: { text: 'Found it.', success: true, data: JSON.parse(/result: (\{.*\})/.exec(userText(request))![1]!) } }, 'report');

describe('outputSchema through the bundle', () => {
  /** The three replies of the extract task: extract, its answer (checked), done with the answer. */
  const extractScript = (onFirst: (text: string) => void) =>
    script([
      (request) => {
        onFirst(userText(request));
        return agentStep({ extract: { question: 'Status and total of order A-0588?' } }, 'read the table');
      },
      (request) => {
        expect(request.body.tool_choice).toEqual({ type: 'function', function: { name: 'answer' } });
        expect(request.body.tools[0].function.parameters).toEqual({ type: 'object', properties: { data: ORDER }, required: ['data'] });
        const row = /A-0588 *\|? *(\w+) *\|? *\$([\d.]+)/.exec(userText(request)) ?? /A-0588\s+(\w+)\s+\$([\d.]+)/.exec(userText(request));
        if (!row) throw new Error(`row A-0588 not in the extract text:\n${userText(request).slice(-3000)}`);
        return { toolCall: { name: 'answer', args: { data: { id: 'A-0588', status: row[1], total: row[2] } } } };
      },
      doneWithExtracted,
    ]);

  it('extract reads an order far below the listing, and done returns it typed (JSON Schema)', async () => {
    let listed = true;
    llm.setHandler(extractScript((text) => (listed = text.slice(text.indexOf('<page>')).includes('A-0588'))));
    const result = await runTyped('What is the status and total of order A-0588?', ORDER);
    expect(listed).toBe(false);
    expect(result).toMatchObject({ success: true, data: { id: 'A-0588', status: 'open', total: 745 } });
    expect(llm.requests).toHaveLength(3);
  });

  it('extract still reads the whole page on a slow machine, where the step listing stops early', async () => {
    // A clock that runs 20 ms ahead at every reading: the 400 ms walk of a step stops after a few
    // hundred rows, as on a loaded machine; extract, asked for all of the page, has ten times as long.
    let stepText = '';
    llm.setHandler(extractScript((text) => (stepText = text.slice(text.indexOf('<page>')))));
    const result = await runTyped('What is the status and total of order A-0588?', ORDER, STALLING_CLOCK_SCRIPT);
    expect(stepText).toContain('the listing stopped early');
    expect(result).toMatchObject({ success: true, data: { id: 'A-0588', status: 'open', total: 745 } });
    expect(llm.requests).toHaveLength(3);
  });

  it.each(['zod4', 'zod3'])('returns data of the page’s own %s schema, repairing a mistyped price', async (kind) => {
    llm.setHandler(
      script([
        (request) => {
          const match = /Blue mug\s*\$([\d.]+)/.exec(userText(request));
          return agentStep({ done: { text: 'Blue mug', success: true, data: { name: 'Blue mug', price: match?.[1] ?? 'unknown' } } }, 'report');
        },
      ]),
    );
    const result = await runTyped('Name and price of the featured product?', kind);
    expect(result).toMatchObject({ success: true, data: { name: 'Blue mug', price: 12.5 } });
    const json = JSON.stringify(llm.requests[0]!.body.tools[0].function.parameters);
    expect(json).toContain('"data":{"type":"object","properties":{"name":{"type":"string"},"price":{"type":"number"}}');
  });

  it('ends with success false naming the field when the data never fits', async () => {
    const bad = agentStep({ done: { text: 'x', success: true, data: { name: 'Blue mug', price: 'cheap' } } }, 'report');
    llm.setHandler(script([bad, bad]));
    const result = await runTyped('Name and price of the featured product?', 'zod3');
    expect(result.success).toBe(false);
    expect(result.data).toMatch(/Invalid input for tool "done": field "data\.price"/);
    expect(llm.requests).toHaveLength(2);
    // The retry told the model what was wrong.
    expect(userText(llm.requests[1]!)).toMatch(/field "data\.price"/);
  });

  it('refuses a schema that is not one before any request', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(web.url('/orders.html'));
      const error = await page.evaluate(async (baseURL) => {
        const agent = new (window as any).PageAgent({ baseURL, model: 'mock-model' });
        try {
          await agent.execute('x', { outputSchema: { price: 'number' } });
          return null;
        } catch (caught) {
          return { name: (caught as Error).name, field: (caught as { field?: string }).field, message: (caught as Error).message };
        } finally {
          agent.dispose();
        }
      }, llm.baseURL);
      expect(error).toEqual({ name: 'ConfigError', field: 'outputSchema', message: 'outputSchema must be a zod schema or a JSON Schema object; got object.' });
      expect(llm.requests).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
