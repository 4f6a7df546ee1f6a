// The public index of panel/: what page-agent.ts and lib.ts may use.
export { Panel } from './panel.js';
export { PanelElement } from './element.js';
export { definePanelElement, PANEL_TAG } from './define-element.js';
export { createTranslator, resolveLanguage, type MessageKey, type Translate } from './i18n.js';
export { parseMarkdown, parseInline, safeHref, type MdBlock, type MdInline } from './markdown.js';
export { renderMarkdown } from './markdown-template.js';
export type { PanelAgent, PanelConfig, RunControlState, TokenPricing } from './types.js';
