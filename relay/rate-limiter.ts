// Per-client rate limiting with a token bucket: `max` requests per window, refilled smoothly.
// Pure bookkeeping with an injectable clock; knows nothing of HTTP or how clients are identified.

/** The answer for one request. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Decides, per client key, whether one more request is allowed now. */
export interface RateLimiter {
  take(client: string): RateDecision;
  /** Number of clients currently tracked (buckets that are not full). */
  readonly size: number;
}

/** Above this many tracked clients, full buckets are dropped to bound memory. */
const PRUNE_AT = 10_000;

/**
 * Creates a limiter allowing a burst of `max` requests per client, refilled at `max` per `windowMs`.
 * `max` 0 allows everything.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const { max, windowMs } = options;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = max / windowMs;

  const level = (bucket: { tokens: number; at: number }, t: number) => Math.min(max, bucket.tokens + (t - bucket.at) * refillPerMs);

  function prune(t: number): void {
    for (const [client, bucket] of buckets) if (level(bucket, t) >= max) buckets.delete(client);
  }

  return {
    take(client) {
      if (max === 0) return { allowed: true };
      const t = now();
      if (buckets.size >= PRUNE_AT) prune(t);
      const bucket = buckets.get(client) ?? { tokens: max, at: t };
      const tokens = level(bucket, t);
      if (tokens < 1) {
        buckets.set(client, { tokens, at: t });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)) };
      }
      buckets.set(client, { tokens: tokens - 1, at: t });
      return { allowed: true };
    },
    get size() {
      return buckets.size;
    },
  };
}
