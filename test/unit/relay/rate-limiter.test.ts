// @vitest-environment node
// The per-client token bucket, driven by a fake clock.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../relay/rate-limiter.js';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('createRateLimiter', () => {
  it('allows a burst of max requests, then refuses with a Retry-After', () => {
    const c = clock();
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, now: c.now });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('keeps clients apart', () => {
    const c = clock();
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, now: c.now });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('refills smoothly over the window', () => {
    const c = clock();
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000, now: c.now });
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    c.advance(4_999);
    expect(limiter.take('a').allowed).toBe(false);
    c.advance(1);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('does not let refused requests dig the bucket deeper', () => {
    const c = clock();
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, now: c.now });
    limiter.take('a');
    for (let i = 0; i < 50; i++) limiter.take('a');
    c.advance(1000);
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('allows everything when max is 0', () => {
    const limiter = createRateLimiter({ max: 0, windowMs: 1000 });
    for (let i = 0; i < 100; i++) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.size).toBe(0);
  });

  it('forgets clients whose buckets are full once many are tracked', () => {
    const c = clock();
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, now: c.now });
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(10_000);
    c.advance(1000);
    limiter.take('newcomer');
    expect(limiter.size).toBe(1);
  });
});
