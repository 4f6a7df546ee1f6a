// The ESM entry for bundlers: every public class, helper and type, with no side effects on import
// (importing it in Node or during server-side rendering touches no DOM).
export { PageAgent, type PageAgentConfig } from './page-agent.js';
export * from './agent.js';
export { PageController } from './dom/index.js';
export type { ActionResult, BrowserState, ElementRef, PageControllerConfig } from './dom/index.js';
export { Panel, type PanelAgent, type PanelConfig, type TokenPricing } from './panel/index.js';
/** Schema builders shaped like zod's (`schema.object({ url: schema.string() })`) for custom tools without zod. */
export * as schema from './schema/index.js';
/** JSON Schema of a tool's input, exactly as the agent sends it to the model (for tool catalogs such as MCP). */
export { toolToJSONSchema, type JSONSchema } from './llm/index.js';
