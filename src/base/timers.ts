// The timer functions every layer uses, captured once when the bundle loads, so a page that patches
// setTimeout or clearTimeout later cannot stall a request timeout, a backoff, a wait or a sleep.

/** `setTimeout` as it was when the bundle loaded. */
export const setTimer: (callback: () => void, ms?: number) => ReturnType<typeof setTimeout> = globalThis.setTimeout.bind(globalThis);

/** `clearTimeout` as it was when the bundle loaded. */
export const clearTimer: (timer: ReturnType<typeof setTimeout> | undefined) => void = globalThis.clearTimeout.bind(globalThis);

/** Schedules `callback` after `ms` with the captured timer; returns a function that cancels it. */
export function schedule(callback: () => void, ms: number): () => void {
  const timer = setTimer(callback, ms);
  return () => clearTimer(timer);
}
