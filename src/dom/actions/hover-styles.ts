// CSS `:hover` cannot be set by script, so menus that open with `li:hover > ul` would stay shut for a
// synthetic pointer. This copies the page's same-origin `:hover` rules with `:hover` replaced by an
// attribute selector of equal specificity, adopts them as a constructable stylesheet (no CSP
// 'unsafe-inline' needed), and marks the hovered element and its ancestors with that attribute.
import type { DomContext } from '../context.js';
import { rootOf } from '../platform.js';
import { composedParent } from '../extract/hit-test.js';

/** The attribute that stands for `:hover` on the synthetic pointer's path. */
export const HOVER_ATTRIBUTE = 'data-page-agent-hover';

interface HoverState {
  marked: Element[];
  sheets: Array<{ root: Document | ShadowRoot; sheet: CSSStyleSheet }>;
}

const states = new WeakMap<DomContext, HoverState>();

function hoverRules(rules: CSSRuleList, out: string[]): void {
  for (const rule of Array.from(rules)) {
    const text = rule.cssText;
    if (!text.includes(':hover')) continue;
    const grouping = rule as CSSRule & { cssRules?: CSSRuleList; conditionText?: string };
    if (rule.type === 1 /* STYLE_RULE */) {
      out.push(text.replace(/:hover\b/g, `[${HOVER_ATTRIBUTE}]`));
      continue;
    }
    if (!grouping.cssRules) continue;
    const inner: string[] = [];
    hoverRules(grouping.cssRules, inner);
    if (inner.length === 0) continue;
    const at = text.slice(0, text.indexOf('{')).trim();
    // Keep @media/@supports/@container conditions; a layer's rules are kept without the layer.
    if (/^@(media|supports|container)\b/.test(at)) out.push(`${at} { ${inner.join('\n')} }`);
    else out.push(...inner);
  }
}

function sheetsOf(root: Document | ShadowRoot, own: CSSStyleSheet | undefined): CSSStyleSheet[] {
  const adopted = (root as Document & { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets ?? [];
  return [...Array.from(root.styleSheets), ...adopted].filter((s) => s !== own);
}

function collect(root: Document | ShadowRoot, own: CSSStyleSheet | undefined): string {
  const out: string[] = [];
  for (const sheet of sheetsOf(root, own)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      // A cross-origin stylesheet cannot be read; its :hover rules cannot be emulated.
      continue;
    }
    hoverRules(rules, out);
  }
  return out.join('\n');
}

function stateOf(ctx: DomContext): HoverState {
  let state = states.get(ctx);
  if (!state) {
    state = { marked: [], sheets: [] };
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
  const keep = new Set(next);
  for (const el of state.marked) if (!keep.has(el)) el.removeAttribute(HOVER_ATTRIBUTE);
  for (const el of next) if (!el.hasAttribute(HOVER_ATTRIBUTE)) el.setAttribute(HOVER_ATTRIBUTE, '');
  state.marked = next;
}

/** Puts the hover state on `target` and its ancestors, with the page's `:hover` rules rebuilt for them. */
export function applyHoverStyles(ctx: DomContext, target: Element): void {
  const state = stateOf(ctx);
  const roots = new Set<Document | ShadowRoot>();
  for (const el of pathOf(target)) roots.add(rootOf(el) as Document | ShadowRoot);
  for (const root of roots) {
    const win = (root.nodeType === 9 ? (root as Document) : root.ownerDocument!).defaultView as (Window & typeof globalThis) | null;
    if (!win?.CSSStyleSheet || !('adoptedStyleSheets' in root)) continue;
    let entry = state.sheets.find((s) => s.root === root);
    const css = collect(root, entry?.sheet);
    if (!entry) {
      if (css === '') continue;
      entry = { root, sheet: new win.CSSStyleSheet() };
      state.sheets.push(entry);
    }
    try {
      entry.sheet.replaceSync(css);
    } catch {
      continue;
    }
    const adopted = (root as Document).adoptedStyleSheets;
    if (!adopted.includes(entry.sheet)) (root as Document).adoptedStyleSheets = [...adopted, entry.sheet];
  }
  mark(state, target);
}

/** Moves the emulated hover to where the pointer went, when hover emulation is in use. */
export function moveHoverStyles(ctx: DomContext, target: Element): void {
  const state = states.get(ctx);
  if (state && state.sheets.length > 0) mark(state, target);
}

/** Removes the hover attributes and the adopted stylesheets. */
export function clearHoverStyles(ctx: DomContext): void {
  const state = states.get(ctx);
  if (!state) return;
  mark(state, null);
  for (const { root, sheet } of state.sheets) {
    const adopted = (root as Document).adoptedStyleSheets;
    if (adopted.includes(sheet)) (root as Document).adoptedStyleSheets = adopted.filter((s) => s !== sheet);
  }
  state.sheets = [];
}
