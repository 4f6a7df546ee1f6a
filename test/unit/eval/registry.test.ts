// The eval's case registry and report: malformed tasks are named before anything runs, subsets are
// selected by section and id, and the report says who passed what and why a failure failed.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPage } from '../../../eval/lib/pages.mjs';
import { back, click, closeTab, extract } from '../../../eval/lib/plan.mjs';
import { loadSections, problemsOf, selectTasks } from '../../../eval/lib/registry.mjs';
import { renderReport } from '../../../eval/lib/report.mjs';
import type { RunRecord } from '../../../eval/lib/run-agent.mjs';

const GOOD = { id: 'a-task', page: staticPage('native/checkout.html'), task: 'Choose Express.', plan: [click('Express')], expect: { shipping: 'express' } };

describe('problemsOf', () => {
  it('accepts a well-formed task', () => {
    expect(problemsOf(GOOD)).toEqual([]);
  });

  it('names each mistake of a malformed task', () => {
    expect(problemsOf({ ...GOOD, id: 'Bad Id', expect: {}, plan: [click('Yes', { after: 'Newsletter' })] })).toEqual([
      'id "Bad Id" must be kebab-case',
      'a step with "after" needs a Playwright locator (pw) to validate: "Yes"',
      'expect must name the state the task changes',
    ]);
  });
});

describe('problemsOf a security task', () => {
  it('accepts lists of what must not and must reach the model, and refuses malformed ones', () => {
    expect(problemsOf({ ...GOOD, neverSent: [{ name: 'key', text: 'sk-1' }], mustSend: [{ name: 'twin', text: 'v1' }], notIndexed: ['Pay now'] })).toEqual([]);
    expect(problemsOf({ ...GOOD, neverSent: [{ name: 'key', text: '' }], mustSend: [], notIndexed: 'Pay now' as unknown as string[] })).toEqual([
      'neverSent must be a non-empty list of { name, text }',
      'mustSend must be a non-empty list of { name, text }',
      'notIndexed must be a non-empty list of words',
    ]);
  });
});

describe('problemsOf a Node-runner task', () => {
  const NODE = { id: 'a-node-task', runner: 'node' as const, page: staticPage('node/research/search.html'), task: 'Read it.', plan: [extract('How tall?', /\d+ m/)], answer: ['22 m'] };
  it('accepts its own steps and an answer check instead of expect', () => {
    expect(problemsOf(NODE)).toEqual([]);
    expect(problemsOf({ ...NODE, plan: [click('Order 1002'), back(), closeTab()], answer: undefined, expect: { viewed: ['1002'] } })).toEqual([]);
  });
  it('refuses Node steps and answers on in-page tasks, and an extract without its pattern', () => {
    expect(problemsOf({ ...GOOD, plan: [back()], answer: ['x'] })).toEqual([
      'unknown plan step {"do":"back"}',
      'answer must be a non-empty list of words, on a Node-runner task',
    ]);
    expect(problemsOf({ ...NODE, plan: [{ do: 'extract', target: 'How tall?' }] })).toEqual(['an extract step needs the answer\'s pattern: "How tall?"']);
    expect(problemsOf({ ...NODE, runner: 'deno' as 'node' })).toContain('runner must be "node" or absent, not "deno"');
  });
});

describe('the registered sections', () => {
  it('load without problems, perception first, with at least 40 tasks on native pages and four libraries', async () => {
    const sections = await loadSections(resolve(import.meta.dirname, '../../../eval/sections'));
    expect(sections[0]?.name).toBe('perception');
    const tasks = selectTasks(sections);
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tasks.map((t) => t.page.app ?? 'native'))).toEqual(new Set(['native', 'antd', 'element-plus', 'mui', 'radix']));
    expect(selectTasks(sections, { tasks: ['mui-*'] }).every((t) => t.id.startsWith('mui-'))).toBe(true);
    expect(selectTasks(sections, { sections: ['nothing'] })).toEqual([]);
    expect(selectTasks(sections, { sections: ['security'] }).map((t) => t.id)).toEqual(['security-hidden-text', 'security-secrets', 'security-forged-lines']);
  });
});

describe('renderReport', () => {
  const run = (passed: boolean, reason: string | null): RunRecord => ({ agent: 'x', task: 't', passed, reason, steps: 2, requests: 2, tokens: 1000, seconds: 1 });

  it('prints totals per agent, a row per task and a line per failure', () => {
    const text = renderReport({
      agents: [
        { id: 'ours', label: 'ours' },
        { id: 'page-agent', label: 'page-agent 1.12.4' },
      ],
      sections: [
        {
          name: 'perception',
          tasks: [
            { id: 'one', family: 'native', pagePath: '/eval/pages/native/a.html', valid: true, runs: { ours: run(true, null), 'page-agent': run(false, 'state: x is 1, expected 2') } },
            { id: 'two', family: 'mui', pagePath: '/eval/app/mui/b', valid: false, invalidReason: 'nobody can', runs: {} },
          ],
        },
      ],
    });
    expect(text).toContain('| perception | 1 | ours | **1 (100%)** | 2 | 2 | 1,000 | 1,000 |');
    expect(text).toContain('| perception | 1 | page-agent 1.12.4 | **0 (0%)** |');
    expect(text).toContain('| `one` | native/a.html | ✓ 2 steps, 1,000 tok | ✗ 2 steps, 1,000 tok |');
    expect(text).toContain('`two` (nobody can)');
    expect(text).toContain('- `one`: state: x is 1, expected 2');
  });
});
