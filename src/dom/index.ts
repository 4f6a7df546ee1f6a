// The public index of dom/: what tools/, prompt/, the agent and the wiring (index.ts) may use.
export { PageController } from './page-controller.js';
export { ElementRegistry, type ResolvedIndex } from './element-registry.js';
export { installListenerTracker, uninstallListenerTracker } from './extract/listener-tracker.js';
export type { ActionResult, BrowserState, ElementRef, PageControllerConfig } from './types.js';
export { computeName } from './extract/accessible-name.js';
export { EVAL_BLOCKED_MESSAGE } from './actions/execute-javascript.js';
export { deepActiveElement } from './actions/focus.js';
