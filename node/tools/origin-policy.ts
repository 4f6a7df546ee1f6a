// --allowed-origins: which origins the agent may open. Pure; the start URL's origin is always allowed.
import { NodeRunError } from '../errors.js';

/** Parses origins ("https://a.example, http://localhost:8080"); a NodeRunError (usage) names a bad one. */
export function parseOrigins(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(',')).map((raw) => raw.trim()).filter(Boolean).map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new NodeRunError('usage', `--allowed-origins: "${raw}" is not an origin; write it as https://example.com (scheme, host and optional port).`);
    }
    if (!/^https?:$/.test(url.protocol)) throw new NodeRunError('usage', `--allowed-origins: "${raw}" must start with http:// or https://.`);
    return url.origin;
  });
}

/** Decides whether a URL may be opened; undefined origins means anywhere. */
export class OriginPolicy {
  readonly #origins: Set<string> | undefined;

  constructor(origins: readonly string[] | undefined, startUrl: string) {
    this.#origins = origins && origins.length > 0 ? new Set([...origins, new URL(startUrl).origin]) : undefined;
  }

  /** True when every origin is allowed. */
  get open(): boolean {
    return this.#origins === undefined;
  }

  /** The allowed origins, for messages. */
  describe(): string {
    return this.#origins ? [...this.#origins].join(', ') : 'any';
  }

  /** Whether `url` may be opened (about:blank and data of the page itself are fine). */
  allows(url: string): boolean {
    if (!this.#origins) return true;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol === 'about:') return true;
    return this.#origins.has(parsed.origin);
  }
}
