// The timer functions of llm/, captured once at load so a page that patches them later cannot
// stall a request timeout or a retry backoff.

/** `setTimeout` as it was when the bundle loaded. */
export const setTimer = globalThis.setTimeout.bind(globalThis);

/** `clearTimeout` as it was when the bundle loaded. */
export const clearTimer = globalThis.clearTimeout.bind(globalThis);
