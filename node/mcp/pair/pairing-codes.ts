// The pairing state of `mcp --pair`: the one 6-digit code a tab may pair with (it expires after two
// minutes and after five wrong tries), the one live pairing, and its per-pairing secret. Pure: the
// clock and the randomness are passed in; no sockets, no pages.
import { randomBytes, randomInt } from 'node:crypto';

/** How long a code may be used, in ms. */
export const CODE_LIFETIME_MS = 120_000;
/** Wrong codes before the current one is burned. */
export const MAX_WRONG_CODES = 5;

/** A code the terminal shows. */
export interface PairingCode {
  code: string;
  expiresAt: number;
}

/** Why a pairing attempt is refused: wrong or expired code, or a pairing already live or pending. */
export type PairingRefusal = 'wrong_code' | 'last_wrong_code' | 'expired_code' | 'busy';

/** What a refusal tells the page (the server says the same in the terminal). */
export const REFUSAL_TEXT: Record<PairingRefusal, string> = {
  wrong_code: 'Wrong pairing code: use the code the terminal of drop-in-page-agent mcp shows.',
  last_wrong_code: 'Wrong pairing code, for the fifth time: that code no longer works; use the new code the terminal shows.',
  expired_code: 'The pairing code expired (or was tried wrongly five times): use the new code the terminal shows.',
  busy: 'Another tab is already paired (or being paired) with this server: end that pairing first.',
};

/** Sources of time and randomness (tests pass their own). */
export interface PairingCodeDeps {
  now(): number;
  code(): string;
  secret(): string;
}

const DEFAULT_DEPS: PairingCodeDeps = {
  now: () => Date.now(),
  code: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
  secret: () => randomBytes(32).toString('base64url'),
};

/** One server's pairing codes and its one pairing (pending while the user decides, then live). */
export class PairingCodes {
  readonly #deps: PairingCodeDeps;
  #current: (PairingCode & { wrong: number }) | undefined;
  #claim: { id: number; secret?: string } | undefined;
  #claims = 0;

  constructor(deps: Partial<PairingCodeDeps> = {}) {
    this.#deps = { ...DEFAULT_DEPS, ...deps };
  }

  /** The usable code; a fresh one when there is none, it expired or was burned. `fresh` says whether it is new. */
  current(): PairingCode & { fresh: boolean } {
    const now = this.#deps.now();
    if (this.#current && this.#current.expiresAt > now && this.#current.wrong < MAX_WRONG_CODES) return { code: this.#current.code, expiresAt: this.#current.expiresAt, fresh: false };
    this.#current = { code: this.#deps.code(), expiresAt: now + CODE_LIFETIME_MS, wrong: 0 };
    return { code: this.#current.code, expiresAt: this.#current.expiresAt, fresh: true };
  }

  /** Whether a tab is paired or being paired. */
  get busy(): boolean {
    return this.#claim !== undefined;
  }

  /**
   * Checks a code a page sent: a claim id (the page may now ask the user) or why not. A wrong code
   * counts toward the five; the fifth burns the code, as does expiry.
   */
  claim(code: unknown): { id: number } | { refused: PairingRefusal } {
    if (this.#claim) return { refused: 'busy' };
    const current = this.#current;
    if (!current || current.expiresAt <= this.#deps.now() || current.wrong >= MAX_WRONG_CODES) return { refused: 'expired_code' };
    if (typeof code !== 'string' || code !== current.code) {
      current.wrong++;
      return { refused: current.wrong >= MAX_WRONG_CODES ? 'last_wrong_code' : 'wrong_code' };
    }
    // A code pairs once: the next pairing needs a new one.
    this.#current = undefined;
    this.#claim = { id: ++this.#claims };
    return { id: this.#claim.id };
  }

  /** The user accepted claim `id` in the page: its secret, which every later message must carry. */
  accept(id: number): string | undefined {
    if (this.#claim?.id !== id || this.#claim.secret) return undefined;
    this.#claim.secret = this.#deps.secret();
    return this.#claim.secret;
  }

  /** Whether `secret` is the live pairing's (compared in constant time). */
  isSecret(id: number, secret: unknown): boolean {
    const expected = this.#claim?.id === id ? this.#claim.secret : undefined;
    if (!expected || typeof secret !== 'string' || secret.length !== expected.length) return false;
    let diff = 0;
    for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ secret.charCodeAt(i);
    return diff === 0;
  }

  /** Ends claim `id` (declined, closed, gone); a later pairing needs a new code. */
  release(id: number): void {
    if (this.#claim?.id === id) this.#claim = undefined;
  }
}
