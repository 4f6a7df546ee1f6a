// Matching a model's option text against dropdown options.
import { describe, expect, it } from 'vitest';
import { listOptions, matchOption, normalizeOptionText } from '../../../../src/dom/actions/option-match.js';

const COUNTRIES = [
  { text: 'France', value: 'fr' },
  { text: 'Germany', value: 'de' },
  { text: 'United States of America', value: 'us' },
  { text: 'United Kingdom', value: 'gb' },
];

describe('matchOption', () => {
  it('matches visible text ignoring case, width and whitespace', () => {
    expect(matchOption(COUNTRIES, '  germany ')).toEqual({ found: true, position: 1, how: 'text' });
    expect(matchOption(COUNTRIES, 'ＦＲＡＮＣＥ')).toEqual({ found: true, position: 0, how: 'text' });
    expect(matchOption(COUNTRIES, 'united   kingdom')).toEqual({ found: true, position: 3, how: 'text' });
  });

  it('falls back to the value, then to a unique prefix or substring', () => {
    expect(matchOption(COUNTRIES, 'US')).toEqual({ found: true, position: 2, how: 'value' });
    expect(matchOption(COUNTRIES, 'Ger')).toEqual({ found: true, position: 1, how: 'prefix' });
    expect(matchOption(COUNTRIES, 'states')).toEqual({ found: true, position: 2, how: 'contains' });
  });

  it('reports ambiguity instead of guessing', () => {
    expect(matchOption(COUNTRIES, 'United')).toEqual({ found: false, ambiguous: [2, 3] });
    expect(matchOption(COUNTRIES, 'an')).toEqual({ found: false, ambiguous: [0, 1] });
  });

  it('finds nothing for unknown or empty text', () => {
    expect(matchOption(COUNTRIES, 'Spain')).toEqual({ found: false, ambiguous: [] });
    expect(matchOption(COUNTRIES, '')).toEqual({ found: false, ambiguous: [] });
  });
});

describe('listOptions', () => {
  it('quotes options and says how many more there are', () => {
    expect(listOptions(['A', ' B  c '])).toBe('Its options: "A", "B c".');
    expect(listOptions(Array.from({ length: 25 }, (_, i) => `o${i}`), 2)).toBe('Its options: "o0", "o1" and 23 more.');
    expect(listOptions([])).toBe('It has no options.');
  });

  it('normalizes text', () => {
    expect(normalizeOptionText(' Ａ\n b ')).toBe('a b');
  });
});
