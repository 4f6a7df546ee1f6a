// The red-team set on happy-dom: every risky kind of #19 is flagged, no ordinary action is, and the
// details (normalisation, site marks, unknown scripts, dialogs' dismiss buttons) hold.
import { afterEach, describe, expect, it } from 'vitest';
import { assessRisk, findRiskyWord, normalizeText, type AgentPageController } from '../../../src/tools/index.js';
import { ORDINARY_CASES, RISKY_CASES, type RiskCase } from '../../fixtures/risk/red-team.js';

const PAGE = 'https://shop.test/app';

function controllerFor(element: Element): AgentPageController {
  const description = `[0]<${element.localName}>${element.textContent} />`;
  return { registry: { description: () => description, resolve: () => ({ ok: true, element, description }) } } as unknown as AgentPageController;
}

function assess(testCase: RiskCase) {
  document.body.innerHTML = testCase.html; // Fixture markup from the test's own table.
  const target = document.querySelector('[data-t]')!;
  return assessRisk(testCase.tool, { index: 0, ...testCase.input }, controllerFor(target), PAGE);
}

afterEach(() => document.body.replaceChildren());

describe('the red-team set', () => {
  it('covers the 23 kinds of the issue in at least 5 languages, and 20 ordinary actions', () => {
    expect(RISKY_CASES.length).toBeGreaterThanOrEqual(23);
    expect(new Set(RISKY_CASES.map((c) => c.lang)).size).toBeGreaterThanOrEqual(5);
    expect(ORDINARY_CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(RISKY_CASES.filter((c) => !c.browserOnly).map((c) => [c.id, c] as const))('holds %s', (_id, testCase) => {
    expect(assess(testCase).reason).toBeTruthy();
  });

  it.each(ORDINARY_CASES.map((c) => [c.id, c] as const))('lets %s run', (_id, testCase) => {
    expect(assess(testCase).reason).toBeUndefined();
  });
});

describe('risk reasons', () => {
  const reasonOf = (id: string) => assess([...RISKY_CASES, ...ORDINARY_CASES].find((c) => c.id === id)!).reason;

  it('names the effect, not the label, for forms, dialogs, sections, links and choices', () => {
    expect(reasonOf('continue-posts-to-charge')).toBe('posts a form to “/api/charge”');
    expect(reasonOf('continue-posts-to-orders')).toBe('posts a form to “/orders”');
    expect(reasonOf('continue-pays-in-script')).toBe('acts in a section with payment fields');
    expect(reasonOf('dialog-yes')).toBe('confirms a dialog that says “delete”');
    expect(reasonOf('checkbox-submits-form')).toBe('posts a form to “/account/delete”');
    expect(reasonOf('same-origin-delete-link')).toBe('opens “/account/delete”');
    expect(reasonOf('javascript-link-leaves')).toBe('leaves this site for https://elsewhere.test');
    expect(reasonOf('link-to-other-site')).toBe('leaves this site for https://elsewhere.test');
    expect(reasonOf('bulk-action-select')).toBe('chooses “Delete selected” (“delete”)');
    expect(reasonOf('typed-confirmation')).toBe('types “delete” into a field that acts on it');
    expect(reasonOf('site-marked-risky')).toBe('is marked risky by the site');
  });

  it('falls back to effects for a label in an unknown script, and says so', () => {
    const risk = assess(RISKY_CASES.find((c) => c.id === 'unknown-script-by-effect')!);
    expect(risk.reason).toMatch(/^posts a form to “\/account\/delete” \(label in a script the word table lacks/);
    expect(risk.note).toMatch(/script the word table lacks/);
    const plain = assess({ id: 'x', lang: 'ko', html: '<button data-t>저장</button>', tool: 'click_element_by_index' });
    expect(plain.reason).toBeUndefined();
    expect(plain.note).toMatch(/judged by effect only/);
  });

  it('lets the site mark an element safe, except for leaving the site', () => {
    expect(assess({ id: 'x', lang: 'en', html: '<div data-page-agent-safe><button data-t>Delete draft</button></div>', tool: 'click_element_by_index' }).reason).toBeUndefined();
    expect(assess({ id: 'x', lang: 'en', html: '<a data-t data-page-agent-safe href="https://elsewhere.test/">Out</a>', tool: 'click_element_by_index' }).reason).toMatch(/leaves this site/);
  });

  it('normalises confusables, soft hyphens, zero-width characters, accents and width', () => {
    expect(normalizeText('D\u0435l\u00ade\u200bte  ＮＯＷ')).toBe('delete now');
    expect(findRiskyWord('Jetzt LÖSCHEN')).toBe('loschen');
    expect(findRiskyWord('Deleted items')).toBeUndefined();
    expect(findRiskyWord('Repay later')).toBeUndefined();
  });
});
