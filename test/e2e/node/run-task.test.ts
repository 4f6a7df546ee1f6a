// runTask (the Node API behind `drop-in-page-agent run`) in the shared Chromium, against static
// pages and the mock model: one page, a three-page checkout, list → detail → back, popups, redirects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runTask } from '../../../node/index.js';
import { getBrowser } from '../../helpers/browser.js';
import { agentStep, startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { indexOf, lastUserText, scriptedModel } from './runner-helpers.js';

let llm: MockLLMServer;
let site: StaticServer;
const page = (name: string) => site.url(`/test/fixtures/node-runner/${name}`);

beforeAll(async () => {
  [llm, site] = await Promise.all([startMockLLMServer(), startStaticServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), site?.close()]);
});
let model: ReturnType<typeof scriptedModel> | undefined;
beforeEach(() => {
  llm.reset();
  model = undefined;
});
// A step whose expectation failed is retried by the agent; its message is kept and checked here.
afterEach(() => expect(model?.errors ?? []).toEqual([]));

const run = async (url: string, task: string, extra: Partial<Parameters<typeof runTask>[0]> = {}) => {
  if (model) llm.setHandler(model);
  return runTask({ task, url, baseURL: llm.baseURL, model: 'mock-model', browser: await getBrowser(), ...extra });
};

describe('runTask', () => {
  it('does a task on one page and returns the answer with usage', async () => {
    model = scriptedModel([
        (request) => {
          expect(lastUserText(request)).toContain('Mug shop');
          return { done: { text: 'The blue mug costs $12.', success: true } };
        },
      ]);
    const result = await run(page('shop.html'), 'How much is the blue mug?');
    expect(result.success).toBe(true);
    expect(result.status).toBe('completed');
    expect(result.data).toBe('The blue mug costs $12.');
    expect(result.usage?.totalTokens).toBe(120);
    expect(result.visitedUrls).toEqual([page('shop.html')]);
    expect(result.sources).toEqual([]);
  });

  it('returns typed data with outputSchema; extract reads the whole page through the tab', async () => {
    const schema = { type: 'object', properties: { customers: { type: 'array', items: { type: 'string' } } }, required: ['customers'] };
    let extractText = '';
    llm.setHandler((request) => {
      if (request.body?.tool_choice?.function?.name === 'answer') {
        extractText = lastUserText(request);
        // A row reads "[1]<a>Order 1002 />" then the customer's line.
        const customers = [...extractText.matchAll(/Order 100\d \/>\n(\w+)/g)].map((match) => match[1]);
        return { toolCall: { name: 'answer', args: { data: { customers } } } };
      }
      const text = lastUserText(request);
      const result = /result: (\{.*\})/.exec(text)?.[1];
      if (!result) return agentStep({ extract: { question: 'Who are the customers?' } }, 'read the table');
      return agentStep({ done: { text: 'Three customers.', success: true, data: JSON.parse(result) } }, 'report');
    });
    const result = await run(page('list.html'), 'List the customers', { outputSchema: schema });
    expect(extractText).toContain('<question>\nWho are the customers?\n</question>');
    expect(result).toMatchObject({ success: true, status: 'completed', data: { customers: ['Ada', 'Grace', 'Linus'] } });
    expect(llm.requests).toHaveLength(3);
  });

  it('refuses an outputSchema that is not one as a usage error', async () => {
    await expect(run(page('list.html'), 'List the customers', { outputSchema: { customers: 'strings' } })).rejects.toMatchObject({
      name: 'NodeRunError',
      kind: 'usage',
      message: 'outputSchema must be a zod schema or a JSON Schema object; got object.',
    });
    expect(llm.requests).toHaveLength(0);
  });

  it('carries a task through a three-page checkout', async () => {
    model = scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Add blue mug') } }),
        (r) => {
          expect(lastUserText(r)).toContain('The cart holds 1 item.');
          return { click_element_by_index: { index: indexOf(r, 'Proceed to checkout') } };
        },
        (r) => ({ input_text: { index: indexOf(r, '<input'), text: 'Ada Lovelace' } }),
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Place order') } }),
        (r) => {
          expect(lastUserText(r)).toContain('Thank you, Ada Lovelace. Order placed for Blue mug.');
          return { done: { text: 'Order placed.', success: true } };
        },
      ]);
    const result = await run(page('shop.html'), 'Buy the blue mug for Ada Lovelace');
    expect(result.success).toBe(true);
    expect(result.visitedUrls.map((url) => new URL(url).pathname.split('/').pop())).toEqual(['shop.html', 'cart.html', 'checkout.html', 'thanks.html?name=Ada+Lovelace'.split('?')[0]]);
    expect(result.url).toContain('thanks.html?name=Ada+Lovelace');
    // The model was told each time the page changed.
    const observations = result.history.filter((event) => event.type === 'observation').map((event) => (event as { content: string }).content);
    expect(observations.some((text) => text.includes('cart.html'))).toBe(true);
  });

  it('goes list → detail → back with go_back', async () => {
    model = scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Order 1002') } }),
        (r) => {
          expect(lastUserText(r)).toContain('Total: $125.50');
          return { go_back: {} };
        },
        (r) => {
          expect(lastUserText(r)).toContain('Order 1003');
          return { click_element_by_index: { index: indexOf(r, 'Order 1003') } };
        },
        (r) => {
          expect(lastUserText(r)).toContain('Total: $9.99');
          return { done: { text: '1002: $125.50, 1003: $9.99', success: true } };
        },
      ]);
    const result = await run(page('list.html'), 'Totals of orders 1002 and 1003');
    expect(result.success).toBe(true);
    expect(result.visitedUrls).toEqual([page('list.html'), page('detail.html?id=1002'), page('detail.html?id=1003')]);
  });

  it('follows a target=_blank link into the new tab and back', async () => {
    model = scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Open the shipping policy') } }),
        (r) => {
          expect(lastUserText(r)).toContain('Orders ship within 3 business days.');
          expect(lastUserText(r)).toContain('A new tab opened');
          expect(lastUserText(r)).toContain('*[tab 1] Shipping policy');
          return { switch_tab: { tab: 0 } };
        },
        (r) => {
          expect(lastUserText(r)).toContain('Help center');
          return { done: { text: 'Ships within 3 business days.', success: true } };
        },
      ]);
    const result = await run(page('popup.html'), 'How fast do orders ship?');
    expect(result.success).toBe(true);
    expect(result.url).toBe(page('popup.html'));
  });

  it('continues in a window.open popup', async () => {
    model = scriptedModel([
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Show policy in a window') } }),
        (r) => {
          expect(lastUserText(r)).toContain('Returns are free for 30 days.');
          return { close_tab: {} };
        },
        (r) => {
          expect(lastUserText(r)).toContain('Help center');
          return { done: { text: 'Free returns for 30 days.', success: true } };
        },
      ]);
    const result = await run(page('popup.html'), 'What is the return policy?');
    expect(result.success).toBe(true);
    expect(result.visitedUrls).toContain(page('popup-target.html?from=button'));
  });

  it('starts after a redirect and follows one the page makes', async () => {
    site.route('/go-to-list', (_req, res) => {
      res.writeHead(302, { location: '/test/fixtures/node-runner/list.html' }).end();
    });
    model = scriptedModel([
        (r) => {
          expect(lastUserText(r)).toContain('Order 1001');
          return { navigate: { url: site.url('/go-to-list?again') } };
        },
        (r) => {
          expect(lastUserText(r)).toContain('Orders');
          return { done: { text: 'ok', success: true } };
        },
      ]);
    const result = await run(site.url('/go-to-list'), 'Open the orders');
    expect(result.success).toBe(true);
    expect(result.url).toBe(page('list.html'));
  });

  it('researches across three sites with open_new_tab, navigate and extract, and lists the sources', async () => {
    const [b, c] = await Promise.all([startStaticServer(), startStaticServer()]);
    try {
      const pageOn = (server: StaticServer, name: string) => server.url(`/test/fixtures/node-runner/${name}`);
      const answers: Record<string, string> = { 'research-a': 'In 2061.', 'research-b': '75.3 years.', 'research-c': 'On 28 July 2061.' };
      model = scriptedModel(
        [
          () => ({ extract: { question: 'When is the next perihelion?' } }),
          () => ({ open_new_tab: { url: pageOn(b, 'research-b.html') } }),
          (r) => {
            expect(lastUserText(r)).toContain('From ' + page('research-a.html') + ': In 2061.');
            return { extract: { question: "What is Halley's period?" } };
          },
          () => ({ navigate: { url: pageOn(c, 'research-c.html') } }),
          () => ({ extract: { question: 'When is the viewing night?' } }),
          (r) => {
            expect(lastUserText(r)).toContain('On 28 July 2061.');
            return { done: { text: 'Halley returns in 2061 (period 75.3 years); the viewing night is 28 July 2061.', success: true } };
          },
        ],
        (request) => {
          // extract sends the whole page text; the answer depends on which page it is.
          const text = lastUserText(request);
          const name = Object.keys(answers).find((key) => text.includes(`${key}.html`));
          expect(text).toContain('<page_text>');
          return name ? answers[name]! : 'not found';
        },
      );
      const result = await run(page('research-a.html'), 'When does Halley return, what is its period, and when is the viewing night?');
      expect(result.success).toBe(true);
      const sources = [page('research-a.html'), pageOn(b, 'research-b.html'), pageOn(c, 'research-c.html')];
      expect(result.sources).toEqual(sources);
      expect(result.data).toBe(`Halley returns in 2061 (period 75.3 years); the viewing night is 28 July 2061.\n\nSources:\n${sources.map((url) => `- ${url}`).join('\n')}`);
      expect(new Set(result.visitedUrls.map((url) => new URL(url).origin)).size).toBe(3);
    } finally {
      await Promise.all([b.close(), c.close()]);
    }
  });

  it('keeps to --allowed-origins, for its own navigation and for links the page follows', async () => {
    const other = await startStaticServer();
    try {
      site.route('/links-out', { body: `<!doctype html><title>Links</title><a href="${other.url('/test/fixtures/node-runner/list.html')}">Elsewhere</a>` });
      model = scriptedModel([
        () => ({ navigate: { url: other.url('/test/fixtures/node-runner/list.html') } }),
        (r) => ({ click_element_by_index: { index: indexOf(r, 'Elsewhere') } }),
        () => ({ done: { text: 'blocked', success: true } }),
      ]);
      const result = await run(site.url('/links-out'), 'Go elsewhere', { allowedOrigins: [llm.origin] });
      const outputs = result.history.flatMap((event) => (event.type === 'step' ? [event.action.output] : []));
      expect(outputs[0]).toBe(`${other.origin} is not an allowed origin (allowed: ${llm.origin}, ${site.origin}).`);
      expect(result.visitedUrls.every((url) => url.startsWith(site.origin))).toBe(true);
      expect(outputs[1]).toContain('Clicked');
      expect(result.url).toBe(site.url('/links-out'));
      expect(llm.requests[0]!.rawBody).toContain(`You may only open pages on these origins: ${llm.origin}, ${site.origin}.`);
    } finally {
      await other.close();
    }
  });

  it('starts logged in with a storage-state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storage-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify({ cookies: [{ name: 'session', value: 'ada-42', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
    site.route('/account', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Account</title><p>Cookie: ${String(req.headers.cookie ?? 'none')}</p>`);
    });
    model = scriptedModel([
      (r) => {
        expect(lastUserText(r)).toContain('Cookie: session=ada-42');
        return { done: { text: 'logged in', success: true } };
      },
    ]);
    try {
      expect((await run(site.url('/account'), 'Am I logged in?', { storageState: file })).success).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects bad options before starting a browser', async () => {
    await expect(run('nope', 'task')).rejects.toThrow('The start URL "nope" is not a URL');
    await expect(run(page('shop.html'), '  ')).rejects.toThrow('The task is empty');
    await expect(run(page('shop.html'), 'task', { storageState: '/nonexistent/state.json' })).rejects.toMatchObject({ kind: 'config', exitCode: 2 });
  });
});
