// Browser entry for the perception e2e tests: the PageController and the early-load trackers in one
// bundle (one tracker state), exposed as `window.Perception`.
export { PageController } from '../../../src/dom/page-controller.js';
export {
  getClosedShadowRoot, hasTrackedListener, installListenerTracker, isListenerTrackerInstalled, uninstallListenerTracker,
} from '../../../src/dom/extract/listener-tracker.js';
