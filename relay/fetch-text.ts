// Small helpers for answers of the relay's own fetch calls (upstream, verify URL): a body read as
// text up to a cap, and a fetch failure in a few words. Knows nothing of what was asked.

/** Reads a fetch answer's body as UTF-8 text, stopping after `limit` bytes; rejects when the body breaks. */
export async function readCappedText(answer: Response, limit: number): Promise<string> {
  if (!answer.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Why a fetch failed, as its system error code (ECONNREFUSED) or message. */
export function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
