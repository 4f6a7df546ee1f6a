// An idle clock for unit tests of timer-driven code (the loop's DOM-quiet wait between steps, sleeps,
// waits, retries): fake timers (and Date) that jump to the next due timer whenever the test has
// nothing else to run. Waits then cost no real time, while every timer still fires in the order and
// at the (fake) time the code asked for. Needs test/helpers/unit-setup.ts (late-binding timers).
import { setImmediate as realSetImmediate } from 'node:timers';
import { afterEach, beforeEach, vi } from 'vitest';

/** Installs the idle clock around every test of the calling file; `now` pins the start time. */
export function useIdleClock(now?: Date): void {
  let running = false;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    if (now) vi.setSystemTime(now);
    running = true;
    // A check-phase callback runs only after the pending promise callbacks: the test is idle.
    const tick = () => {
      if (!running) return;
      if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
      realSetImmediate(tick);
    };
    realSetImmediate(tick);
  });
  afterEach(() => {
    running = false;
    vi.useRealTimers();
  });
}
