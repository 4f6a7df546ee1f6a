// A page-agent 1.12.4 config with every option it documents constructs our PageAgent from the IIFE
// without a warning or an error, and the perception and highlight options take effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../../helpers/static-server.js';
import { pageWithTag, PLAIN_BODY, requireBundle } from './bundle-helpers.js';

let web: StaticServer;
beforeAll(async () => {
  requireBundle();
  web = await startStaticServer();
});
afterAll(async () => {
  await web.close();
});

describe('a page-agent config', () => {
  it('constructs without a warning and reads the page with its options', async () => {
    const { context, page, consoleMessages, errors } = await openPage();
    web.route('/config.html', { body: pageWithTag({ 'data-auto-init': 'false' }, `<nav><a href="/a">Orders</a></nav>${PLAIN_BODY}`) });
    try {
      await page.goto(web.url('/config.html'));
      const content = await page.evaluate(async () => {
        const agent = new window.PageAgent({
          baseURL: 'https://api.example.test/v1', model: 'gpt-4.1-mini', apiKey: 'sk-test', temperature: 0.2, maxRetries: 2,
          customFetch: fetch, transformRequestBody: (body: Record<string, unknown>) => body, disableNamedToolChoice: false,
          language: 'en-US', maxSteps: 20, customTools: {}, instructions: { system: 'Be brief.', getPageInstructions: () => undefined },
          onBeforeStep: () => {}, onAfterStep: () => {}, onBeforeTask: () => {}, onAfterTask: () => {}, onDispose: () => {},
          experimentalScriptExecutionTool: false, experimentalLlmsTxt: false, transformPageContent: (c: string) => c,
          customSystemPrompt: 'You operate this page.', stepDelay: 0.4, viewportExpansion: -1, interactiveBlacklist: [],
          interactiveWhitelist: [], includeAttributes: ['data-testid'], highlightOpacity: 0, highlightLabelOpacity: 0.1,
          keepSemanticTags: true, enableMask: true, promptForNextTask: true,
        } as any);
        const state = await agent.pageController.getBrowserState();
        agent.dispose();
        return state.content;
      });
      expect(content).toMatch(/^<nav>\n\t\[\d+\]<a>Orders \/>$/m);
      // (The browser's own 404 for /favicon.ico is not ours.)
      const ours = consoleMessages.filter((m) => (m.startsWith('warning:') || m.startsWith('error:')) && !m.includes('Failed to load resource'));
      expect(ours).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
