// Stable element indexes for one task: an element keeps its number while it stays in the page,
// new elements get new numbers, and an index that no longer resolves is reported as stale.
// Perception registers elements; actions resolve indexes. It never reads layout.
// Built on collections captured at load (intrinsics.ts), so page patches to Map or WeakMap cannot break it.
import { append, getOwnPropertyDescriptor, math, SafeMap, SafeWeakMap, SafeWeakRef, SafeWeakSet, uncurryThis } from './intrinsics.js';

const connectedGetter = typeof Node === 'function' ? getOwnPropertyDescriptor(Node.prototype, 'isConnected')?.get : undefined;
const isConnected = connectedGetter ? uncurryThis(connectedGetter as (this: Node) => boolean) : (node: Node) => node.isConnected;

/** What resolving an index gives: the live element, or why there is none. */
export type ResolvedIndex =
  | { ok: true; element: Element; description: string }
  | { ok: false; reason: 'unknown' | 'stale'; description?: string };

/**
 * What one observation saw: the elements it listed, and what it knew without listing them (visible
 * elements it walked, subtrees it left out for the budget or the zone, parents whose long child lists
 * it cut). Elements the previous observation knew were already in the page: they are not marked new.
 */
interface Seen {
  listed: SafeWeakSet<Element>;
  present: SafeWeakSet<Element>;
  unlisted: SafeWeakSet<Element>;
  cut: SafeWeakSet<Element>;
}

function seen(): Seen {
  return { listed: new SafeWeakSet(), present: new SafeWeakSet(), unlisted: new SafeWeakSet(), cut: new SafeWeakSet() };
}

/** Maps elements to stable indexes within a task and remembers each one's one-line description. */
export class ElementRegistry {
  #indexOf = new SafeWeakMap<Element, number>();
  #elementAt = new SafeMap<number, SafeWeakRef<Element>>();
  #descriptions = new SafeMap<number, string>();
  #next = 0;
  #observations = 0;
  #listed: number[] = [];
  /** What the previous observation saw (the baseline of `*` marks), and what the current one sees. */
  #before = seen();
  #now = seen();

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
    this.#now = seen();
    this.#listed = [];
  }

  /**
   * Registers an element seen by the current observation and returns its index.
   * `isNew` is true when the previous observation of this task neither listed it nor knew it was
   * there (`known`); never on the first observation.
   */
  register(element: Element, description?: string, known = false): { index: number; isNew: boolean } {
    let index = this.#indexOf.get(element);
    if (index === undefined) {
      index = this.#next++;
      this.#indexOf.set(element, index);
      this.#elementAt.set(index, new SafeWeakRef(element));
    }
    if (description !== undefined) this.#descriptions.set(index, description);
    this.#now.listed.add(element);
    this.#now.present.add(element);
    append(this.#listed, index);
    const isNew = this.#observations > 0 && !this.#before.listed.has(element) && !known;
    return { index, isNew };
  }

  /** Records or updates the description of an index (the text of its line, without children). */
  describeAs(index: number, description: string): void {
    this.#descriptions.set(index, description);
  }

  /** Notes a visible element the current observation walked, listed or not. */
  notePresent(element: Element): void {
    this.#now.present.add(element);
  }

  /** Notes the root of a subtree the current observation left out (budget or zone): it is in the page. */
  noteUnlisted(element: Element): void {
    this.#now.unlisted.add(element);
  }

  /** Notes a parent whose children the current observation listed only in part. */
  noteCutChildren(element: Element): void {
    this.#now.cut.add(element);
  }

  /** Whether the previous observation walked this element while it was visible. */
  wasPresent(element: Element): boolean {
    return this.#before.present.has(element);
  }

  /** Whether the previous observation left out a subtree rooted at this element. */
  wasUnlisted(element: Element): boolean {
    return this.#before.unlisted.has(element);
  }

  /** Whether the previous observation listed only some of this element's children. */
  hadCutChildren(element: Element): boolean {
    return this.#before.cut.has(element);
  }

  /** Ends the observation: what it saw becomes the baseline for the next `*` marks. */
  endObservation(): void {
    this.#before = this.#now;
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
    if (!element || !isConnected(element)) return { ok: false, reason: 'stale', description };
    return { ok: true, element, description: description ?? `[${index}]` };
  }

  /** Indexes near `index` that still resolve, for error messages (at most `count`). */
  nearbyValid(index: number, count = 5): number[] {
    const valid: number[] = [];
    const listed = this.#listed;
    for (let i = 0; i < listed.length; i++) if (this.resolve(listed[i]!).ok) append(valid, listed[i]!);
    // Nearest first, ties to the lower index; then back to ascending order.
    const picked: number[] = [];
    while (picked.length < count && valid.length) {
      let best = 0;
      for (let i = 1; i < valid.length; i++) {
        const d = math.abs(valid[i]! - index) - math.abs(valid[best]! - index);
        if (d < 0 || (d === 0 && valid[i]! < valid[best]!)) best = i;
      }
      append(picked, valid[best]!);
      valid[best] = valid[valid.length - 1]!;
      valid.length--;
    }
    for (let i = 1; i < picked.length; i++) {
      for (let j = i; j > 0 && picked[j - 1]! > picked[j]!; j--) {
        const swap = picked[j]!;
        picked[j] = picked[j - 1]!;
        picked[j - 1] = swap;
      }
    }
    return picked;
  }

  /** Forgets everything: the next task numbers from zero and marks nothing new on its first observation. */
  reset(): void {
    this.#indexOf = new SafeWeakMap();
    this.#elementAt.clear();
    this.#descriptions.clear();
    this.#next = 0;
    this.#observations = 0;
    this.#before = seen();
    this.#now = seen();
    this.#listed = [];
  }
}
