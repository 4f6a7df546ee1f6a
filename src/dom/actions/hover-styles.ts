// CSS `:hover` cannot be set by script, so menus that open with `li:hover > ul` would stay shut for a
// synthetic pointer. This copies the page's same-origin `:hover` rules with `:hover` replaced by an
// attribute selector of equal specificity, adopts them as a constructable stylesheet (no CSP
// 'unsafe-inline' needed), and marks the hovered element and its ancestors with that attribute.
import type { DomContext } from '../context.js';
import { rootOf } from '../platform.js';
import { composedParent } from '../extract/composed-tree.js';

/** The attribute that stands for `:hover` on the synthetic pointer's path. */
export const HOVER_ATTRIBUTE = 'data-page-agent-hover';

interface HoverState {
  marked: Element[];
  sheets: Map<Document | ShadowRoot, CSSStyleSheet>;
}

const states = new WeakMap<DomContext, HoverState>();

/** The `:hover` rules among `rules` rewritten to the attribute, inside their @media/@supports/@container. */
function hoverRules(rules: CSSRuleList): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    const text = rule.cssText;
    if (!text.includes(':hover')) continue;
    const nested = (rule as CSSGroupingRule).cssRules;
    if (rule.type === 1 /* STYLE_RULE */) out += text.replace(/:hover\b/g, `[${HOVER_ATTRIBUTE}]`) + '\n';
    else if (nested) {
      const inner = hoverRules(nested);
      const at = text.slice(0, text.indexOf('{')).trim();
      // A layer's rules are kept without the layer.
      out += inner && /^@(media|supports|container)\b/.test(at) ? `${at} { ${inner} }\n` : inner;
    }
  }
  return out;
}

function collect(root: Document | ShadowRoot, own: CSSStyleSheet | undefined): string {
  let out = '';
  for (const sheet of [...Array.from(root.styleSheets), ...root.adoptedStyleSheets]) {
    if (sheet === own) continue;
    try {
      out += hoverRules(sheet.cssRules);
    } catch {
      // A cross-origin stylesheet cannot be read; its :hover rules cannot be emulated.
    }
  }
  return out;
}

function stateOf(ctx: DomContext): HoverState {
  let state = states.get(ctx);
  if (!state) {
    state = { marked: [], sheets: new Map() };
    states.set(ctx, state);
    ctx.overlay.onDispose(() => clearHoverStyles(ctx));
  }
  return state;
}

function pathOf(target: Element): Element[] {
  const path: Element[] = [];
  for (let n: Node | null = target; n; n = composedParent(n)) if (n.nodeType === 1) path.push(n as Element);
  return path;
}

function mark(state: HoverState, target: Element | null): void {
  const next = target ? pathOf(target) : [];
  for (const el of state.marked) if (!next.includes(el)) el.removeAttribute(HOVER_ATTRIBUTE);
  for (const el of next) if (!el.hasAttribute(HOVER_ATTRIBUTE)) el.setAttribute(HOVER_ATTRIBUTE, '');
  state.marked = next;
}

/** Puts the hover state on `target` and its ancestors, with the page's `:hover` rules rebuilt for them. */
export function applyHoverStyles(ctx: DomContext, target: Element): void {
  const state = stateOf(ctx);
  for (const root of new Set(pathOf(target).map((el) => rootOf(el) as Document | ShadowRoot))) {
    const win = (root.nodeType === 9 ? (root as Document) : root.ownerDocument!).defaultView as (Window & typeof globalThis) | null;
    if (!win?.CSSStyleSheet || !('adoptedStyleSheets' in root)) continue;
    let sheet = state.sheets.get(root);
    const css = collect(root, sheet);
    if (!sheet) {
      if (!css) continue;
      state.sheets.set(root, (sheet = new win.CSSStyleSheet()));
    }
    try {
      sheet.replaceSync(css);
    } catch {
      continue;
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  mark(state, target);
}

/** Moves the emulated hover to where the pointer went, when hover emulation is in use. */
export function moveHoverStyles(ctx: DomContext, target: Element): void {
  const state = states.get(ctx);
  if (state && state.sheets.size > 0) mark(state, target);
}

/** Removes the hover attributes and the adopted stylesheets. */
export function clearHoverStyles(ctx: DomContext): void {
  const state = states.get(ctx);
  if (!state) return;
  mark(state, null);
  for (const [root, sheet] of state.sheets) {
    const adopted = root.adoptedStyleSheets;
    if (adopted.includes(sheet)) root.adoptedStyleSheets = adopted.filter((s) => s !== sheet);
  }
  state.sheets.clear();
}
