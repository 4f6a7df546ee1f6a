// A page clock for e2e tests that does not count a loaded machine's stalls inside one task: the
// page walk stops after 400 ms (src/dom/extract/observe.ts), and a renderer starved of CPU for that
// long cut a 600-row table in CI. The walk runs in one task and reads the clock every 32 entries.

/**
 * Init script that makes `performance.now` advance by at most 1 ms between two readings in the same
 * task (no microtask checkpoint between them), and by the real time otherwise. A walk then reaches
 * its time limit after 400 readings (12,800 entries) at the earliest, however busy the machine,
 * while waits across tasks and frames (settling after a scroll, timers) keep the real time. Tests of
 * the limit itself install their own clock on top.
 */
export const STEADY_CLOCK_SCRIPT = `(() => {
  const real = performance.now.bind(performance);
  const later = queueMicrotask;
  let last = real();
  let shown = last;
  let inTask = false;
  performance.now = function now() {
    const t = real();
    shown += inTask ? Math.min(t - last, 1) : t - last;
    last = t;
    if (!inTask) {
      inTask = true;
      later(() => (inTask = false));
    }
    return shown;
  };
})();`;

/**
 * Init script of the opposite: a clock 20 ms ahead at every reading, a renderer starved of CPU as on
 * a loaded CI machine. Tests of the walk's time limit install it (over the steady clock, or under it
 * to show the steady clock at work).
 */
export const STALLING_CLOCK_SCRIPT = 'const real = performance.now.bind(performance); let ahead = 0; performance.now = () => real() + (ahead += 20);';
