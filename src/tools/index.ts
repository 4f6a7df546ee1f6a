// The public index of tools/: the tool() helper, the registry, the AgentOutput macro tool and the approval policy.
export { tool, resultText, unsupported, type AgentPageController, type ToolHost, type PageAgentTool, type ToolContext } from './tool.js';
export { createBuiltInTools, createToolRegistry, selectOfferedTools, CONTROL_TOOL_NAMES, type OfferContext, type ToolRegistryOptions } from './registry.js';
export { AGENT_OUTPUT, buildAgentOutput, reflectionOf, actionOf, type AgentOutputInput, type ChosenAction, type DecodedStep } from './agent-output.js';
export {
  assessRisk,
  findRiskyWord,
  normalizeDecision,
  riskyActionPolicy,
  RISKY_WORDS_EN,
  RISKY_WORDS_ZH,
  type NormalizedDecision,
  type RiskAssessment,
} from './approval-policy.js';
export { CSP_BLOCKED_MESSAGE, isCspBlocked } from './execute-javascript.js';
