// The base layer: helpers every other layer shares (captured timers, cancellation, error text, the
// plain-object guard, zero-padding, the Standard Schema types). It imports nothing, of ours or of any package; anything may import it.
export { clearTimer, schedule, setTimer } from './timers.js';
export { isAbortError, raceAbort, sleep } from './abort.js';
export { messageOf } from './errors.js';
export { isRecord } from './guards.js';
export { pad } from './pad.js';
export type { StandardIssue, StandardResult, StandardSchema } from './standard-schema.js';
