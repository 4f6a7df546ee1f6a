// The overlay's stylesheet text, adopted as a constructable stylesheet so that it needs no
// `style-src 'unsafe-inline'`. Host rules are !important because the page's own rules would otherwise
// win over `:host` (CSS Scoping §3.2: outer normal declarations beat inner ones, inner !important wins).
// `all: initial !important` already gives the host zero margin, padding and border, auto size and
// visible overflow; the host's `pointer-events: none` is inherited by everything but the mask.
// `.on` (after the display: none of .mask and .cursor) shows either; the keyframes are `w` (the mask's
// working pulse) and `p` (the cursor's press ring), names scoped to this shadow root.

/** Colours of highlight boxes, cycled by index. */
export const HIGHLIGHT_COLORS = ['#e11d48', '#2563eb', '#059669', '#d97706', '#7c3aed', '#0891b2', '#c026d3', '#65a30d'] as const;

/** CSS for the overlay's shadow root. */
export const OVERLAY_CSS = `
:host {
  all: initial !important;
  display: block !important;
  position: fixed !important;
  inset: 0 !important;
  z-index: 2147483647 !important;
  pointer-events: none !important;
  contain: strict !important;
}
.mask {
  display: none;
  position: fixed;
  inset: 0;
  pointer-events: auto;
  cursor: not-allowed;
  background: rgba(37, 99, 235, .03);
}
.mask::before {
  content: '';
  position: absolute;
  inset: 0;
  box-shadow: inset 0 0 0 3px rgba(99, 102, 241, .75), inset 0 0 28px rgba(99, 102, 241, .45);
  animation: w 1.8s ease-in-out infinite;
}
@keyframes w {
  0%, 100% { opacity: .55; }
  50% { opacity: 1; }
}
.highlights { position: fixed; inset: 0; }
.box {
  position: fixed;
  box-sizing: border-box;
  border: 2px solid var(--c);
  border-radius: 2px;
  background: color-mix(in srgb, var(--c) var(--fill, 8%), transparent);
}
.label {
  position: absolute;
  left: -2px;
  top: -16px;
  padding: 1px 4px;
  border-radius: 3px;
  background: color-mix(in srgb, var(--c) var(--label-fill, 100%), transparent);
  color: #fff;
  font: 600 10px/12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  white-space: nowrap;
}
.box.inside .label { top: 0; left: 0; border-radius: 0 0 3px 0; }
.cursor {
  display: none;
  position: fixed;
  left: 0;
  top: 0;
  width: 24px;
  height: 24px;
  filter: drop-shadow(0 1px 2px rgba(0, 0, 0, .45));
  will-change: transform;
}
.on { display: block; }
.cursor svg { display: block; width: 24px; height: 24px; overflow: visible; }
.cursor .arrow { fill: #111827; stroke: #fff; stroke-width: 1.5; stroke-linejoin: round; }
.cursor .ring { fill: none; stroke: rgba(99, 102, 241, .9); stroke-width: 2; opacity: 0; }
.cursor.press .ring { animation: p .35s ease-out; }
@keyframes p {
  from { opacity: 1; r: 2px; }
  to { opacity: 0; r: 14px; }
}
@media (prefers-reduced-motion: reduce) {
  .mask::before, .cursor.press .ring { animation: none; }
}
`;
