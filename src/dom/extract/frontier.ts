// A binary min-heap ordered by distance from the viewport, then by insertion order, so the walk
// expands what is nearest first and, at equal distance, in document order. Pure.
import { append } from '../intrinsics.js';

/** Something the walk may expand next. */
export interface FrontierEntry {
  distance: number;
  /** Insertion order, filled in by `push`. */
  seq: number;
}

/** The walk's priority queue. */
export class Frontier<T extends FrontierEntry> {
  #heap: T[] = [];
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  /** Adds an entry. */
  push(entry: T): void {
    entry.seq = this.#seq++;
    const heap = this.#heap;
    append(heap, entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      const swap = heap[i]!;
      heap[i] = heap[parent]!;
      heap[parent] = swap;
      i = parent;
    }
  }

  /** The nearest entry without removing it. */
  peek(): T | undefined {
    return this.#heap[0];
  }

  /** Removes and returns the nearest entry. */
  pop(): T | undefined {
    const heap = this.#heap;
    if (!heap.length) return undefined;
    const top = heap[0]!;
    const last = heap[heap.length - 1]!;
    heap.length--;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < heap.length && before(heap[l]!, heap[best]!)) best = l;
        if (r < heap.length && before(heap[r]!, heap[best]!)) best = r;
        if (best === i) break;
        const swap = heap[i]!;
        heap[i] = heap[best]!;
        heap[best] = swap;
        i = best;
      }
    }
    return top;
  }

  /** Removes every entry and returns them (in no particular order). */
  drain(): T[] {
    const all = this.#heap;
    this.#heap = [];
    return all;
  }
}

function before(a: FrontierEntry, b: FrontierEntry): boolean {
  return a.distance < b.distance || (a.distance === b.distance && a.seq < b.seq);
}
