// Repairs the arguments of a macro tool call (the agent's `AgentOutput`:
// `{ evaluation_previous_goal?, memory?, next_goal?, action: { <tool>: input } }`) and validates
// the action against its own tool's schema:
//   case 3: the inner tool called directly (`click_element_by_index` instead of AgentOutput);
//   case 5: a bare action with no reflection fields and no `action` key;
//   case 6: a primitive action value (`{"click_element_by_index": 5}`), or a bare tool name;
//   case 7: a missing action — NOT filled in: page-agent substitutes `wait`, which hides a broken
//           model behind idle steps and burns the step budget. We throw `invalid_tool_args` with a
//           note, so the retry tells the model, and the agent records the failure if retries run out;
//   case 8: a tool name in the wrong case or with other separators;
//   case 9: the action given as an array (or as `actions`, or with several tools): the first is used.
// The imports are in the order that gzips the IIFE smallest (esbuild emits modules in import order).
import { LLMError } from '../errors.js';
import type { ToolInputSchema } from '../types.js';
import { isRecord } from '../../base/index.js';
import { parseJsonLayers } from './json-text.js';
import type { FoundToolCall } from './extract-tool-call.js';
import type { RepairLog } from './repair-log.js';
import { matchToolName } from './tool-names.js';
import { validateArgs } from './validate-args.js';
import { toolToJSONSchema } from '../tool-schema.js';

/** The reflection fields of the macro, in the order models write them. */
export const REFLECTION_FIELDS = ['evaluation_previous_goal', 'memory', 'next_goal'] as const;

function unknownAction(name: string, available: readonly string[]): LLMError {
  return new LLMError('invalid_tool_args', `Unknown tool "${name}" in action. Available tools: ${available.join(', ')}.`, {
    note: `Your previous action used the unknown tool "${name}". Use one of: ${available.join(', ')}.`,
  });
}

/** The one required field of an object schema (or its only field), for wrapping a primitive (case 6). */
function soleField(schema: ToolInputSchema): string | undefined {
  let json: Record<string, any>;
  try {
    json = toolToJSONSchema(schema);
  } catch {
    return undefined;
  }
  const properties = Object.keys(json.properties ?? {});
  const required: string[] = Array.isArray(json.required) ? json.required : [];
  if (required.length === 1) return required[0];
  return !required.length && properties.length === 1 ? properties[0] : undefined;
}

/** Picks the action object out of whatever the model sent for it (cases 4, 6, 9). */
function normaliseAction(raw: unknown, available: readonly string[], log: RepairLog): Record<string, unknown> | undefined {
  let action = raw;
  const parsed = parseJsonLayers(action);
  if (parsed.layers > 0) {
    log.add(4, 'action was a JSON string');
    action = parsed.value;
  }
  if (Array.isArray(action)) {
    if (!action.length) return undefined;
    log.add(9, action.length > 1 ? `action was an array of ${action.length}; using the first` : 'action was an array of one');
    return normaliseAction(action[0], available, log);
  }
  if (typeof action === 'string' && action.trim() !== '') {
    const name = matchToolName(action.trim(), available);
    if (name) {
      log.add(6, `action was the bare tool name "${action}"`);
      return { [name]: {} };
    }
    return { [action.trim()]: {} };
  }
  if (!isRecord(action)) return undefined;
  // `{name: "click", input|arguments|parameters|args: {...}}` written for one action.
  const argsKey = ['input', 'arguments', 'parameters', 'args'].find((key) => key in action);
  if (typeof action.name === 'string' && argsKey && Object.keys(action).length <= 3) {
    log.add(9, `action was a {name, ${argsKey}} object`);
    return { [action.name]: parseJsonLayers(action[argsKey]).value };
  }
  const keys = Object.keys(action);
  if (!keys.length) return undefined;
  if (keys.length > 1) {
    log.add(9, `action held ${keys.length} tools (${keys.join(', ')}); using the first`);
    return { [keys[0]!]: action[keys[0]!] };
  }
  return action;
}

/**
 * Returns the arguments of macro `macroName` (e.g. `AgentOutput`) with exactly one action validated
 * against its schema in `actions`, from the call the model made (it may have called an inner tool),
 * or throws an `invalid_tool_args` LLMError.
 */
export function repairMacroArgs(macroName: string, found: FoundToolCall, actions: Record<string, ToolInputSchema>, log: RepairLog): Record<string, unknown> {
  const { name: calledName, args: rawArgs } = found;
  const available = Object.keys(actions);
  let args: Record<string, unknown> = isRecord(rawArgs) ? { ...rawArgs } : {};

  // case 3: the model called an inner tool directly.
  const called = calledName?.trim();
  if (called && called !== macroName && matchToolName(called, [macroName]) === undefined) {
    const inner = matchToolName(called, available);
    if (!inner) throw unknownAction(called, available);
    const reflection: Record<string, unknown> = {};
    const actionInput: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) ((REFLECTION_FIELDS as readonly string[]).includes(key) ? reflection : actionInput)[key] = value;
    log.add(3, `the model called "${called}" directly; wrapped it in ${macroName}.action`);
    args = { ...reflection, action: { [inner]: isRecord(rawArgs) ? actionInput : rawArgs } };
  }

  if (!('action' in args) && 'actions' in args) {
    log.add(9, 'used `actions` as `action`');
    args.action = args.actions;
    delete args.actions;
  }
  const hadReflection = REFLECTION_FIELDS.some((key) => typeof args[key] === 'string' && (args[key] as string).trim() !== '');

  // case 5: tool keys at the top level, without an `action` wrapper.
  if (!('action' in args)) {
    const toolKeys = Object.keys(args).filter((key) => matchToolName(key, available) !== undefined);
    if (toolKeys.length) {
      log.add(5, `the action "${toolKeys[0]}" was given at the top level${hadReflection ? '' : ' with no reflection fields'}`);
      args.action = Object.fromEntries(toolKeys.map((key) => [key, args[key]]));
      for (const key of toolKeys) delete args[key];
    }
  }

  const action = normaliseAction(args.action, available, log);
  if (!action) {
    log.add(7, `the ${macroName} call had no action; refused, not filled in with wait`);
    const what = hadReflection ? 'had reflection fields but no `action`' : 'had no `action`';
    throw new LLMError('invalid_tool_args', `The ${macroName} call ${what}. Available tools: ${available.join(', ')}.`, {
      note: `Your previous ${macroName} call ${what}. Put exactly one tool in \`action\`, e.g. "action": {"${available[0] ?? 'done'}": {…}}. Available tools: ${available.join(', ')}.`,
    });
  }

  const [writtenName, rawValue] = Object.entries(action)[0]!;
  const name = matchToolName(writtenName, available, log);
  if (!name) throw unknownAction(writtenName, available);

  const schema = actions[name]!;
  const layered = parseJsonLayers(rawValue);
  if (layered.layers > 0) log.add(4, `input of "${name}" was a JSON string`);
  let value = layered.value;
  if (value === null || value === undefined) {
    log.add(6, `action "${name}" had no input; used {}`);
    value = {};
  } else if (!isRecord(value) && !Array.isArray(value)) {
    const field = soleField(schema);
    if (field) {
      log.add(6, `primitive input ${JSON.stringify(value)} of "${name}" put in field "${field}"`);
      value = { [field]: value };
    }
  }
  const parsed = validateArgs(schema, value, name, available, log);
  return { ...args, action: { [name]: parsed } };
}
