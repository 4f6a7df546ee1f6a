// Dragging the panel by its bar, and moving it with the arrow keys on the grip button.
// Positions are set as custom properties on the host through the CSSOM, which a CSP without
// 'unsafe-inline' allows (a style attribute written as text would be blocked).
import type { ReactiveController, ReactiveControllerHost } from 'lit';

const THRESHOLD = 4;
const KEY_STEP = 24;
const MARGIN = 8;

/** Moves the host element with the pointer or the keyboard and keeps it inside the viewport. */
export class DragController implements ReactiveController {
  /** True while the pointer is dragging. */
  dragging = false;
  readonly #host: ReactiveControllerHost & HTMLElement;
  #start: { x: number; y: number; left: number; bottom: number; id: number } | null = null;
  #moved = false;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    globalThis.addEventListener?.('resize', this.#clamp);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener?.('resize', this.#clamp);
  }

  /** True when the last pointer gesture moved the panel (so it was not a click). */
  get moved(): boolean {
    return this.#moved;
  }

  /** Starts a possible drag; controls inside the bar keep their own pointer handling. */
  onPointerDown = (event: PointerEvent): void => {
    // The phone sheet stays pinned to the screen's edge.
    if (event.button !== 0 || this.#host.hasAttribute('data-sheet')) return;
    const target = event.composedPath()[0] as Element | undefined;
    if (target?.closest?.('button:not(.grip), textarea, input, a')) return;
    const rect = this.#host.getBoundingClientRect();
    this.#start = { x: event.clientX, y: event.clientY, left: rect.left, bottom: innerHeight - rect.bottom, id: event.pointerId };
    this.#moved = false;
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
  };

  onPointerMove = (event: PointerEvent): void => {
    const start = this.#start;
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!this.#moved && Math.hypot(dx, dy) < THRESHOLD) return;
    if (!this.#moved) {
      this.#moved = true;
      this.dragging = true;
      this.#host.requestUpdate();
    }
    this.moveTo(start.left + dx, start.bottom - dy);
  };

  onPointerUp = (event: PointerEvent): void => {
    if (!this.#start || event.pointerId !== this.#start.id) return;
    this.#start = null;
    if (this.dragging) {
      this.dragging = false;
      this.#host.requestUpdate();
    }
  };

  /** Arrow keys move the panel; Home puts it back in its default place. */
  onKeyDown = (event: KeyboardEvent): void => {
    const rect = this.#host.getBoundingClientRect();
    const bottom = innerHeight - rect.bottom;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    if (event.key === 'Home') {
      event.preventDefault();
      this.reset();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    this.moveTo(rect.left + move[0], bottom + move[1]);
  };

  /** Places the panel's left edge and bottom edge (in px from the viewport's left and bottom), clamped. */
  moveTo(left: number, bottom: number): void {
    const rect = this.#host.getBoundingClientRect();
    const maxLeft = Math.max(MARGIN, innerWidth - rect.width - MARGIN);
    const maxBottom = Math.max(MARGIN, innerHeight - Math.min(rect.height, 48) - MARGIN);
    const x = Math.round(Math.min(Math.max(left, MARGIN), maxLeft));
    const y = Math.round(Math.min(Math.max(bottom, MARGIN), maxBottom));
    this.#host.style.setProperty('--pa-left', `${x}px`);
    this.#host.style.setProperty('--pa-bottom', `${y}px`);
    this.#host.setAttribute('data-moved', '');
  }

  /** Returns the panel to its default place (bottom centre). */
  reset(): void {
    this.#host.style.removeProperty('--pa-left');
    this.#host.style.removeProperty('--pa-bottom');
    this.#host.removeAttribute('data-moved');
  }

  #clamp = (): void => {
    if (!this.#host.hasAttribute('data-moved')) return;
    const rect = this.#host.getBoundingClientRect();
    this.moveTo(rect.left, innerHeight - rect.bottom);
  };
}
