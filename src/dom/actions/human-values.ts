// Converts what a person or a model writes ("March 5, 2025", "05/03/2025", "3:30 pm", "1,234.5")
// into the value format of date, time, datetime-local, month, week, number, range and color inputs.
// Pure functions on strings; no DOM. Ambiguous day/month order follows the page language:
// month first for US English, day first elsewhere, year first for Chinese/Japanese/Korean,
// and always day first with dots ("05.03.2025").
import { pad } from '../../base/index.js';

/** A converted value with an optional note on how it was read, or why it could not be. */
export type Conversion = { ok: true; value: string; note?: string } | { ok: false; message: string };

const MONTHS = 'january february march april may june july august september october november december'.split(' ');

interface YMD {
  year: number;
  month: number;
  day: number;
}

const formatDate = ({ year, month, day }: YMD) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;


function monthFromName(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return 0;
  const index = MONTHS.findIndex((m) => m.startsWith(w) || (w === 'sept' && m === 'september'));
  return index + 1;
}

function fullYear(y: number, digits: number): number {
  if (digits > 2) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** Whether `locale` writes numeric dates month first (en-US and a few others). */
export function isMonthFirst(locale: string): boolean {
  // English as written in the US, the Philippines, Micronesia, the Marshall Islands and Palau.
  return /^en[-_](us|ph|fm|mh|pw)([-_]|$)/i.test(locale);
}

type DateResult = { ok: true; ymd: YMD; note?: string } | { ok: false; message: string };

// No prototype: "constructor" or "toString" is not a relative day.
const RELATIVE: Record<string, number> = { __proto__: null as never, today: 0, tomorrow: 1, yesterday: -1, '今天': 0, '明天': 1, '昨天': -1, '后天': 2, '前天': -2 };

/**
 * Reads a calendar date in common formats; `now` anchors relative words and a missing year. With
 * `dayOptional` (a month input), the day after a month name is not needed nor checked.
 */
export function parseHumanDate(text: string, locale: string, now: Date = new Date(), dayOptional?: boolean): DateResult {
  const raw = text.trim();
  const lowered = raw.toLowerCase();
  if (lowered in RELATIVE) {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + RELATIVE[lowered]!);
    return checked(d.getFullYear(), d.getMonth() + 1, d.getDate());
  }
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (m) return checked(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/.exec(raw);
  if (m) {
    const a = +m[1]!;
    const b = +m[3]!;
    const year = fullYear(+m[4]!, m[4]!.length);
    const dotted = m[2] === '.';
    let monthFirst = !dotted && isMonthFirst(locale);
    let note: string | undefined;
    if (a > 12 && b <= 12) monthFirst = false;
    else if (b > 12 && a <= 12) monthFirst = true;
    else if (a !== b) {
      const order = monthFirst ? 'month/day/year' : 'day/month/year';
      note = `read "${raw}" as ${order} (page language ${locale || 'unknown'})`;
    }
    return monthFirst ? checked(year, a, b, note) : checked(year, b, a, note);
  }
  // Words: "March 5, 2025", "5 March 2025", "Wed, Mar 5th 2025", "5th of March".
  const words = lowered.replace(/,/g, ' ').replace(/(\d)(st|nd|rd|th)\b/g, '$1').split(/\s+/).filter((w) => w && w !== 'of');
  const month = words.map(monthFromName).find((n) => n > 0);
  if (month) {
    const numbers = words.filter((w) => /^\d+$/.test(w)).map((w) => ({ value: +w, digits: w.length }));
    const yearPart = numbers.find((n) => n.digits === 4 || n.value > 31);
    const dayPart = numbers.find((n) => n !== yearPart);
    if (!dayPart && !dayOptional) return { ok: false, message: `"${raw}" names a month but no day.` };
    const year = yearPart ? fullYear(yearPart.value, yearPart.digits) : now.getFullYear();
    return checked(year, month, dayOptional ? 1 : dayPart!.value, yearPart ? undefined : `no year given; used ${year}`);
  }
  if (/^(zh|ja|ko|hu|lt|mn)\b/i.test(locale)) {
    m = /^(\d{2})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(raw);
    if (m) return checked(fullYear(+m[1]!, 2), +m[2]!, +m[3]!);
  }
  return { ok: false, message: `Could not read "${raw}" as a date; write it like 2025-03-05 or March 5, 2025.` };

  function checked(year: number, month: number, day: number, note?: string): DateResult {
    if (month < 1 || month > 12 || day < 1 || year < 1 || year > 9999 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
      return { ok: false, message: `"${raw}" is not a valid date.` };
    }
    return { ok: true, ymd: { year, month, day }, note };
  }
}

/** Reads a time of day ("3:30 pm", "15:30", "3pm", "noon"); seconds are kept when given. */
export function parseHumanTime(text: string): Conversion {
  // Chinese writes the half of the day first ("下午3:00"); move it to the end.
  const raw = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^(上午|下午)\s*(.*)$/, '$2 $1');
  if (raw === 'noon' || raw === '中午') return { ok: true, value: '12:00' };
  if (raw === 'midnight' || raw === '午夜') return { ok: true, value: '00:00' };
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2})(?:\.(\d{1,3}))?)?\s*(a\.?m\.?|p\.?m\.?|上午|下午)?$/.exec(raw);
  if (!m || (!m[2] && !m[5])) return { ok: false, message: `Could not read "${text.trim()}" as a time; write it like 15:30 or 3:30 PM.` };
  let hour = +m[1]!;
  const minute = m[2] ? +m[2] : 0;
  const meridiem = m[5]?.replace(/\./g, '');
  if (meridiem) {
    if (hour < 1 || hour > 12) return { ok: false, message: `"${text.trim()}" is not a valid 12-hour time.` };
    const pm = meridiem === 'pm' || meridiem === '下午';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || +(m[3] ?? 0) > 59) return { ok: false, message: `"${text.trim()}" is not a valid time.` };
  // Seconds are two digits already; a fraction is padded to milliseconds.
  return { ok: true, value: `${pad(hour)}:${pad(minute)}${m[3] ? `:${m[3]}` : ''}${m[4] ? `.${m[4].padEnd(3, '0')}` : ''}` };
}

/** ISO 8601 week of a date: the week-year and week number. */
export function isoWeek({ year, month, day }: YMD): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return { year: date.getUTCFullYear(), week: Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/** Reads a number written with thousands separators or a decimal comma ("1,234.5", "1.234,5", "3,5"). */
export function parseHumanNumber(text: string): Conversion {
  let raw = text.trim().replace(/[\s\u00a0\u202f']/g, '').replace(/^\+/, '');
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(raw)) return { ok: true, value: String(Number(raw)) };
  const comma = raw.lastIndexOf(',');
  const dot = raw.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    raw = comma > dot ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  } else if (comma >= 0) {
    // A single comma followed by exactly three digits groups thousands ("1,234"); otherwise it is a decimal comma.
    const groups = raw.split(',');
    const thousands = groups.length > 2 || (groups.length === 2 && groups[1]!.length === 3 && groups[0]!.replace('-', '').length <= 3);
    raw = thousands ? raw.replace(/,/g, '') : raw.replace(',', '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(raw) && !/^-?\.\d+$/.test(raw)) return { ok: false, message: `"${text.trim()}" is not a number.` };
  return { ok: true, value: String(Number(raw)) };
}

function splitDateTime(text: string): { date: string; time: string } | null {
  const raw = text.trim();
  let m = /^(.*?\d)[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(raw);
  if (m && /^\d{4}-\d{2}-\d{2}$/.test(m[1]!)) return { date: m[1]!, time: m[2]! };
  m = /^(.*?)(?:\s*,\s*|\s+at\s+|\s+)(\d{1,2}(?:[:.]\d{2}){0,2}\s*(?:[ap]\.?m\.?)?)$/i.exec(raw);
  if (m && m[1]) return { date: m[1], time: m[2]! };
  return null;
}


/** Converts `text` to the value an `<input type=…>` of this type accepts, with a note when it was interpreted. */
export function toInputValue(type: string, text: string, locale: string, now: Date = new Date()): Conversion {
  const raw = text.trim();
  if (!raw) return { ok: true, value: '' };
  switch (type) {
    case 'date': {
      const parsed = parseHumanDate(raw, locale, now);
      return parsed.ok ? withNote(formatDate(parsed.ymd), raw, parsed.note) : parsed;
    }
    case 'time':
    case 'number':
    case 'range': {
      const parsed = type === 'time' ? parseHumanTime(raw) : parseHumanNumber(raw);
      return parsed.ok ? withNote(parsed.value, raw) : parsed;
    }
    case 'datetime-local': {
      const parts = splitDateTime(raw);
      if (!parts) return { ok: false, message: `Could not read "${raw}" as a date and time; write it like 2025-03-05 15:30.` };
      const date = parseHumanDate(parts.date, locale, now);
      if (!date.ok) return date;
      const time = parseHumanTime(parts.time);
      if (!time.ok) return time;
      return withNote(`${formatDate(date.ymd)}T${time.value}`, raw, date.note);
    }
    case 'month': {
      let m = /^(\d{4})[-/.年](\d{1,2})月?$/.exec(raw);
      if (m) return monthValue(+m[1]!, +m[2]!, raw);
      m = /^(\d{1,2})[-/.](\d{4})$/.exec(raw);
      if (m) return monthValue(+m[2]!, +m[1]!, raw);
      // "March 2025", "Mar", or a whole date: the month it falls in.
      const date = parseHumanDate(raw, locale, now, true);
      if (date.ok) return monthValue(date.ymd.year, date.ymd.month, raw, date.note);
      return { ok: false, message: `Could not read "${raw}" as a month; write it like 2025-03 or March 2025.` };
    }
    case 'week': {
      const m = /^(\d{4})-?w(\d{1,2})$/i.exec(raw.replace(/\s+/g, '')) ?? /^week\s*(\d{1,2})\D+(\d{4})$/i.exec(raw);
      if (m) {
        const [year, week] = /^\d{4}$/.test(m[1]!) ? [+m[1]!, +m[2]!] : [+m[2]!, +m[1]!];
        if (week < 1 || week > 53) return { ok: false, message: `"${raw}" is not a valid week.` };
        return withNote(`${pad(year, 4)}-W${pad(week)}`, raw);
      }
      const date = parseHumanDate(raw, locale, now);
      if (!date.ok) return { ok: false, message: `Could not read "${raw}" as a week; write it like 2025-W10 or give a date in that week.` };
      const { year, week } = isoWeek(date.ymd);
      return withNote(`${pad(year, 4)}-W${pad(week)}`, raw, `the week of ${formatDate(date.ymd)}`);
    }
    case 'color': {
      const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw);
      if (!m) return { ok: false, message: `"${raw}" is not a colour in hex form; write it like #1e90ff.` };
      const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
      return withNote(`#${hex.toLowerCase()}`, raw);
    }
    default:
      return { ok: true, value: text };
  }
}

function monthValue(year: number, month: number, raw: string, note?: string): Conversion {
  if (month < 1 || month > 12) return { ok: false, message: `"${raw}" is not a valid month.` };
  return withNote(`${pad(year, 4)}-${pad(month)}`, raw, note);
}

function withNote(value: string, raw: string, note?: string): Conversion {
  if (value === raw && !note) return { ok: true, value };
  return { ok: true, value, note: note ? `${note}; set ${value}` : `set ${value} for "${raw}"` };
}
