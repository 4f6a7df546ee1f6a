// Folds a server-sent-events chat stream into one chat.completion object, for servers or
// transformRequestBody settings that stream even though the client asks for a single reply.

interface ToolCallAccumulator {
  id?: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** Returns a chat.completion equivalent of an SSE body, or undefined when it holds no JSON chunk. */
export function completionFromSSE(text: string): Record<string, unknown> | undefined {
  let content = '';
  let sawChunk = false;
  let finishReason: unknown = null;
  let usage: unknown;
  let meta: Record<string, unknown> = {};
  const toolCalls: ToolCallAccumulator[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    let chunk: any;
    try {
      chunk = JSON.parse(line.slice(5).trim());
    } catch {
      continue; // an empty data line, `[DONE]`, or not JSON
    }
    sawChunk = true;
    if (chunk.error) return chunk;
    meta = { id: chunk.id, model: chunk.model, created: chunk.created };
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const delta = choice.delta ?? choice.message ?? {};
    if (typeof delta.content === 'string') content += delta.content;
    for (const call of delta.tool_calls ?? []) {
      const index = typeof call.index === 'number' ? call.index : toolCalls.length;
      const slot = (toolCalls[index] ??= { type: 'function', function: { name: '', arguments: '' } });
      if (call.id) slot.id = call.id;
      if (call.function?.name) slot.function.name += call.function.name;
      if (typeof call.function?.arguments === 'string') slot.function.arguments += call.function.arguments;
    }
  }
  if (!sawChunk) return undefined;
  const message: Record<string, unknown> = { role: 'assistant', content: content || null };
  const calls = toolCalls.filter(Boolean);
  if (calls.length) message.tool_calls = calls;
  return { ...meta, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finishReason }], ...(usage ? { usage } : {}) };
}
