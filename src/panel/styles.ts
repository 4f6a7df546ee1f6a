// The panel's stylesheet (a constructable stylesheet through Lit's css tag). The :host rules are
// !important on purpose: inside a shadow root, important declarations beat the page's own,
// so `* { all: unset }` or `page-agent-panel { display: none !important }` cannot reach us.
// `all: initial !important` already pins every property (margin, opacity, visibility, …) to its
// initial value; only the ones whose initial value is not ours are written out, and `direction`,
// which `all` leaves alone.
// `all` leaves custom properties alone, and they inherit: the :host rule declares every one it reads,
// so a page's `:root { --pa-left: 0 }` cannot reach the panel. The colours are !important, so even a
// rule aimed at the element cannot change them; the positions are not, so the drag's inline values win.
// The shadow root has no ::before/::after content and never scrolls smoothly, so `*` alone covers
// every box for box-sizing and reduced motion. Only the status dot has data-kind, so its colour rules
// need no class (they follow .dot, so they still win over its grey).
import { css } from './reactive-element.js';

/** Styles for the panel element and everything in its shadow root. */
export const panelStyles = css`
  :host {
    all: initial !important;
    display: block !important;
    position: fixed !important;
    z-index: 2147483647 !important; /* equal to the overlay; later in the DOM, so above its mask */
    left: var(--pa-left) !important;
    bottom: var(--pa-bottom) !important;
    transform: var(--pa-shift) !important;
    width: min(400px, calc(100vw - 16px)) !important;
    box-sizing: border-box !important;
    contain: layout style !important;
    font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif !important;
    color: var(--pa-fg) !important;
    direction: ltr !important;
    --pa-left: 50%;
    --pa-bottom: 24px;
    --pa-shift: translateX(-50%);
    --pa-bg: #fff !important;
    --pa-bar: #f4f5f8 !important;
    --pa-fg: #1b1d23 !important;
    --pa-muted: #5b6070 !important;
    --pa-line: #d9dce3 !important;
    --pa-card: #f7f8fa !important;
    --pa-accent: #2563eb !important;
    --pa-accent-fg: #fff !important;
    --pa-ok: #15803d !important;
    --pa-warn: #b45309 !important;
    --pa-bad: #b91c1c !important;
    --pa-note: #7c3aed !important;
    --pa-focus: #2563eb !important;
    --pa-shadow: 0 8px 28px rgba(15, 23, 42, .22), 0 1px 3px rgba(15, 23, 42, .12) !important;
  }
  :host([hidden]) {
    display: none !important;
  }
  :host([data-moved]) {
    --pa-shift: none;
  }
  :host([data-sheet]) {
    width: var(--pa-w) !important;
    transform: scale(var(--pa-z)) !important;
    transform-origin: 0 100% !important;
  }
  :host([data-sheet]) .panel {
    padding-bottom: env(safe-area-inset-bottom);
  }
  :host([data-sheet]) textarea,
  :host([data-sheet]) input {
    font-size: 16px;
  }
  :host([data-sheet]) button {
    min-height: 44px;
    min-width: 44px;
  }
  :host([data-sheet]) .steps {
    max-height: calc(var(--pa-y) * .4);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --pa-bg: #1d2027 !important;
      --pa-bar: #262a33 !important;
      --pa-fg: #eceef3 !important;
      --pa-muted: #a3a9b8 !important;
      --pa-line: #3a3f4b !important;
      --pa-card: #23262e !important;
      --pa-accent: #60a5fa !important;
      --pa-accent-fg: #0b1220 !important;
      --pa-ok: #4ade80 !important;
      --pa-warn: #fbbf24 !important;
      --pa-bad: #f87171 !important;
      --pa-note: #c4b5fd !important;
      --pa-focus: #93c5fd !important;
      --pa-shadow: 0 8px 28px rgba(0, 0, 0, .55) !important;
    }
  }
  * {
    box-sizing: border-box;
  }
  [hidden] {
    display: none !important;
  }
  .panel {
    display: flex;
    flex-direction: column;
    background: var(--pa-bg);
    border: 1px solid var(--pa-line);
    border-radius: 12px;
    box-shadow: var(--pa-shadow);
    overflow: hidden;
  }
  button,
  textarea,
  input {
    font: inherit;
    color: inherit;
    margin: 0;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 28px;
    min-width: 28px;
    padding: 0 8px;
    border: 1px solid var(--pa-line);
    border-radius: 7px;
    background: var(--pa-bg);
    cursor: pointer;
    white-space: nowrap;
    transition: background-color .15s, border-color .15s;
  }
  button:hover {
    border-color: var(--pa-muted);
  }
  button:disabled {
    opacity: .5;
    cursor: default;
  }
  button.primary {
    background: var(--pa-accent);
    border-color: var(--pa-accent);
    color: var(--pa-accent-fg);
  }
  button.danger {
    color: var(--pa-bad);
  }
  button.icon {
    padding: 0;
    font-size: 14px;
  }
  :focus-visible {
    outline: 2px solid var(--pa-focus) !important;
    outline-offset: 2px;
  }
  textarea,
  input {
    width: 100%;
    border: 1px solid var(--pa-line);
    border-radius: 8px;
    padding: 6px 8px;
    background: var(--pa-bg);
    resize: none;
  }
  ::placeholder {
    color: var(--pa-muted);
  }
  .progress {
    display: block;
    width: 100%;
    height: 2px;
    margin: 0;
    border: 0;
    appearance: none;
    background: transparent;
  }
  .progress::-webkit-progress-bar {
    background: transparent;
  }
  .progress::-webkit-progress-value {
    background: var(--pa-accent);
  }
  .progress::-moz-progress-bar {
    background: var(--pa-accent);
  }
  .bar {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 6px 8px;
    background: var(--pa-bar);
    cursor: grab;
    user-select: none;
    touch-action: none;
  }
  .bar.dragging {
    cursor: grabbing;
  }
  .grip {
    border: 0;
    background: transparent;
    color: var(--pa-muted);
    cursor: grab;
    min-width: 20px;
  }
  .dot {
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--pa-muted);
  }
  [data-kind=thinking],
  [data-kind=acting] {
    background: var(--pa-accent);
    animation: pulse 1s ease-in-out infinite;
  }
  [data-kind=retrying],
  [data-kind=waiting],
  [data-kind=paused] {
    background: var(--pa-warn);
  }
  [data-kind=error],
  [data-kind=failed] {
    background: var(--pa-bad);
  }
  [data-kind=done] {
    background: var(--pa-ok);
  }
  @keyframes pulse {
    50% {
      opacity: .35;
    }
  }
  .status {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 500;
  }
  .controls {
    display: flex;
    gap: 4px;
  }
  .steps {
    list-style: none;
    margin: 0;
    max-height: min(420px, calc(100vh - 180px));
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 8px;
    display: flex;
    flex-direction: column;
    gap: 6px;
    border-bottom: 1px solid var(--pa-line);
  }
  .usage {
    font-size: 11px;
    color: var(--pa-muted);
    text-align: right;
  }
  .empty {
    color: var(--pa-muted);
    text-align: center;
    padding: 6px;
  }
  .row,
  .input {
    display: flex;
    gap: 6px;
    align-items: flex-end;
  }
  .input {
    padding: 8px;
    border-top: 1px solid var(--pa-line);
  }
  .input textarea {
    min-height: 32px;
    max-height: 120px;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }
`;
