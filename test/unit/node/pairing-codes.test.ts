// @vitest-environment node
// The pairing codes of `mcp --pair`: a code pairs once, expires after two minutes and after five
// wrong tries, one pairing at a time, and only the live pairing's secret is accepted.
import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, PairingCodes } from '../../../node/mcp/pair/pairing-codes.js';

/** Codes on a clock the test moves, with predictable codes and secrets. */
function codesAt(start = 1_000) {
  let now = start;
  let issued = 0;
  const codes = new PairingCodes({ now: () => now, code: () => String(++issued).padStart(6, '0'), secret: () => `secret-${issued}` });
  return { codes, advance: (ms: number) => (now += ms) };
}

describe('PairingCodes', () => {
  it('keeps one code until it expires, then issues a fresh one', () => {
    const { codes, advance } = codesAt();
    expect(codes.current()).toMatchObject({ code: '000001', fresh: true });
    expect(codes.current()).toMatchObject({ code: '000001', fresh: false });
    advance(CODE_LIFETIME_MS);
    expect(codes.claim('000001')).toEqual({ refused: 'expired_code' });
    expect(codes.current()).toMatchObject({ code: '000002', fresh: true });
  });

  it('burns the code at the fifth wrong try', () => {
    const { codes } = codesAt();
    codes.current();
    for (let i = 1; i < 5; i++) expect(codes.claim('999999')).toEqual({ refused: 'wrong_code' });
    expect(codes.claim(123456)).toEqual({ refused: 'last_wrong_code' });
    expect(codes.claim('000001')).toEqual({ refused: 'expired_code' });
  });

  it('pairs once per code and refuses a second claim while one is pending or live', () => {
    const { codes } = codesAt();
    const claim = codes.claim(codes.current().code);
    expect(claim).toEqual({ id: 1 });
    expect(codes.busy).toBe(true);
    expect(codes.claim(codes.current().code)).toEqual({ refused: 'busy' });
    const secret = codes.accept(1);
    expect(secret).toBe('secret-2');
    expect(codes.accept(1)).toBeUndefined();
    expect(codes.isSecret(1, secret)).toBe(true);
    expect(codes.isSecret(1, 'secret-3')).toBe(false);
    expect(codes.isSecret(2, secret)).toBe(false);
    codes.release(1);
    expect(codes.busy).toBe(false);
    expect(codes.isSecret(1, secret)).toBe(false);
    // The used code does not pair again.
    expect(codes.claim('000001')).toEqual({ refused: 'wrong_code' });
  });
});
