// Stable element indexes for one task: an element keeps its number while it stays in the page,
// new elements get new numbers, and an index that no longer resolves is reported as stale.
// Perception registers elements; actions resolve indexes. It never reads layout.

/** What resolving an index gives: the live element, or why there is none. */
export type ResolvedIndex =
  | { ok: true; element: Element; description: string }
  | { ok: false; reason: 'unknown' | 'stale'; description?: string };

/** Maps elements to stable indexes within a task and remembers each one's one-line description. */
export class ElementRegistry {
  #indexOf = new WeakMap<Element, number>();
  #elementAt = new Map<number, WeakRef<Element>>();
  #descriptions = new Map<number, string>();
  #next = 0;
  #observations = 0;
  #previous = new WeakSet<Element>();
  #current = new WeakSet<Element>();
  #listed: number[] = [];

  /** Number of completed observations in this task. */
  get observationCount(): number {
    return this.#observations;
  }

  /** Indexes listed by the latest observation, in page order. */
  get listedIndexes(): readonly number[] {
    return this.#listed;
  }

  /** Starts an observation: elements registered from now on form the new "present" set. */
  beginObservation(): void {
    this.#current = new WeakSet();
    this.#listed = [];
  }

  /**
   * Registers an element seen by the current observation and returns its index.
   * `isNew` is true when it was not seen by the previous observation of this task (never on the first).
   */
  register(element: Element, description?: string): { index: number; isNew: boolean } {
    let index = this.#indexOf.get(element);
    if (index === undefined) {
      index = this.#next++;
      this.#indexOf.set(element, index);
      this.#elementAt.set(index, new WeakRef(element));
    }
    if (description !== undefined) this.#descriptions.set(index, description);
    this.#current.add(element);
    this.#listed.push(index);
    const isNew = this.#observations > 0 && !this.#previous.has(element);
    return { index, isNew };
  }

  /** Records or updates the description of an index (the text of its line, without children). */
  describeAs(index: number, description: string): void {
    this.#descriptions.set(index, description);
  }

  /** Ends the observation: what it saw becomes the baseline for the next `*` marks. */
  endObservation(): void {
    this.#previous = this.#current;
    this.#observations++;
  }

  /** The index of an element, if it has one in this task. */
  indexOf(element: Element): number | undefined {
    return this.#indexOf.get(element);
  }

  /** The last description recorded for an index, e.g. `[7]<button>Submit />`. */
  description(index: number): string | undefined {
    return this.#descriptions.get(index);
  }

  /** Resolves an index to its element; stale when the element left the page, unknown when never issued. */
  resolve(index: number): ResolvedIndex {
    const ref = this.#elementAt.get(index);
    const description = this.#descriptions.get(index);
    if (!ref) return { ok: false, reason: 'unknown' };
    const element = ref.deref();
    if (!element || !element.isConnected) return { ok: false, reason: 'stale', description };
    return { ok: true, element, description: description ?? `[${index}]` };
  }

  /** Indexes near `index` that still resolve, for error messages (at most `count`). */
  nearbyValid(index: number, count = 5): number[] {
    const valid = this.#listed.filter((i) => this.resolve(i).ok);
    return valid.sort((a, b) => Math.abs(a - index) - Math.abs(b - index) || a - b).slice(0, count).sort((a, b) => a - b);
  }

  /** Forgets everything: the next task numbers from zero and marks nothing new on its first observation. */
  reset(): void {
    this.#indexOf = new WeakMap();
    this.#elementAt.clear();
    this.#descriptions.clear();
    this.#next = 0;
    this.#observations = 0;
    this.#previous = new WeakSet();
    this.#current = new WeakSet();
    this.#listed = [];
  }
}
