// Abortable timing for tools and the loop: sleeps, and racing a promise against a signal.
// Timers are captured when the module loads, so a page that patches them later cannot stall us.

const nativeSetTimeout = globalThis.setTimeout.bind(globalThis);
const nativeClearTimeout = globalThis.clearTimeout.bind(globalThis);

/** Schedules `callback` after `ms` with the captured timer; returns a function that cancels it. */
export function schedule(callback: () => void, ms: number): () => void {
  const timer = nativeSetTimeout(callback, ms);
  return () => nativeClearTimeout(timer);
}

/** Resolves after `ms` milliseconds; rejects with the signal's reason (an AbortError) if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      cancel();
      reject(signal!.reason);
    };
    const cancel = schedule(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles like `promise`, or rejects with the signal's reason as soon as it aborts, so a tool that
 * ignores its signal cannot hold the run. A late rejection of `promise` is swallowed, never unhandled.
 */
export function raceAbort<T>(promise: Promise<T> | T, signal: AbortSignal): Promise<T> {
  const settled = Promise.resolve(promise);
  settled.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    signal.throwIfAborted();
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
