// Registers <page-agent-panel> once. A second copy of the bundle (a re-injection of another
// version) may already own the name with a different class; then a numbered name is used.
import { PanelElement } from './panel-element.js';

/** The preferred tag name of the panel element. */
export const PANEL_TAG = 'page-agent-panel';

/** Defines the panel element if needed and returns the tag name bound to this bundle's class. */
export function definePanelElement(registry: CustomElementRegistry = customElements): string {
  for (let n = 0; n < 100; n++) {
    const tag = n === 0 ? PANEL_TAG : `${PANEL_TAG}-${n + 1}`;
    const existing = registry.get(tag);
    if (existing === PanelElement) return tag;
    if (existing) continue;
    // Each name gets its own subclass: one constructor may be registered under only one name.
    registry.define(tag, n === 0 ? PanelElement : class extends PanelElement {});
    return tag;
  }
  throw new Error('page-agent: could not register the panel element (100 names taken)');
}
