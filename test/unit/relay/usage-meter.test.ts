// @vitest-environment node
// Usage read from upstream answers as they stream past (#15): JSON replies, SSE streams whose last
// chunk carries `usage`, chunks split anywhere, and answers with no usage at all.
import { describe, expect, it } from 'vitest';
import { createUsageMeter, totalTokens } from '../../../relay/usage-meter.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` to a meter in pieces of `size` bytes. */
function feed(stream: boolean, text: string, size = 7) {
  const meter = createUsageMeter(stream);
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) meter.push(all.subarray(i, i + size));
  return meter;
}

describe('createUsageMeter', () => {
  it('reads total_tokens from a JSON reply split into chunks', () => {
    const meter = feed(false, JSON.stringify({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } }));
    expect(meter.tokens()).toBe(120);
    expect(meter.bytes).toBeGreaterThan(50);
  });

  it('reads the usage chunk at the end of an SSE stream, split anywhere, CRLF or LF', () => {
    const events = [
      { choices: [{ delta: { content: 'Hel' } }], usage: null },
      { choices: [{ delta: { content: 'lo' } }] },
      { choices: [], usage: { prompt_tokens: 30, completion_tokens: 5, total_tokens: 35 } },
    ];
    for (const newline of ['\n', '\r\n']) {
      const text = events.map((e) => `data: ${JSON.stringify(e)}${newline}${newline}`).join('') + `data: [DONE]${newline}${newline}`;
      for (const size of [1, 3, 64, 10_000]) expect(feed(true, text, size).tokens()).toBe(35);
    }
    // The last event without a trailing newline is read at the end.
    expect(feed(true, `data: ${JSON.stringify(events[2])}`).tokens()).toBe(35);
  });

  it('reports nothing when the answer has no usage, so the relay estimates', () => {
    expect(feed(false, '{"choices":[]}').tokens()).toBeUndefined();
    expect(feed(false, 'not json').tokens()).toBeUndefined();
    expect(feed(true, 'data: {"choices":[{"delta":{"content":"usage"}}]}\n\ndata: [DONE]\n\n').tokens()).toBeUndefined();
  });

  it('keeps bounded memory: a huge JSON reply is charged by size, a huge SSE line is skipped', () => {
    const huge = feed(false, JSON.stringify({ content: 'x'.repeat(9 * 1024 * 1024), usage: { total_tokens: 5 } }), 1024 * 1024);
    expect(huge.tokens()).toBeUndefined();
    expect(huge.bytes).toBeGreaterThan(9 * 1024 * 1024);
    const long = `data: ${JSON.stringify({ choices: [{ delta: { content: 'y'.repeat(200_000) } }] })}\n\ndata: {"choices":[],"usage":{"total_tokens":9}}\n\n`;
    expect(feed(true, long, 4096).tokens()).toBe(9);
  });
});

describe('totalTokens', () => {
  it('reads total, prompt + completion, or input + output tokens', () => {
    expect(totalTokens({ usage: { total_tokens: 7 } })).toBe(7);
    expect(totalTokens({ usage: { prompt_tokens: 3, completion_tokens: 4 } })).toBe(7);
    expect(totalTokens({ usage: { input_tokens: 5, output_tokens: 1 } })).toBe(6);
    expect(totalTokens({ usage: {} })).toBeUndefined();
    expect(totalTokens({ usage: { total_tokens: -1 } })).toBeUndefined();
    expect(totalTokens(null)).toBeUndefined();
  });
});
