// A page-agent 1.12.4 configuration carries over unchanged: every option its types declare is an
// option of ours (checked by tsc through `npm run typecheck`), and the option table names each one,
// so it is validated and documented.
import type { PageAgentConfig as PeerConfig } from 'page-agent';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { OPTIONS } from '../../../src/config/options.js';
import type { PageAgentConfig } from '../../../src/page-agent.js';

/** page-agent's option names, nested `instructions.*` dotted. */
type PeerName = Exclude<keyof PeerConfig, 'instructions'> | `instructions.${keyof NonNullable<PeerConfig['instructions']> & string}`;

/**
 * A value for every page-agent option, written as an integrator's config is (inline hooks typed by
 * the class they are given to): it must compile as our config and name every key page-agent has.
 */
const peerConfig = {
  baseURL: 'https://api.example.test/v1',
  model: 'gpt-4.1-mini',
  apiKey: 'sk-test',
  temperature: 0.2,
  maxRetries: 2,
  customFetch: fetch,
  transformRequestBody: (body) => body,
  disableNamedToolChoice: false,
  language: 'en-US',
  maxSteps: 20,
  customTools: {},
  instructions: { system: 'Be brief.', getPageInstructions: () => undefined },
  onBeforeStep: () => {},
  onAfterStep: () => {},
  onBeforeTask: () => {},
  onAfterTask: () => {},
  onDispose: () => {},
  experimentalScriptExecutionTool: false,
  experimentalLlmsTxt: false,
  transformPageContent: (content) => content,
  customSystemPrompt: 'You operate this page.',
  stepDelay: 0.4,
  viewportExpansion: -1,
  interactiveBlacklist: [],
  interactiveWhitelist: [],
  includeAttributes: ['data-testid'],
  highlightOpacity: 0,
  highlightLabelOpacity: 0.1,
  keepSemanticTags: true,
  enableMask: true,
  promptForNextTask: true,
} satisfies PageAgentConfig & Record<keyof PeerConfig, unknown>;

describe('page-agent 1.12.4 configuration', () => {
  it('is accepted as ours, option by option', () => {
    expectTypeOf<Exclude<keyof PeerConfig, keyof PageAgentConfig>>().toEqualTypeOf<never>();
    const ours: PageAgentConfig = peerConfig;
    expectTypeOf(peerConfig.instructions).toMatchTypeOf<NonNullable<PeerConfig['instructions']>>();
    expect(Object.keys(ours).length).toBeGreaterThan(25);
  });

  it('has every option in the option table (validated and documented)', () => {
    const names: PeerName[] = Object.keys(peerConfig).flatMap((key) =>
      key === 'instructions' ? (['instructions.system', 'instructions.getPageInstructions'] as PeerName[]) : [key as PeerName],
    );
    const documented = Object.keys(OPTIONS);
    // viewportExpansion, interactive lists and the like are documented entries read by the page controller.
    for (const name of names) expect(documented, name).toContain(name);
  });
});
