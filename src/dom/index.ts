// The public index of dom/: what tools/, prompt/ and the agent may use.
export { PageController } from './page-controller.js';
export { ElementRegistry, type ResolvedIndex } from './element-registry.js';
export type { ActionResult, BrowserState, ElementRef, PageControllerConfig } from './types.js';
