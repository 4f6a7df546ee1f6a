// The animated cursor that shows where the agent acts. Built with createElementNS (no markup strings),
// moved with the Web Animations API (allowed under CSP), and jumping without animation when the user
// prefers reduced motion.
import { sleep } from '../platform.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ARROW_PATH = 'M2 1.5 L2 19 L6.6 14.6 L9.6 21.4 L12.6 20.1 L9.7 13.4 L16 13.4 Z';

/** Shortest and longest travel time of the cursor, in milliseconds. */
const MIN_MS = 140;
const MAX_MS = 420;

/** The cursor element and its movement. */
export class Cursor {
  readonly element: HTMLElement;
  #win: Window;
  #at: { x: number; y: number } | null = null;

  constructor(win: Window, doc: Document) {
    this.#win = win;
    this.element = doc.createElement('div');
    this.element.className = 'cursor';
    const svgElement = (tag: string, attributes: Record<string, string>): SVGElement => {
      const el = doc.createElementNS(SVG_NS, tag);
      for (const name in attributes) el.setAttribute(name, attributes[name]!);
      return el;
    };
    const svg = svgElement('svg', { viewBox: '0 0 24 24' });
    svg.append(svgElement('circle', { class: 'ring', cx: '2', cy: '2', r: '2' }), svgElement('path', { class: 'arrow', d: ARROW_PATH }));
    this.element.appendChild(svg);
  }

  /** Whether the user asked the system for less motion. */
  prefersReducedMotion(): boolean {
    try {
      return !!this.#win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    } catch {
      return false;
    }
  }

  /** Moves the tip of the arrow to (x, y) in viewport coordinates; resolves when it arrives. */
  async moveTo(x: number, y: number): Promise<void> {
    // The first move glides in from the middle of the viewport so the user sees where it goes.
    const from = this.position ?? { x: this.#win.innerWidth / 2, y: this.#win.innerHeight / 2 };
    this.#at = { x, y };
    this.element.classList.add('on');
    // The arrow's tip is at (2, 1.5) in its box.
    const to = `translate(${x - 2}px, ${y - 1.5}px)`;
    this.element.style.transform = to;
    if (this.prefersReducedMotion() || typeof this.element.animate !== 'function') return;
    const distance = Math.hypot(x - from.x, y - from.y);
    if (distance < 2) return;
    const duration = Math.round(Math.min(MAX_MS, Math.max(MIN_MS, distance / 2.5)));
    const animation = this.element.animate(
      [{ transform: `translate(${from.x - 2}px, ${from.y - 1.5}px)` }, { transform: to }],
      { duration, easing: 'cubic-bezier(0.3, 0, 0.2, 1)' },
    );
    // Animations may never finish in a hidden tab; do not wait longer than the animation should take.
    await Promise.race([animation.finished.then(() => undefined, () => undefined), sleep(duration + 60)]);
  }

  /** Plays the short "press" ring at the cursor (skipped for reduced motion by the stylesheet). */
  press(): void {
    this.element.classList.remove('press');
    // Reading a layout property restarts the CSS animation when the class comes back.
    void this.element.offsetWidth;
    this.element.classList.add('press');
  }

  /** Hides the cursor; the next move starts where it was hidden. */
  hide(): void {
    this.element.classList.remove('on', 'press');
  }

  /** The last position, or null before the first move. */
  get position(): { x: number; y: number } | null {
    // A copy: a caller changing it does not move the cursor.
    return this.#at && { ...this.#at };
  }
}
