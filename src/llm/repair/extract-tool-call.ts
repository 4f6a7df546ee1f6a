// Finds the one tool call in a chat-completion reply, repairing the generic shapes models produce:
//   case 1: JSON in `content` instead of `tool_calls` (plain, fenced, or with prose around it);
//   case 2: a `{name, arguments}` / `{type:'function', function}` wrapper (and legacy `function_call`);
//   case 4: arguments encoded as a JSON string more than once;
//   case 9 (in part): several tool calls in one reply, of which the first is used.
// Knows nothing about which tools exist; see repair-macro.ts and validate-args.ts for that.
import { LLMError } from '../errors.js';
import { isRecord } from '../../base/index.js';
import { findJsonObject, parseJsonLayers } from './json-text.js';
import type { RepairLog } from './repair-log.js';

/** A tool call as found in the reply: the name (when the reply had one) and parsed arguments. */
export interface FoundToolCall {
  name?: string;
  args: unknown;
}

const NO_TOOL_CALL_NOTE = (tool: string | undefined) =>
  tool ? `Your previous reply did not call the tool \`${tool}\`. Reply only with a call to \`${tool}\`.` : 'Your previous reply did not call a tool. Reply only with a tool call.';

/** Unwraps `{name, arguments|parameters}` and `{type:'function', function:{…}}` (case 2). */
function unwrap(value: unknown, log: RepairLog): FoundToolCall | undefined {
  if (!isRecord(value)) return undefined;
  const record = value;
  if (Array.isArray(record.tool_calls) && record.tool_calls.length) {
    log.add(2, 'unwrapped a tool_calls array written as JSON');
    return unwrap(record.tool_calls[0], log) ?? { args: record.tool_calls[0] };
  }
  if (record.type === 'function' && typeof record.function === 'object' && record.function !== null) {
    log.add(2, 'unwrapped a {type:"function", function} wrapper');
    return { name: record.function.name, args: parseArgs(record.function.arguments ?? record.function.parameters ?? {}, log) };
  }
  const argsKey = ['arguments', 'parameters', 'args', 'input'].find((key) => key in record);
  if (typeof record.name === 'string' && argsKey && Object.keys(record).every((key) => ['name', argsKey, 'id', 'type'].includes(key))) {
    log.add(2, `unwrapped a {name, ${argsKey}} wrapper`);
    return { name: record.name, args: parseArgs(record[argsKey], log) };
  }
  return undefined;
}

/**
 * Parses tool arguments, peeling extra string layers (case 4). When the reply was `truncated` at the
 * token limit, an invalid-JSON error says so and carries the plain one as its cause.
 */
function parseArgs(raw: unknown, log: RepairLog, truncated = false): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  if (raw.trim() === '') return {};
  const { value, layers } = parseJsonLayers(raw);
  if (layers > 1) log.add(4, `arguments were JSON encoded ${layers} times`);
  if (layers === 0 || typeof value === 'string') {
    const embedded = findJsonObject(raw);
    if (embedded) {
      log.add(1, 'took the JSON object out of arguments that had text around it');
      return embedded;
    }
    const note = 'Your previous tool call had arguments that were not valid JSON. Send the arguments as one JSON object.';
    const error = new LLMError('invalid_tool_args', `The model's tool arguments are not valid JSON: ${JSON.stringify(raw.slice(0, 200))}`, { note });
    throw truncated ? new LLMError(error.kind, `${error.message} (the reply was cut off at the token limit)`, { note, rawError: error }) : error;
  }
  return value;
}

const squash = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/**
 * Finds the tool call of a reply (cases 1, 2, 4) or throws an LLMError saying why there is none.
 * `expectedTool` is the tool the request forced, named in the retry note; a `{name, arguments}` object
 * inside real tool arguments is unwrapped only when it names one of `knownNames` (tools and actions).
 */
export function extractToolCall(response: unknown, expectedTool: string | undefined, knownNames: readonly string[], log: RepairLog): FoundToolCall {
  const known = new Set(knownNames.map(squash));
  const choices = (response as { choices?: unknown } | null)?.choices;
  const choice = Array.isArray(choices) ? (choices[0] as Record<string, any> | undefined) : undefined;
  if (!choice || typeof choice !== 'object') {
    throw new LLMError('invalid_response', 'The LLM reply has no `choices`; is `baseURL` an OpenAI-compatible chat-completions API?', { rawResponse: response });
  }
  if (choice.finish_reason === 'content_filter') {
    throw new LLMError('content_filter', "The provider's content filter blocked the model's reply.", { rawResponse: response });
  }
  const message: Record<string, any> = choice.message ?? choice.delta ?? {};
  const truncated = choice.finish_reason === 'length';

  const call = Array.isArray(message.tool_calls) ? message.tool_calls.find((c: any) => c?.function) : undefined;
  if (call) {
    if (message.tool_calls.length > 1) log.add(9, `reply had ${message.tool_calls.length} tool calls; using the first`);
    const args = parseArgs(call.function.arguments, log, truncated);
    const inner = (args as { name?: unknown; function?: { name?: unknown } } | null) ?? {};
    const innerName = typeof inner.name === 'string' ? inner.name : typeof inner.function?.name === 'string' ? inner.function.name : undefined;
    const wrapped = innerName !== undefined && known.has(squash(innerName)) ? unwrap(args, log) : undefined;
    return wrapped ?? { name: call.function.name, args };
  }
  if (message.function_call && typeof message.function_call === 'object') {
    log.add(2, 'read the legacy `function_call` field');
    return { name: message.function_call.name, args: parseArgs(message.function_call.arguments, log, truncated) };
  }
  const content = typeof message.content === 'string' ? message.content : Array.isArray(message.content) ? message.content.map((part: any) => part?.text ?? '').join('') : '';
  const json = content ? findJsonObject(content) : undefined;
  if (json) {
    log.add(1, 'read the tool call from JSON in `content`');
    const wrapped = unwrap(json, log);
    if (wrapped) return wrapped;
    return { args: json };
  }
  throw new LLMError('no_tool_call', truncated ? 'The model reply was cut off at the token limit before any tool call.' : 'The model replied without calling a tool.', {
    rawResponse: response,
    note: NO_TOOL_CALL_NOTE(expectedTool),
  });
}
