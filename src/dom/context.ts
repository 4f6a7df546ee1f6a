// The state one PageController shares with its perception and action functions.
import type { ElementRegistry } from './element-registry.js';
import type { Overlay } from './overlay/overlay.js';
import type { PageControllerConfig } from './types.js';

/** Everything perception and actions need from their controller; no module keeps global state. */
export interface DomContext {
  readonly config: PageControllerConfig;
  readonly registry: ElementRegistry;
  readonly overlay: Overlay;
  /** The window whose page is read and acted on: the top window, or the frame of frame mode (`useWindow`). */
  window: Window;
}
