// Registers <page-agent-panel> once. A re-injected copy of the same version (a bookmarklet clicked
// twice) finds the name owned by a class of the same code and reuses it, so the documented name and
// the selectors and styles built on it keep working. Only a copy of another version, whose class may
// behave differently, takes a numbered name.
import { PanelElement } from './panel-element.js';

declare const __VERSION__: string;

/** The preferred tag name of the panel element. */
export const PANEL_TAG = 'page-agent-panel';

/** Where a panel class records the bundle version it came from (shared by every copy of the bundle). */
const VERSION = Symbol.for('page-agent.panel-version');
(PanelElement as unknown as Record<symbol, string>)[VERSION] = __VERSION__;

/** Defines the panel element if needed and returns the tag name bound to a class of this bundle's code. */
export function definePanelElement(registry: CustomElementRegistry = customElements): string {
  for (let n = 0; n < 100; n++) {
    const tag = n === 0 ? PANEL_TAG : `${PANEL_TAG}-${n + 1}`;
    const existing = registry.get(tag);
    if (existing === PanelElement || (existing && (existing as unknown as Record<symbol, unknown>)[VERSION] === __VERSION__)) return tag;
    if (existing) continue;
    // Each name gets its own subclass: one constructor may be registered under only one name.
    registry.define(tag, n === 0 ? PanelElement : class extends PanelElement {});
    return tag;
  }
  throw new Error('page-agent: could not register the panel element (100 names taken)');
}
