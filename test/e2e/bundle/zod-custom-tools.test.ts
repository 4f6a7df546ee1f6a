// The shipped bundle has no zod of its own; a page's own zod (classic and mini, bundled separately)
// still makes custom tools: the model sees their JSON Schema with zod's descriptions and defaults,
// their own zod parses the arguments, and a bad call comes back to the model naming the field.
import { bundle } from '../../../bench/lib/bundles.mjs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { done, requireBundle, script } from './bundle-helpers.js';

let web: StaticServer;
let llm: MockLLMServer;
let userZod: string;

/** The page's own zod, as an app would bundle it: `window.UserZod = { z, zm }`. */
const bundleUserZod = () => bundle(resolve(import.meta.dirname, '../../..'), { contents: "export * as z from 'zod';\nexport * as zm from 'zod/mini';" }, 'UserZod');

beforeAll(async () => {
  requireBundle();
  [web, llm, userZod] = await Promise.all([startStaticServer(), startMockLLMServer(), bundleUserZod()]);
  web.route('/zod-tools.html', {
    body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><script src="/dist/page-agent.iife.js" data-auto-init="false"></script></head><body><h1>Shop</h1></body></html>',
  });
});
afterAll(async () => {
  await Promise.all([web?.close(), llm?.close()]);
});

describe('custom tools made with the page’s own zod', () => {
  it('are offered, parsed by their zod, and retried with the field named', async () => {
    const { context, page, errors } = await openPage();
    llm.setHandler(
      script([
        agentStep({ lookup: { sku: 'ABC-1', qty: '2' } }, 'look it up'),
        agentStep({ pick: { colour: 'green' } }, 'pick a colour'),
        agentStep({ pick: { colour: 'blue' } }, 'pick a colour'),
        done('found it'),
      ]),
    );
    await page.goto(web.url('/zod-tools.html'));
    await page.addScriptTag({ content: userZod });
    const summary = await page.evaluate(async (baseURL) => {
      const { z, zm } = (window as any).UserZod;
      const calls: unknown[] = [];
      const agent = new (window as any).PageAgent({
        baseURL,
        model: 'mock-model',
        retryDelay: 10,
        maxRetries: 1,
        customTools: {
          lookup: {
            description: 'Look up a product by SKU',
            inputSchema: z.object({ sku: z.string().min(3).describe('the SKU on the label'), qty: z.number().int().default(1) }),
            execute: async (args: unknown) => (calls.push(args), 'found'),
          },
          pick: {
            description: 'Pick a colour',
            inputSchema: zm.object({ colour: zm.enum(['red', 'blue']) }),
            execute: async (args: unknown) => (calls.push(args), 'picked'),
          },
        },
      });
      const result = await agent.execute('find the product');
      agent.dispose();
      return { success: result.success, calls };
    }, llm.baseURL);

    expect(summary).toEqual({ success: true, calls: [{ sku: 'ABC-1', qty: 2 }, { colour: 'blue' }] });
    const variants = llm.requests[0]!.body.tools[0].function.parameters.properties.action.anyOf;
    const lookup = variants.find((variant: any) => variant.properties.lookup);
    expect(lookup.description).toBe('Look up a product by SKU');
    expect(lookup.properties.lookup.properties).toEqual({ sku: { type: 'string', minLength: 3, description: 'the SKU on the label' }, qty: { default: 1, type: 'integer' } });
    const retryNote = llm.requests[2]!.body.messages.at(-1).content as string;
    expect(retryNote).toContain('tool "pick"');
    expect(retryNote).toContain('field "colour"');
    expect(errors).toEqual([]);
    await context.close();
  });
});
