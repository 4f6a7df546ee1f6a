// One wait the user ends (an approval, a resume after pause) or the run's abort ends: the shape
// shared by the approval gate and the pause control. Knows signals and promises only.

/**
 * Resolves with the value passed to the `release` that `wait` receives, or rejects with the
 * signal's reason when it aborts first (`onAbort` then drops the release). Throws the reason before
 * waiting if the signal has already aborted.
 */
export function holdUntil<T>(signal: AbortSignal, wait: (release: (value: T) => void) => void, onAbort: () => void): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    wait((value) => {
      signal.removeEventListener('abort', abort);
      resolve(value);
    });
  });
}
