// Cancellation shared by every layer: the one AbortError test, an abortable sleep, and racing a
// promise against a signal. An abort always rejects with the signal's own reason, never wrapped.
import { schedule } from './timers.js';

/** True for the error an aborted signal rejects with (a DOMException or any error named AbortError). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
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
 * Settles like `promise`, or rejects with the signal's reason as soon as it aborts, so work that
 * ignores its signal (a tool, a customFetch) cannot hold the caller. A late rejection of `promise`
 * is swallowed, never unhandled.
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
