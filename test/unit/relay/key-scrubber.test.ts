// @vitest-environment node
// Scrubbing the API key from text and from byte streams split at any point.
import { describe, expect, it } from 'vitest';
import { createStreamScrubber, KEY_PLACEHOLDER, scrubText } from '../../../relay/key-scrubber.js';

const KEY = 'sk-proj-AbCdEf0123456789';

function streamThrough(secret: string | undefined, parts: string[]): string {
  const scrubber = createStreamScrubber(secret);
  const out = parts.map((p) => Buffer.from(scrubber.push(Buffer.from(p))).toString('utf8'));
  return out.join('') + Buffer.from(scrubber.flush()).toString('utf8');
}

describe('scrubText', () => {
  it('replaces every occurrence of the key', () => {
    expect(scrubText(`bad key ${KEY}; again ${KEY}`, KEY)).toBe(`bad key ${KEY_PLACEHOLDER}; again ${KEY_PLACEHOLDER}`);
  });

  it('returns the text unchanged without a key', () => {
    expect(scrubText('nothing here', undefined)).toBe('nothing here');
  });
});

describe('createStreamScrubber', () => {
  it('passes a chunk without the key through as the same bytes', () => {
    const scrubber = createStreamScrubber(KEY);
    const chunk = Buffer.from('data: {"choices":[]}\n\n');
    expect(scrubber.push(chunk)).toBe(chunk);
  });

  it('catches the key split across chunks at every position', () => {
    const text = `data: {"echo":"${KEY}"}\n\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const out = streamThrough(KEY, [text.slice(0, cut), text.slice(cut)]);
      expect(out).toBe(`data: {"echo":"${KEY_PLACEHOLDER}"}\n\n`);
    }
  });

  it('catches the key spread over one-byte chunks', () => {
    const text = `a${KEY}b${KEY}`;
    expect(streamThrough(KEY, [...text])).toBe(`a${KEY_PLACEHOLDER}b${KEY_PLACEHOLDER}`);
  });

  it('releases a held-back prefix that turns out not to be the key', () => {
    expect(streamThrough(KEY, ['hello sk-pr', 'ose'])).toBe('hello sk-prose');
    expect(streamThrough(KEY, ['tail sk-'])).toBe('tail sk-');
  });

  it('is a no-op without a key', () => {
    expect(streamThrough(undefined, ['a', 'b'])).toBe('ab');
  });
});
