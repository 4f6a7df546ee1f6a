// @vitest-environment node
// Daily token budgets (#15): per client and in all, holds for running requests, UTC day rollover,
// and a bounded client table whose overflow shares one budget.
import { describe, expect, it } from 'vitest';
import { createTokenBudget, OVERFLOW_CLIENT, type BudgetConfig } from '../../../relay/token-budget.js';

const NOON = Date.UTC(2026, 10, 25, 12, 0, 0);

function clock(start = NOON) {
  let t = start;
  return { now: () => t, set: (ms: number) => void (t = ms) };
}

const budgetWith = (config: Partial<BudgetConfig>, c = clock(), onFull?: (max: number) => void) =>
  createTokenBudget({ perClient: 0, total: 0, maxClients: 100, ...config }, { now: c.now, onFull });

function spend(budget: ReturnType<typeof budgetWith>, client: string, tokens: number) {
  const decision = budget.reserve(client, 10);
  if (!decision.allowed) throw new Error(`refused ${client}`);
  decision.ticket.settle(tokens);
}

describe('createTokenBudget', () => {
  it('allows everything and tracks nothing when both budgets are off', () => {
    const budget = budgetWith({});
    expect(budget.active).toBe(false);
    for (let i = 0; i < 5; i++) spend(budget, 'a', 1_000_000);
    expect(budget.clients).toBe(0);
  });

  it('refuses a client whose day is spent until midnight UTC, and keeps clients apart', () => {
    const budget = budgetWith({ perClient: 1000 });
    spend(budget, 'a', 600);
    spend(budget, 'a', 600); // starts under the limit, so it runs; the day is now overdrawn
    expect(budget.used('a')).toBe(1200);
    expect(budget.reserve('a', 1)).toEqual({
      allowed: false,
      scope: 'client',
      limit: 1000,
      resetsAt: Date.UTC(2026, 10, 26),
      retryAfterSeconds: 12 * 3600,
    });
    expect(budget.reserve('b', 1).allowed).toBe(true);
  });

  it('refuses everyone when the total is spent', () => {
    const budget = budgetWith({ total: 1000 });
    spend(budget, 'a', 500);
    spend(budget, 'b', 500);
    expect(budget.reserve('c', 1)).toMatchObject({ allowed: false, scope: 'total', limit: 1000 });
  });

  it('counts the holds of running requests, so parallel requests cannot all slip under the limit', () => {
    const budget = budgetWith({ perClient: 1000 });
    const first = budget.reserve('a', 900);
    expect(first.allowed).toBe(true);
    expect(budget.reserve('a', 900).allowed).toBe(true); // 900 held < 1000: one more may start
    expect(budget.reserve('a', 900).allowed).toBe(false); // 1800 held
    if (first.allowed) first.ticket.settle(50);
    expect(budget.used('a')).toBe(50);
  });

  it('settles a ticket once', () => {
    const budget = budgetWith({ perClient: 1000 });
    const decision = budget.reserve('a', 100);
    if (!decision.allowed) throw new Error('refused');
    decision.ticket.settle(300);
    decision.ticket.settle(300);
    expect(budget.used('a')).toBe(300);
  });

  it('renews every budget at midnight UTC, and charges a request that outlives midnight to the new day', () => {
    const c = clock(Date.UTC(2026, 10, 25, 23, 59, 0));
    const budget = budgetWith({ perClient: 1000, total: 5000 }, c);
    spend(budget, 'a', 1000);
    const late = budget.reserve('b', 100);
    expect(budget.reserve('a', 1).allowed).toBe(false);
    c.set(Date.UTC(2026, 10, 26, 0, 0, 1));
    expect(budget.used('a')).toBe(0);
    if (late.allowed) late.ticket.settle(700);
    expect(budget.used('b')).toBe(700);
    expect(budget.reserve('a', 1).allowed).toBe(true);
  });

  it('tracks at most maxClients; later clients share one overflow budget, with one warning a day', () => {
    const warnings: number[] = [];
    const c = clock();
    const budget = budgetWith({ perClient: 100, maxClients: 3 }, c, (max) => warnings.push(max));
    for (const client of ['a', 'b', 'c']) spend(budget, client, 10);
    spend(budget, 'd', 60);
    spend(budget, 'e', 60); // shares the overflow budget with d: 120 of 100 used
    expect(budget.clients).toBe(4);
    expect(budget.used(OVERFLOW_CLIENT)).toBe(120);
    expect(budget.reserve('f', 1)).toMatchObject({ allowed: false, scope: 'client' });
    expect(budget.reserve('a', 1).allowed).toBe(true); // tracked clients keep their own budgets
    expect(warnings).toEqual([3]);
    for (let i = 0; i < 1000; i++) budget.reserve(`client-${i}`, 1);
    expect(budget.clients).toBe(4);
    c.set(NOON + 86_400_000);
    expect(budget.clients).toBe(0);
  });
});
