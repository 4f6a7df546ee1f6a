// The public index of tools/: the tool() helper, the registry, the AgentOutput macro tool and the approval policy.
export { tool, resultText, unsupported, type AgentPageController, type ToolHost, type PageAgentTool, type ToolContext } from './tool.js';
export { createBuiltInTools, createToolRegistry, selectOfferedTools, CONTROL_TOOL_NAMES, type OfferContext, type ToolRegistryOptions } from './registry.js';
export { AGENT_OUTPUT, buildAgentOutput, reflectionOf, actionOf, streamedGoal, type AgentOutputInput, type ChosenAction, type DecodedStep } from './agent-output.js';
export { normalizeDecision, riskyActionPolicy, type NormalizedDecision } from './approval-policy.js';
export { assessRisk, type RiskAssessment } from './risk/assess.js';
export { findRiskyWord, normalizeText } from './risk/words.js';
export { CSP_BLOCKED_MESSAGE, isCspBlocked } from './execute-javascript.js';
export { doneWithData, outputSchemaOf } from './output-schema.js';
