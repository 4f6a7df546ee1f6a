// Turns a chat-completion reply into one validated tool call: finds the call, repairs it
// (numbered cases in repair/), resolves the tool and validates its arguments.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { isAbortError, messageOf } from '../base/index.js';
import { LLMError } from './errors.js';
import { extractToolCall } from './repair/extract-tool-call.js';
import { repairMacroArgs } from './repair/repair-macro.js';
import { createRepairLog } from './repair/repair-log.js';
import { matchToolName } from './repair/tool-names.js';
import { validateArgs } from './repair/validate-args.js';
import type { InvokeOptions, LLMDebugLogger, RepairNote, Tool } from './types.js';

/** A tool call ready to execute. */
export interface ParsedReply {
  name: string;
  args: unknown;
  repairs: RepairNote[];
}

function applyNormalizer(response: unknown, normalize: InvokeOptions['normalizeResponse']): unknown {
  if (!normalize) return response;
  try {
    return normalize(response) ?? response;
  } catch (error) {
    if (error instanceof LLMError || isAbortError(error)) throw error;
    throw new LLMError('invalid_response', `normalizeResponse rejected the reply: ${messageOf(error)}`, {
      rawResponse: response,
      rawError: error,
    });
  }
}

/** Parses, repairs and validates the tool call of a reply; throws an LLMError when it cannot. */
export function parseReply(response: unknown, tools: Record<string, Tool>, options: InvokeOptions, debug: LLMDebugLogger): ParsedReply {
  const log = createRepairLog(debug);
  const normalized = applyNormalizer(response, options.normalizeResponse);
  const toolNames = Object.keys(tools);
  const macroActions = options.macro ? Object.keys(options.macro.actions) : [];
  const found = extractToolCall(normalized, options.toolChoiceName, [...toolNames, ...macroActions], log);

  let name: string | undefined;
  let args: unknown;
  if (options.macro && options.toolChoiceName && tools[options.toolChoiceName]) {
    name = options.toolChoiceName;
    args = repairMacroArgs(name, found, options.macro.actions, log);
    if (found.name) matchToolName(found.name, [name], log);
  } else {
    name = found.name ? matchToolName(found.name, toolNames, log) : options.toolChoiceName ?? (toolNames.length === 1 ? toolNames[0] : undefined);
    if (!name || !tools[name]) {
      const shown = found.name ?? '(no name)';
      throw new LLMError('invalid_tool_args', `Unknown tool "${shown}". Available tools: ${toolNames.join(', ')}.`, {
        rawResponse: response,
        note: `Your previous reply called the unknown tool "${shown}". Use one of: ${toolNames.join(', ')}.`,
      });
    }
    args = found.args;
  }
  return { name, args: validateArgs(tools[name]!.inputSchema, args, name, toolNames, log), repairs: log.notes };
}
