// What every eval app page shares: its state as plain JSON for window.evalState (dates as
// YYYY-MM-DD), and the page name the HTML shell asks for. Read by the checks only.

/** A JSON copy of form values; date objects (dayjs or Date) become YYYY-MM-DD. */
export function plain(value) {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value && typeof value === 'object' && typeof value.format === 'function' && typeof value.isValid === 'function') return value.isValid() ? value.format('YYYY-MM-DD') : null;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** The page the shell asks for (`<div id="root" data-page>`), checked against the app's pages. */
export function pageName(pages) {
  const name = document.getElementById('root').dataset.page;
  if (!pages[name]) throw new Error(`unknown eval page "${name}"; pages: ${Object.keys(pages).join(', ')}`);
  return name;
}

/** Publishes a page's state reader and marks the page ready. */
export function publish(read) {
  window.evalState = () => plain(read());
  window.evalReady = true;
}
