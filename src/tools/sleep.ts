// Abortable timing for tools and the loop: sleeps, and racing a promise against a signal.
// Timers are captured when the module loads, so a page that patches them later cannot stall us.

const nativeSetTimeout = globalThis.setTimeout.bind(globalThis);
const nativeClearTimeout = globalThis.clearTimeout.bind(globalThis);

/** The signal's reason when it is an error, else a standard AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Resolves after `ms` milliseconds; rejects with the signal's reason (an AbortError) if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      nativeClearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = nativeSetTimeout(() => {
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
  if (signal.aborted) {
    settled.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      settled.catch(() => {});
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    settled.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Schedules `callback` after `ms` with the captured timer; returns a function that cancels it. */
export function schedule(callback: () => void, ms: number): () => void {
  const timer = nativeSetTimeout(callback, ms);
  return () => nativeClearTimeout(timer);
}
