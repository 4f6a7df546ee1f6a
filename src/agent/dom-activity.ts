// Watches the page's DOM for the loop: a bounded wait until it is quiet between steps, and a count
// of changes made while the model was thinking. Our own UI (data-page-agent-ignore) is not the page.
import { schedule, sleep } from '../base/index.js';

const IGNORE_SELECTOR = '[data-page-agent-ignore]';

function documentOf(): Document | undefined {
  return typeof document === 'undefined' || typeof MutationObserver === 'undefined' ? undefined : document;
}

const nodesOf = (record: MutationRecord) => [...record.addedNodes, ...record.removedNodes];
const isElement = (node: Node) => node.nodeType === 1;

/** True when a mutation happened inside the agent's own UI, which is not part of the page. */
function isOwnUi(record: MutationRecord): boolean {
  const target = record.target;
  const element = isElement(target) ? (target as Element) : target.parentElement;
  if (element?.closest(IGNORE_SELECTOR)) return true;
  if (record.type !== 'childList') return false;
  const nodes = nodesOf(record);
  return nodes.length > 0 && nodes.every((node) => isElement(node) && (node as Element).matches(IGNORE_SELECTOR));
}

/**
 * Resolves once the page's DOM has not changed for `quietMs`, or after `maxMs` at most; rejects
 * with the signal's reason (an AbortError) when it aborts. Resolves at once where there is no DOM.
 */
export function waitForQuiet(signal?: AbortSignal, quietMs = 100, maxMs = 1000): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const doc = documentOf();
    if (!doc) return resolve();
    let cancelQuiet = schedule(finish, quietMs);
    const cancelMax = schedule(finish, maxMs);
    const observer = new MutationObserver((records) => {
      if (records.every(isOwnUi)) return;
      cancelQuiet();
      cancelQuiet = schedule(finish, quietMs);
    });
    const onAbort = () => finish(signal!.reason);
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
  await Promise.all([minimum > 0 ? sleep(minimum, signal) : undefined, waitForQuiet(signal)]);
}

/**
 * Counts element insertions and removals outside the agent's UI until the returned function is
 * called; it stops watching and returns the count. Text and attribute updates (clocks, spinners)
 * are left out: they rarely invalidate what the model read.
 */
export function watchDomChanges(): () => number {
  const doc = documentOf();
  let changes = 0;
  if (!doc) return () => 0;
  const count = (records: MutationRecord[]) => {
    for (const record of records) if (record.type === 'childList' && !isOwnUi(record) && nodesOf(record).some(isElement)) changes++;
  };
  const observer = new MutationObserver(count);
  observer.observe(doc, { subtree: true, childList: true });
  return () => {
    count(observer.takeRecords());
    observer.disconnect();
    return changes;
  };
}
