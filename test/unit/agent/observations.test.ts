// What the model is told between steps and how its prompt is made: navigation and title notes,
// waiting, a page that changed while it thought, pushObservation, instructions, llms.txt, prompts.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useIdleClock } from '../../helpers/idle-clock.js';
import { z } from 'zod';
import { tool } from '../../../src/agent.js';
import { SYSTEM_PROMPT_EN, SYSTEM_PROMPT_ZH } from '../../../src/prompt/index.js';
import { done, makeAgent, step, trackUnhandledRejections, userMessageOf } from '../../fixtures/agent/harness.js';

const unhandled = trackUnhandledRejections();
afterAll(() => {
  unhandled.stop();
  expect(unhandled.reasons).toEqual([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const click = (index: number) => step({ click_element_by_index: { index } });
const notesOf = (history: readonly { type: string }[]) => history.filter((e): e is { type: 'observation'; content: string } => e.type === 'observation').map((e) => e.content);

// Waits between steps and in tools pass on a fake clock that jumps whenever the test is idle.
useIdleClock();

describe('notes between steps', () => {
  it('notes a URL and title change, but nothing on the first step', async () => {
    const { agent, controller, llm } = makeAgent([click(1), done()]);
    const first = controller.page;
    controller.pages = [first, { ...first, url: 'https://shop.test/cart', title: 'Cart' }];
    const result = await agent.execute('task');
    expect(notesOf(result.history)).toEqual(['The URL changed from https://shop.test/ to https://shop.test/cart.', 'The page title changed to “Cart”.']);
    expect(userMessageOf(llm.bodies[0])).not.toContain('note:');
    expect(userMessageOf(llm.bodies[1])).toContain('note: The URL changed');
  });

  it('notes accumulated waiting of 3 s or more', async () => {
    // The wait is counted from the model's request; a quick stand-in keeps the test fast.
    const wait = tool({ description: 'wait', inputSchema: z.object({ seconds: z.number() }), execute: async () => 'waited' });
    const { agent } = makeAgent([step({ wait: { seconds: 1 } }), step({ wait: { seconds: 2 } }), done()], { customTools: { wait } });
    const result = await agent.execute('task');
    expect(notesOf(result.history)).toEqual([expect.stringContaining('You have waited 3 s in a row')]);
  });

  it('passes pushObservation text to the model once, in order', async () => {
    const { agent, llm } = makeAgent([click(1), done()]);
    agent.addEventListener('activity', (event) => {
      if ((event as CustomEvent).detail.type === 'executed') agent.pushObservation('The user added a coupon.');
    });
    const result = await agent.execute('task');
    expect(notesOf(result.history)).toEqual(['The user added a coupon.']);
    expect(userMessageOf(llm.bodies[1])).toMatch(/1\. evaluation[\s\S]*note: The user added a coupon\./);
  });

  it('notes that the page changed while the model was thinking', async () => {
    const { agent } = makeAgent([
      () => {
        document.body.append(document.createElement('div'), document.createElement('p'));
        return click(1);
      },
      done(),
    ]);
    const result = await agent.execute('task');
    expect(notesOf(result.history)).toEqual([expect.stringMatching(/The page changed while you were choosing step 1's action \(\d+ updates?\)/)]);
  });

  it("ignores changes inside the agent's own UI", async () => {
    const host = document.createElement('div');
    host.setAttribute('data-page-agent-ignore', '');
    document.body.append(host);
    const { agent } = makeAgent([
      () => {
        host.append(document.createElement('span'));
        return click(1);
      },
      done(),
    ]);
    const result = await agent.execute('task');
    expect(notesOf(result.history)).toEqual([]);
  });
});

describe('the prompt', () => {
  it('uses the English system prompt by default, Chinese for zh-CN, and customSystemPrompt over both', async () => {
    const en = makeAgent([done()]);
    await en.agent.execute('task');
    expect(en.llm.bodies[0].messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT_EN });
    const zh = makeAgent([done()], { language: 'zh-CN' });
    await zh.agent.execute('任务');
    expect(zh.llm.bodies[0].messages[0].content).toBe(SYSTEM_PROMPT_ZH);
    const custom = makeAgent([done()], { customSystemPrompt: 'You are terse.' });
    await custom.agent.execute('task');
    expect(custom.llm.bodies[0].messages[0].content).toBe('You are terse.');
  });

  it('adds system and page instructions, and applies transformPageContent to the page text only', async () => {
    const urls: string[] = [];
    const { agent, llm } = makeAgent([done()], {
      instructions: {
        system: 'Prices are in EUR.',
        getPageInstructions: (url) => {
          urls.push(url);
          return 'This is the search page.';
        },
      },
      transformPageContent: (content) => content.replace('Search', 'S***h'),
    });
    await agent.execute('find Search');
    const prompt = userMessageOf(llm.bodies[0]);
    expect(urls).toEqual(['https://shop.test/']);
    expect(prompt).toContain('<system_instructions>\nPrices are in EUR.\n</system_instructions>');
    expect(prompt).toContain('<page_instructions>\nThis is the search page.\n</page_instructions>');
    expect(prompt).toContain('[1]<button>S***h />');
    expect(prompt).toContain('<task>\nfind Search\n</task>');
  });

  it('goes on without page instructions when getPageInstructions throws', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { agent, llm } = makeAgent([done()], {
      instructions: {
        getPageInstructions: () => {
          throw new Error('bad callback');
        },
      },
    });
    const result = await agent.execute('task');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
    expect(result.success).toBe(true);
    expect(userMessageOf(llm.bodies[0])).not.toContain('<instructions>');
  });

  it('fetches llms.txt once per origin when experimentalLlmsTxt is on', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(String(url));
      return new Response('# Shop\nUse the search box.', { status: 200, headers: { 'content-type': 'text/plain' } });
    });
    const { agent, llm } = makeAgent([click(1), done()], { experimentalLlmsTxt: true });
    await agent.execute('task');
    expect(fetched).toEqual(['https://shop.test/llms.txt']);
    expect(userMessageOf(llm.bodies[0])).toContain('<llms_txt>\n# Shop\nUse the search box.\n</llms_txt>');
    expect(userMessageOf(llm.bodies[1])).toContain('<llms_txt>');
  });

  it('does not fetch llms.txt by default', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { agent, llm } = makeAgent([done()]);
    await agent.execute('task');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(userMessageOf(llm.bodies[0])).not.toContain('llms_txt');
  });
});
