// The panel on a phone or a small window (issue #18): below 600 CSS px of screen width it is a bottom
// sheet pinned to the visual viewport (what the screen shows), not to the layout viewport, which on a
// page wider than the screen can reach far below the visible area. Its size is kept as the screen's
// whatever the zoom (scaled by 1 / visualViewport.scale). Positions go through custom properties on
// the host (CSSOM, allowed by a CSP without 'unsafe-inline'); styles.ts draws `:host([data-sheet])`.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

const EVENTS = ['resize', 'scroll'];

/** Keeps the host a bottom sheet of the visual viewport on small screens, or its top while `top`. */
export class SheetController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #top = false;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#listen('addEventListener');
    this.place();
  }

  hostDisconnected(): void {
    this.#listen('removeEventListener');
  }

  #listen(method: 'addEventListener' | 'removeEventListener'): void {
    for (const type of EVENTS) for (const target of [globalThis.visualViewport, globalThis]) target?.[method]?.(type, this.place);
  }

  /**
   * True while the host is a sheet. With `box` (an element being acted on, in viewport coordinates),
   * the sheet goes to the top of the screen when the element is in the lower half, to the bottom otherwise.
   */
  active(box?: DOMRect): boolean {
    const view = globalThis.visualViewport;
    if (box && view) {
      this.#top = box.top + box.height / 2 - view.offsetTop > view.height / 2;
      this.place();
    }
    return this.#host.hasAttribute('data-sheet');
  }

  place = (): void => {
    const view = globalThis.visualViewport;
    const host = this.#host;
    const sheet = !!view && view.width * view.scale < 600;
    host.toggleAttribute('data-sheet', sheet);
    if (!sheet) return;
    // Fixed positions are in the layout viewport; the visual viewport lies at its offsets in it.
    const set = (name: string, value: number) => host.style.setProperty('--pa-' + name, `${value}px`);
    set('left', view.offsetLeft);
    set('bottom', innerHeight - view.offsetTop - (this.#top ? host.offsetHeight / view.scale : view.height));
    set('w', view.width * view.scale);
    set('y', view.height * view.scale);
    host.style.setProperty('--pa-z', `${1 / view.scale}`);
  };
}
