// JSON helpers for model output: parse strings that may be encoded more than once, and find a
// JSON object inside prose, fenced blocks or <tool_call> tags. Pure; no knowledge of tools.
import { isRecord } from '../../base/index.js';

/** Parses `value` while it is a string holding JSON; returns the innermost value and how many string layers were peeled. */
export function parseJsonLayers(value: unknown): { value: unknown; layers: number } {
  let current = value;
  let layers = 0;
  while (typeof current === 'string' && layers < 4) {
    const text = current.trim();
    if (!/^[[{"]/.test(text)) break;
    try {
      current = JSON.parse(text);
      layers++;
    } catch {
      break;
    }
  }
  return { value: current, layers };
}

/** The end index (exclusive) of the balanced `{…}` or `[…]` starting at `start`, or -1. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (!stack.length) return i + 1;
    }
  }
  return -1;
}

/**
 * Finds the first JSON object in model text: a fenced ```json block first, else the first
 * balanced `{…}` that parses. Reasoning in `<think>…</think>` is skipped. Undefined when none.
 */
export function findJsonObject(text: string): Record<string, unknown> | undefined {
  const visible = text.replace(/<think(ing)?>[\s\S]*?<\/think(ing)?>/gi, ' ');
  const candidates: string[] = [];
  for (const match of visible.matchAll(/```[a-z0-9_-]*\s*\n?([\s\S]*?)```/gi)) candidates.push(match[1]!);
  candidates.push(visible);
  for (const candidate of candidates) {
    for (let start = candidate.indexOf('{'); start >= 0; start = candidate.indexOf('{', start + 1)) {
      const end = balancedEnd(candidate, start);
      if (end < 0) continue;
      try {
        const parsed = JSON.parse(candidate.slice(start, end));
        if (isRecord(parsed)) return parsed;
      } catch {
        // Not JSON (e.g. a code sample in prose): try the next brace.
      }
    }
  }
  return undefined;
}
