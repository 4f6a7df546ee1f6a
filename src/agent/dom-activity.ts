// Watches the page's DOM for the loop: a bounded wait until it is quiet between steps, and a count
// of changes made while the model was thinking. Our own UI (data-page-agent-ignore) is not the page.
import { abortReason, schedule, sleep } from '../tools/index.js';

const IGNORE_SELECTOR = '[data-page-agent-ignore]';

function documentOf(): Document | undefined {
  return typeof document === 'undefined' || typeof MutationObserver === 'undefined' ? undefined : document;
}

/** True when a mutation happened inside the agent's own UI, which is not part of the page. */
function isOwnUi(record: MutationRecord): boolean {
  const target = record.target;
  const element = target.nodeType === 1 ? (target as Element) : target.parentElement;
  if (element?.closest(IGNORE_SELECTOR)) return true;
  if (record.type !== 'childList') return false;
  const nodes = [...record.addedNodes, ...record.removedNodes];
  return nodes.length > 0 && nodes.every((node) => node.nodeType === 1 && (node as Element).matches(IGNORE_SELECTOR));
}

/** Options of `waitForQuiet`. */
export interface QuietOptions {
  /** How long the DOM must stay unchanged, in milliseconds. @default 100 */
  quietMs?: number;
  /** Never wait longer than this, in milliseconds. @default 1000 */
  maxMs?: number;
  signal?: AbortSignal;
}

/**
 * Resolves once the page's DOM has not changed for `quietMs`, or after `maxMs` at most; rejects
 * with an AbortError when `signal` aborts. Resolves at once where there is no DOM.
 */
export function waitForQuiet(options: QuietOptions = {}): Promise<void> {
  const { quietMs = 100, maxMs = 1000, signal } = options;
  const doc = documentOf();
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (!doc) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let cancelQuiet = schedule(() => finish(), quietMs);
    const cancelMax = schedule(() => finish(), maxMs);
    const observer = new MutationObserver((records) => {
      if (records.every(isOwnUi)) return;
      cancelQuiet();
      cancelQuiet = schedule(() => finish(), quietMs);
    });
    const onAbort = () => finish(abortReason(signal!));
    function finish(error?: unknown) {
      observer.disconnect();
      cancelQuiet();
      cancelMax();
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    }
    observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Between steps: the DOM-quiet wait (≤ 1 s) and, when `stepDelay` (seconds) is set, that as a minimum. */
export async function settleBetweenSteps(stepDelay: number | undefined, signal: AbortSignal): Promise<void> {
  const minimum = (stepDelay ?? 0) * 1000;
  await Promise.all([minimum > 0 ? sleep(minimum, signal) : undefined, waitForQuiet({ signal })]);
}

/** A running count of structural and text changes to the page. */
export interface DomChangeWatcher {
  /** Changes seen since the watcher started. */
  readonly changes: number;
  /** Stops watching; returns the final count. */
  stop(): number;
}

function addsOrRemovesElements(record: MutationRecord): boolean {
  if (record.type !== 'childList' || isOwnUi(record)) return false;
  for (const node of record.addedNodes) if (node.nodeType === 1) return true;
  for (const node of record.removedNodes) if (node.nodeType === 1) return true;
  return false;
}

/**
 * Counts element insertions and removals outside the agent's UI until stopped. Text and attribute
 * updates (clocks, spinners) are left out: they rarely invalidate what the model read.
 */
export function watchDomChanges(): DomChangeWatcher {
  const doc = documentOf();
  let changes = 0;
  if (!doc) return { changes: 0, stop: () => 0 };
  const count = (records: MutationRecord[]) => {
    for (const record of records) if (addsOrRemovesElements(record)) changes++;
  };
  const observer = new MutationObserver(count);
  observer.observe(doc, { subtree: true, childList: true });
  return {
    get changes() {
      return changes;
    },
    stop() {
      count(observer.takeRecords());
      observer.disconnect();
      return changes;
    },
  };
}
