// Conversion of human dates, times and numbers into input values (pure, locale-aware).
import { describe, expect, it } from 'vitest';
import { isMonthFirst, isoWeek, parseHumanDate, parseHumanNumber, parseHumanTime, toInputValue } from '../../../../src/dom/actions/human-values.js';

const NOW = new Date(2025, 5, 15); // 15 June 2025

describe('parseHumanDate', () => {
  it.each([
    ['2025-03-05', 'en-US', '2025-03-05'],
    ['2025/3/5', 'en-US', '2025-03-05'],
    ['20250305', 'de-DE', '2025-03-05'],
    ['March 5, 2025', 'en-US', '2025-03-05'],
    ['Wed, Mar 5th 2025', 'en-GB', '2025-03-05'],
    ['5 March 2025', 'fr-FR', '2025-03-05'],
    ['5th of march, 2025', 'en-GB', '2025-03-05'],
    ['Sept 30 2025', 'en-US', '2025-09-30'],
    ['2025年3月5日', 'zh-CN', '2025-03-05'],
    ['05.03.2025', 'en-US', '2025-03-05'],
    ['13/03/2025', 'en-US', '2025-03-13'],
    ['03/13/2025', 'en-GB', '2025-03-13'],
    ['3/5/25', 'en-US', '2025-03-05'],
  ])('reads %s (%s) as %s', (text, locale, expected) => {
    const result = toInputValue('date', text, locale, NOW);
    expect(result).toMatchObject({ ok: true, value: expected });
  });

  it('reads an ambiguous numeric date by the page language and says so', () => {
    expect(toInputValue('date', '05/03/2025', 'en-US', NOW)).toEqual({ ok: true, value: '2025-05-03', note: 'read "05/03/2025" as month/day/year (page language en-US); set 2025-05-03' });
    expect(toInputValue('date', '05/03/2025', 'en-GB', NOW)).toMatchObject({ ok: true, value: '2025-03-05', note: expect.stringContaining('day/month/year') });
    expect(toInputValue('date', '05/03/2025', 'de', NOW)).toMatchObject({ value: '2025-03-05' });
  });

  it('fills in the current year and relative days', () => {
    expect(toInputValue('date', 'March 5', 'en-US', NOW)).toMatchObject({ value: '2025-03-05', note: expect.stringContaining('no year given; used 2025') });
    expect(toInputValue('date', 'tomorrow', 'en-US', NOW)).toMatchObject({ value: '2025-06-16' });
    expect(toInputValue('date', '昨天', 'zh-CN', NOW)).toMatchObject({ value: '2025-06-14' });
  });

  it('rejects impossible and unreadable dates', () => {
    expect(toInputValue('date', '2025-02-29', 'en-US', NOW)).toEqual({ ok: false, message: '"2025-02-29" is not a valid date.' });
    expect(toInputValue('date', '2024-02-29', 'en-US', NOW)).toMatchObject({ ok: true });
    expect(parseHumanDate('next full moon', 'en-US', NOW)).toEqual({ ok: false, message: expect.stringContaining('write it like 2025-03-05') });
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(parseHumanDate(word, 'en-US', NOW)).toMatchObject({ ok: false });
    }
  });

  it('knows which locales write the month first', () => {
    expect(isMonthFirst('en-US')).toBe(true);
    expect(isMonthFirst('en_us')).toBe(true);
    expect(isMonthFirst('en-GB')).toBe(false);
    expect(isMonthFirst('fr')).toBe(false);
    expect(isMonthFirst('EN-ph')).toBe(true);
    expect(isMonthFirst('en-US-posix')).toBe(true);
    expect(isMonthFirst('en-USA')).toBe(false);
    expect(isMonthFirst('en')).toBe(false);
    expect(isMonthFirst('es-US')).toBe(false);
  });
});

describe('parseHumanTime', () => {
  it.each([
    ['3:30 pm', '15:30'],
    ['3:30PM', '15:30'],
    ['12 am', '00:00'],
    ['12pm', '12:00'],
    ['15:30', '15:30'],
    ['15.30', '15:30'],
    ['7:05:09', '07:05:09'],
    ['noon', '12:00'],
    ['下午 3:00', '15:00'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseHumanTime(text)).toEqual({ ok: true, value: expected });
  });

  it('rejects bare numbers and impossible times', () => {
    expect(parseHumanTime('15')).toHaveProperty('ok', false);
    expect(parseHumanTime('25:00')).toHaveProperty('ok', false);
    expect(parseHumanTime('13 pm')).toHaveProperty('ok', false);
  });
});

describe('toInputValue for other types', () => {
  it('converts date-times, months, weeks, numbers and colours', () => {
    expect(toInputValue('datetime-local', '2025-03-05 15:30', 'en-US', NOW)).toMatchObject({ value: '2025-03-05T15:30' });
    expect(toInputValue('datetime-local', 'March 5, 2025 at 3pm', 'en-US', NOW)).toMatchObject({ value: '2025-03-05T15:00' });
    expect(toInputValue('datetime-local', '2025-03-05T09:00', 'en-US', NOW)).toEqual({ ok: true, value: '2025-03-05T09:00' });
    // ISO text is checked like any other: an impossible day or hour is named before anything is typed.
    expect(toInputValue('datetime-local', '2025-02-30T10:00', 'en-US', NOW)).toEqual({ ok: false, message: '"2025-02-30" is not a valid date.' });
    expect(toInputValue('datetime-local', '2025-03-05T25:00', 'en-US', NOW)).toEqual({ ok: false, message: '"25:00" is not a valid time.' });
    expect(toInputValue('month', 'March 2025', 'en-US', NOW)).toMatchObject({ value: '2025-03' });
    expect(toInputValue('month', '03/2025', 'en-US', NOW)).toMatchObject({ value: '2025-03' });
    expect(toInputValue('week', '2025-W10', 'en-US', NOW)).toMatchObject({ value: '2025-W10' });
    expect(toInputValue('week', 'March 5, 2025', 'en-US', NOW)).toMatchObject({ value: '2025-W10', note: expect.stringContaining('the week of 2025-03-05') });
    expect(toInputValue('number', '1,234.5', 'en-US', NOW)).toMatchObject({ value: '1234.5' });
    expect(toInputValue('color', '#ABC', 'en-US', NOW)).toMatchObject({ value: '#aabbcc' });
    expect(toInputValue('color', 'teal', 'en-US', NOW)).toMatchObject({ ok: false });
  });

  it('passes text through for other types and clears with an empty string', () => {
    expect(toInputValue('text', ' as typed ', 'en-US', NOW)).toEqual({ ok: true, value: ' as typed ' });
    expect(toInputValue('date', '', 'en-US', NOW)).toEqual({ ok: true, value: '' });
  });
});

describe('parseHumanNumber', () => {
  it.each([
    ['42', '42'],
    ['-3.5', '-3.5'],
    ['1,234', '1234'],
    ['1,234,567.89', '1234567.89'],
    ['1.234,5', '1234.5'],
    ['3,5', '3.5'],
    ['1 000', '1000'],
    ['+7', '7'],
    ['1e3', '1000'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseHumanNumber(text)).toEqual({ ok: true, value: expected });
  });

  it('rejects words', () => {
    expect(parseHumanNumber('twelve')).toEqual({ ok: false, message: '"twelve" is not a number.' });
  });
});

describe('isoWeek', () => {
  it('puts the first days of January in the last week of the previous year when ISO says so', () => {
    expect(isoWeek({ year: 2021, month: 1, day: 1 })).toEqual({ year: 2020, week: 53 });
    expect(isoWeek({ year: 2024, month: 12, day: 30 })).toEqual({ year: 2025, week: 1 });
  });
});
