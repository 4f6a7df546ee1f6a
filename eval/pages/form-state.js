// The state of a plain HTML page for `npm run eval`: every named form control (and every element with
// data-state, read from its ARIA state) as JSON through window.evalState(); a submit is recorded, not
// sent. Read by the checks only; the agents never see it.
(() => {
  let submitted = null;

  function ariaState(el) {
    for (const name of ['aria-checked', 'aria-pressed', 'aria-selected', 'aria-expanded']) {
      const value = el.getAttribute(name);
      if (value !== null) return value === 'true' ? true : value === 'false' ? false : value;
    }
    return el.getAttribute('data-value') ?? el.textContent.trim();
  }

  function values() {
    const out = {};
    const byName = new Map();
    for (const el of document.querySelectorAll('input[name], select[name], textarea[name]')) {
      if (!byName.has(el.name)) byName.set(el.name, []);
      byName.get(el.name).push(el);
    }
    for (const [name, els] of byName) {
      const first = els[0];
      if (first.type === 'radio') out[name] = els.find((el) => el.checked)?.value ?? null;
      else if (first.type === 'checkbox') out[name] = els.length === 1 ? first.checked : els.filter((el) => el.checked).map((el) => el.value).sort();
      else if (first.multiple) out[name] = [...first.selectedOptions].map((o) => o.value).sort();
      else out[name] = first.value;
    }
    for (const el of document.querySelectorAll('[data-state]')) out[el.dataset.state] = ariaState(el);
    return out;
  }

  window.evalState = () => ({ ...values(), submitted });
  /** For pages whose save button is not a submit button. */
  window.evalSubmit = () => void (submitted = values());
  document.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      submitted = values();
    },
    true,
  );
  const ready = () => void (window.evalReady = true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
