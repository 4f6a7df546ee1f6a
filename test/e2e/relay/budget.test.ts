// Daily token budgets at the relay (#15): per client (the token's user, else the address) and in
// all, counted from the upstream's `usage` in JSON replies and in streams (include_usage), with a
// clear 429 when spent and an estimate when the upstream reports no usage.
import { describe, expect, it } from 'vitest';
import { mintRelayToken } from '../../../relay/relay-token.js';
import { PAGE_ORIGIN, postChat, useRelayFixture } from './relay-helpers.js';

const SECRET = 'budget-test-secret-0123456789abcdef0123';
const fixture = useRelayFixture({ RELAY_MAX_TOKENS: '100' });
const { relayWith } = fixture;

const as = (subject: string) => ({ authorization: `Bearer ${mintRelayToken({ secret: SECRET, subject, origin: PAGE_ORIGIN })}` });

describe('relay token budgets', () => {
  it("counts each user's tokens from the upstream's usage and answers 429 budget_exhausted when the day is spent", async () => {
    const { relay, logger } = await relayWith({ RELAY_TOKEN_SECRET: SECRET, RELAY_DAILY_TOKENS_PER_CLIENT: '300' });
    // Every mock reply reports usage.total_tokens 120.
    fixture.upstream.setHandler(() => ({ content: 'ok' }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postChat(relay, { headers: as('alice') })).status);
    // 0, 120 and 240 used are under 300, so three requests run; the fourth finds 360 used.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const spent = await postChat(relay, { headers: as('alice') });
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('budget_exhausted');
    expect(spent.body.error.message).toMatch(/^Your daily token budget on this LLM relay \(300 tokens, RELAY_DAILY_TOKENS_PER_CLIENT\) is spent; it renews at 00:00 UTC, in (\d+ h \d+ min|\d+ min)\.$/);
    const resetsAt = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(spent.body.budget).toEqual({ scope: 'client', limit: 300, resets_at: `${resetsAt}T00:00:00.000Z` });
    const retryAfter = Number(spent.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(spent.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(fixture.upstream.requests).toHaveLength(3);
    // Another user has a budget of their own.
    expect((await postChat(relay, { headers: as('bob') })).status).toBe(200);
    expect(logger.lines.some((l) => l.includes('client=user:alice') && l.includes('tokens=120'))).toBe(true);
    expect(logger.lines.some((l) => l.includes('429') && l.includes('budget client spent'))).toBe(true);
  });

  it('stops everyone when the relay-wide daily budget is spent', async () => {
    const { relay } = await relayWith({ RELAY_TOKEN_SECRET: SECRET, RELAY_DAILY_TOKENS: '200' });
    fixture.upstream.setHandler(() => ({ content: 'ok' }));
    expect((await postChat(relay, { headers: as('a') })).status).toBe(200);
    expect((await postChat(relay, { headers: as('b') })).status).toBe(200);
    const res = await postChat(relay, { headers: as('c') });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^This LLM relay's daily token budget \(200 tokens for everyone, RELAY_DAILY_TOKENS\) is spent/);
    expect(res.body.budget.scope).toBe('total');
  });

  it('asks a stream for its usage chunk and counts it', async () => {
    const { relay, logger } = await relayWith({ RELAY_DAILY_TOKENS_PER_CLIENT: '600' });
    fixture.upstream.enqueue({
      sse: [
        { choices: [{ delta: { content: 'Hel' } }] },
        { choices: [{ delta: { content: 'lo' } }] },
        { choices: [], usage: { prompt_tokens: 500, completion_tokens: 2, total_tokens: 502 } },
      ],
    });
    const res = await postChat(relay, { body: { messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_obfuscation: false } } });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('"total_tokens":502');
    expect(fixture.upstream.requests[0]!.body.stream_options).toEqual({ include_obfuscation: false, include_usage: true });
    expect(logger.lines.some((l) => l.includes('stream tokens=502'))).toBe(true);
    fixture.upstream.enqueue({ content: 'second' });
    expect((await postChat(relay)).status).toBe(200); // 502 used < 600
    expect((await postChat(relay)).status).toBe(429); // 622 used
    expect(fixture.upstream.requests).toHaveLength(2);
  });

  it('charges an estimate (about 4 bytes a token) when the upstream reports no usage', async () => {
    const { relay, logger } = await relayWith({ RELAY_DAILY_TOKENS_PER_CLIENT: '5000' });
    fixture.upstream.enqueue({ json: { choices: [{ message: { role: 'assistant', content: 'x'.repeat(4000) } }] } });
    expect((await postChat(relay)).status).toBe(200);
    const line = logger.lines.find((l) => l.includes('POST /chat/completions 200'))!;
    const tokens = Number(/tokens=(\d+) \(estimated\)/.exec(line)?.[1]);
    expect(tokens).toBeGreaterThan(1000);
    expect(tokens).toBeLessThan(1100);
  });

  it('charges nothing for an upstream error', async () => {
    const { relay, logger } = await relayWith({ RELAY_DAILY_TOKENS_PER_CLIENT: '300' });
    fixture.upstream.enqueue({ fault: 'server', status: 500 }, { fault: 'server', status: 500 }, { fault: 'server', status: 500 }, { content: 'ok' });
    for (let i = 0; i < 3; i++) expect((await postChat(relay)).status).toBe(500);
    expect((await postChat(relay)).status).toBe(200);
    expect(logger.lines.filter((l) => l.includes(' 500 ') && l.includes('tokens=0'))).toHaveLength(3);
  });
});
