// Public index of the LLM client: the LLM class, its error type, request helpers and the quirk table.
// Other modules import llm/ only through this file.
export { LLM, type LLMErrorDetail, type LLMRetryDetail } from './llm.js';
export { LLMError, RETRYABLE_KINDS, type LLMErrorDetails, type LLMErrorKind } from './errors.js';
export { resolveLLMConfig, type ResolvedLLMConfig } from './config.js';
export { buildChatCompletionsURL } from './endpoint.js';
export { toolToJSONSchema, toOpenAITool, type JSONSchema, type OpenAITool } from './tool-schema.js';
export { MODEL_QUIRKS, findModelQuirks, normalizeModelName, type ModelQuirk, type ToolChoiceMode } from './model-quirks.js';
export { parseUsage, addUsage, emptyUsage } from './usage.js';
export { REFLECTION_FIELDS } from './repair/repair-macro.js';
export type {
  InvokeOptions,
  InvokeResult,
  LLMConfig,
  LLMDebugLogger,
  MacroToolSpec,
  Message,
  RepairNote,
  Tool,
  ToolInputSchema,
  Usage,
} from './types.js';
