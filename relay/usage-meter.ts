// Reads the token usage of an upstream answer as it streams past: the `usage` object of a JSON
// reply, or of the last SSE chunk that has one (OpenAI's `stream_options.include_usage`). Bounded
// memory whatever the answer's size; knows nothing of budgets or HTTP.

/** Text kept to parse a non-streamed reply; a larger reply is charged by its size instead. */
const JSON_LIMIT = 8 * 1024 * 1024;
/** Longest SSE line kept; usage chunks are small, longer lines are content. */
const LINE_LIMIT = 64 * 1024;

/** Watches an answer's bytes; `tokens()` is the total usage it reported, if it reported any. */
export interface UsageMeter {
  push(chunk: Uint8Array): void;
  tokens(): number | undefined;
  /** Bytes seen, for an estimate when the answer reports no usage. */
  readonly bytes: number;
}

/** A meter for a JSON reply (`stream` false) or a server-sent-events stream. */
export function createUsageMeter(stream: boolean): UsageMeter {
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  let overflow = false;
  let found: number | undefined;

  const readLine = (line: string) => {
    if (!line.startsWith('data:') || !line.includes('"usage"')) return;
    try {
      const total = totalTokens(JSON.parse(line.slice(5)));
      if (total !== undefined) found = total;
    } catch {
      // not JSON (`[DONE]`, a cut line): no usage in it
    }
  };

  return {
    push(chunk) {
      bytes += chunk.byteLength;
      if (overflow && !stream) return;
      text += decoder.decode(chunk, { stream: true });
      if (!stream) {
        if (text.length > JSON_LIMIT) {
          overflow = true;
          text = '';
        }
        return;
      }
      const lines = text.split(/\r?\n/);
      text = lines.pop()!;
      for (const line of lines) readLine(line);
      // A line this long holds content, not usage: drop it rather than keep growing.
      if (text.length > LINE_LIMIT) text = '';
    },
    tokens() {
      if (stream) {
        readLine(text);
        return found;
      }
      if (overflow) return undefined;
      try {
        return totalTokens(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
    get bytes() {
      return bytes;
    },
  };
}

/** Total tokens of a reply's `usage`, across the field names providers use. */
export function totalTokens(reply: unknown): number | undefined {
  const usage = (reply as { usage?: Record<string, unknown> } | null)?.usage;
  if (!usage || typeof usage !== 'object') return undefined;
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
  const total = num(usage.total_tokens);
  if (total !== undefined) return total;
  const input = num(usage.prompt_tokens) ?? num(usage.input_tokens);
  const output = num(usage.completion_tokens) ?? num(usage.output_tokens);
  return input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0);
}
