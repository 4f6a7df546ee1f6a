// Runs before every unit test file. The unit project shares one module graph per worker
// (isolate: false), so what one file leaves behind must not reach the next:
// - the document starts empty in every file (happy-dom);
// - src/base/timers.ts captures setTimeout/clearTimeout when it first loads (a page patching them
//   later cannot stall the agent); here, once per worker and before src/ loads, those globals become
//   late-binding wrappers, so the captured functions reach whatever timers are installed when they
//   are called: real ones, or a test's fake clock (test/helpers/idle-clock.ts).
const LATE = Symbol.for('drop-in-page-agent.test.late-timers');
const scope = globalThis as typeof globalThis & { [LATE]?: true };

if (!scope[LATE]) {
  scope[LATE] = true;
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const lateSet = function (this: unknown, ...args: Parameters<typeof setTimeout>) {
    const current = globalThis.setTimeout;
    return (current === lateSet ? realSet : current).apply(globalThis, args);
  } as typeof setTimeout;
  const lateClear = function (this: unknown, ...args: Parameters<typeof clearTimeout>) {
    const current = globalThis.clearTimeout;
    return (current === lateClear ? realClear : current).apply(globalThis, args);
  } as typeof clearTimeout;
  // Keep Node's extras (util.promisify's custom form) on the wrappers.
  for (const key of Reflect.ownKeys(realSet)) if (!(key in lateSet)) Object.defineProperty(lateSet, key, Object.getOwnPropertyDescriptor(realSet, key)!);
  globalThis.setTimeout = lateSet;
  globalThis.clearTimeout = lateClear;
}

if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
}
