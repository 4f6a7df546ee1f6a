// The state of the Node-runner eval pages: one small store in sessionStorage that every page of a
// flow shares (so a check at the end sees what the earlier pages did), exposed as window.evalState().
// window.store is what the pages' own scripts use. Read by the checks only; the agents never see it.
(() => {
  const KEY = 'eval-node-store';
  const DEFAULTS = { cart: [], order: null, viewed: [], reviewed: [], plan: null, subscribed: false };
  const read = () => ({ ...DEFAULTS, ...JSON.parse(sessionStorage.getItem(KEY) || '{}') });
  window.store = {
    get: read,
    update(change) {
      const next = { ...read(), ...change(read()) };
      sessionStorage.setItem(KEY, JSON.stringify(next));
      return next;
    },
  };
  window.evalState = read;
  const ready = () => (window.evalReady = true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
