// Token cost text and the recent-task recall list.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/panel/i18n.js';
import { RecentTasks } from '../../../src/panel/recent-tasks.js';
import { costOf, formatCost, formatUsage } from '../../../src/panel/usage.js';

const t = createTranslator('en-US');

describe('usage', () => {
  it('shows tokens, and cost only when a price is configured', () => {
    const usage = { promptTokens: 12000, completionTokens: 300, totalTokens: 12300 };
    expect(formatUsage(t, usage)).toBe('Tokens: 12,000 in · 300 out');
    expect(formatUsage(t, usage, { promptPerToken: 2.5e-6, completionPerToken: 1e-5 })).toBe('Tokens: 12,000 in · 300 out · ≈ $0.033');
    expect(formatUsage(t, { promptTokens: 0, completionTokens: 0, totalTokens: 0 })).toBe('');
  });

  it('prices cached prompt tokens separately', () => {
    const usage = { promptTokens: 1000, completionTokens: 0, totalTokens: 1000, cachedTokens: 800 };
    expect(costOf(usage, { promptPerToken: 1, completionPerToken: 1, cachedPromptPerToken: 0.1 })).toBeCloseTo(280);
  });

  it('formats ISO currency codes after the amount', () => {
    expect(formatCost(1.5, 'CNY')).toBe('1.50 CNY');
    expect(formatCost(0.0004, '¥')).toBe('¥0.0004');
  });
});

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('RecentTasks', () => {
  it('recalls older tasks with previous and returns to the draft with next', () => {
    const recent = new RecentTasks('k', memoryStorage());
    recent.add('first');
    recent.add('second');
    expect(recent.previous('draft')).toBe('second');
    expect(recent.previous('second')).toBe('first');
    expect(recent.previous('first')).toBeNull();
    expect(recent.next()).toBe('second');
    expect(recent.next()).toBe('draft');
    expect(recent.next()).toBeNull();
  });

  it('moves a repeated task to the end and persists across instances', () => {
    const storage = memoryStorage();
    const a = new RecentTasks('k', storage);
    a.add('x');
    a.add('y');
    a.add('x');
    expect(new RecentTasks('k', storage).items).toEqual(['y', 'x']);
  });

  it('survives corrupt or throwing storage', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(new RecentTasks('k', storage).items).toEqual([]);
    const throwing = { ...memoryStorage(), getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } } as Storage;
    const recent = new RecentTasks('k', throwing);
    recent.add('still works');
    expect(recent.items).toEqual(['still works']);
  });
});
