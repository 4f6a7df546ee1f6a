// Recent tasks for recall with ArrowUp/ArrowDown, like a shell history: newest last, no
// duplicates in a row, kept in localStorage when the page allows it.

const LIMIT = 20;

/** A shell-style history of submitted tasks with a recall cursor. */
export class RecentTasks {
  #items: string[] = [];
  #cursor = -1;
  #draft = '';
  readonly #storage: Storage | null;
  readonly #key: string;

  constructor(key: string | false = 'page-agent:recent-tasks', storage?: Storage | null) {
    this.#key = key || '';
    this.#storage = key ? (storage === undefined ? safeLocalStorage() : storage) : null;
    try {
      const saved = this.#storage?.getItem(this.#key);
      const parsed: unknown = saved ? JSON.parse(saved) : [];
      if (Array.isArray(parsed)) this.#items = parsed.filter((x): x is string => typeof x === 'string').slice(-LIMIT);
    } catch {
      // Corrupt or inaccessible storage: start empty rather than fail the panel.
    }
  }

  /** The tasks, oldest first. */
  get items(): readonly string[] {
    return this.#items;
  }

  /** Records a submitted task and resets the recall cursor. */
  add(task: string): void {
    const text = task.trim();
    this.#cursor = -1;
    this.#draft = '';
    if (!text) return;
    this.#items = this.#items.filter((item) => item !== text);
    this.#items.push(text);
    if (this.#items.length > LIMIT) this.#items.splice(0, this.#items.length - LIMIT);
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(this.#items));
    } catch {
      // Quota or privacy mode: keep the in-memory list.
    }
  }

  /** Moves one task back in time; `current` is kept as the draft to come back to. Returns the text to show, or null. */
  previous(current: string): string | null {
    if (!this.#items.length) return null;
    if (this.#cursor === -1) {
      this.#draft = current;
      this.#cursor = this.#items.length - 1;
    } else if (this.#cursor > 0) this.#cursor--;
    else return null;
    return this.#items[this.#cursor]!;
  }

  /** Moves one task forward; past the newest it returns the draft. Returns null when not recalling. */
  next(): string | null {
    if (this.#cursor === -1) return null;
    if (this.#cursor < this.#items.length - 1) return this.#items[++this.#cursor]!;
    this.#cursor = -1;
    return this.#draft;
  }

  /** Leaves recall mode (the user edited the text). */
  resetCursor(): void {
    this.#cursor = -1;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
