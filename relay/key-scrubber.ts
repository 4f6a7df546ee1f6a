// Removes the upstream API key from anything leaving the relay: log lines, error bodies and
// streamed response bytes. Pure functions over strings and bytes; knows nothing of HTTP.

/** What replaces the key wherever it would have appeared. */
export const KEY_PLACEHOLDER = '[redacted]';

/** Returns `text` with every occurrence of `secret` replaced. */
export function scrubText(text: string, secret: string | undefined): string {
  if (!secret) return text;
  return text.split(secret).join(KEY_PLACEHOLDER);
}

/** Scrubs a byte stream chunk by chunk, holding back only a chunk's tail that could start the secret. */
export interface StreamScrubber {
  /** Returns the bytes that are safe to send now (often the chunk itself, unchanged). */
  push(chunk: Uint8Array): Uint8Array;
  /** Returns whatever was held back; call once at the end of the stream. */
  flush(): Uint8Array;
}

/**
 * Creates a scrubber for a byte stream. A chunk that holds no part of the secret passes through
 * as the same bytes; a secret split across chunks is still caught.
 */
export function createStreamScrubber(secret: string | undefined): StreamScrubber {
  const EMPTY = new Uint8Array(0);
  if (!secret) return { push: (chunk) => chunk, flush: () => EMPTY };
  const needle = Buffer.from(secret, 'utf8');
  const placeholder = Buffer.from(KEY_PLACEHOLDER, 'utf8');
  let pending: Buffer = Buffer.alloc(0);

  return {
    push(chunk) {
      const hadPending = pending.length > 0;
      const data = hadPending ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const replaced = replaceAll(data, needle, placeholder);
      const keep = partialTail(replaced, needle);
      pending = Buffer.from(replaced.subarray(replaced.length - keep));
      if (!hadPending && keep === 0 && replaced === data) return chunk;
      return replaced.subarray(0, replaced.length - keep);
    },
    flush() {
      const rest = pending;
      pending = Buffer.alloc(0);
      return rest;
    },
  };
}

function replaceAll(data: Buffer, needle: Buffer, placeholder: Buffer): Buffer {
  let at = data.indexOf(needle);
  if (at === -1) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(data.subarray(from, at), placeholder);
    from = at + needle.length;
    at = data.indexOf(needle, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

/** Length of the longest tail of `data` that is a proper prefix of `needle`. */
function partialTail(data: Buffer, needle: Buffer): number {
  const max = Math.min(needle.length - 1, data.length);
  for (let len = max; len > 0; len--) {
    if (data.subarray(data.length - len).equals(needle.subarray(0, len))) return len;
  }
  return 0;
}
