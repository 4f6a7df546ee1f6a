// The settings page: ARIA tabs, switches, custom listbox selects (keyboard operable), a native
// select, and save/discard with an unsaved-changes indicator. Plain DOM; knows nothing of the agent.
(function () {
  'use strict';
  const { el, toast } = window.demo;

  const state = {};
  let saved = {};
  const saveState = document.getElementById('save-state');
  const markDirty = () => {
    saveState.textContent = JSON.stringify(state) === JSON.stringify(saved) ? 'All changes saved.' : 'You have unsaved changes.';
  };

  // Tabs: click or arrow keys move the selection (WAI-ARIA Authoring Practices "Tabs").
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  function selectTab(tab) {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
    }
  }
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => selectTab(tab));
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      selectTab(next);
      next.focus();
    });
  });

  // Switches.
  for (const sw of document.querySelectorAll('[role="switch"]')) {
    state[sw.dataset.name] = sw.getAttribute('aria-checked') === 'true';
    sw.addEventListener('click', () => {
      const on = sw.getAttribute('aria-checked') !== 'true';
      sw.setAttribute('aria-checked', String(on));
      state[sw.dataset.name] = on;
      markDirty();
    });
  }

  // Custom selects: a button that opens a listbox of options.
  let uid = 0;
  function customSelect(root) {
    const name = root.dataset.name;
    const options = root.dataset.options.split(',');
    const listId = `listbox-${++uid}`;
    const valueSpan = el('span', {}, root.dataset.value);
    const button = el(
      'button',
      { type: 'button', 'aria-haspopup': 'listbox', 'aria-expanded': 'false', 'aria-controls': listId, 'aria-labelledby': `${root.dataset.labelledby} ${listId}-value` },
      valueSpan,
      el('span', { 'aria-hidden': 'true' }, '▾'),
    );
    valueSpan.id = `${listId}-value`;
    const list = el('ul', { role: 'listbox', id: listId, tabindex: '-1', 'aria-labelledby': root.dataset.labelledby, hidden: true });
    let active = 0;
    const items = options.map((text, i) =>
      el('li', { role: 'option', id: `${listId}-${i}`, 'aria-selected': String(text === root.dataset.value), onclick: () => choose(i) }, text),
    );
    list.append(...items);
    root.append(button, list);
    state[name] = root.dataset.value;

    function open() {
      list.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      active = Math.max(0, options.indexOf(state[name]));
      highlight();
      list.focus();
    }
    function close(focusButton = true) {
      list.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      if (focusButton) button.focus();
    }
    function highlight() {
      items.forEach((item, i) => item.classList.toggle('active', i === active));
      list.setAttribute('aria-activedescendant', items[active].id);
      items[active].scrollIntoView({ block: 'nearest' });
    }
    function choose(i, focusButton = true) {
      state[name] = options[i];
      valueSpan.textContent = options[i];
      items.forEach((item, j) => item.setAttribute('aria-selected', String(i === j)));
      close(focusButton);
      markDirty();
    }
    button.addEventListener('click', () => (list.hidden ? open() : close()));
    list.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') active = Math.min(items.length - 1, active + 1);
      else if (event.key === 'ArrowUp') active = Math.max(0, active - 1);
      else if (event.key === 'Home') active = 0;
      else if (event.key === 'End') active = items.length - 1;
      else if (event.key === 'Enter' || event.key === ' ') return choose(active);
      else if (event.key === 'Escape') return close();
      else return;
      event.preventDefault();
      highlight();
    });
    document.addEventListener('pointerdown', (event) => {
      if (!list.hidden && !root.contains(event.target)) close(false);
    });
    return (value) => {
      const i = options.indexOf(value);
      if (i >= 0) choose(i, false);
    };
  }
  const setters = {};
  for (const root of document.querySelectorAll('.custom-select')) setters[root.dataset.name] = customSelect(root);

  // Native controls.
  const digest = document.getElementById('digest');
  state.digest = digest.value;
  digest.addEventListener('change', () => {
    state.digest = digest.value;
    markDirty();
  });
  const themeInputs = [...document.querySelectorAll('input[name="theme"]')];
  state.theme = themeInputs.find((i) => i.checked).value;
  for (const input of themeInputs) {
    input.addEventListener('change', () => {
      state.theme = input.value;
      markDirty();
    });
  }

  function apply(values) {
    for (const sw of document.querySelectorAll('[role="switch"]')) sw.setAttribute('aria-checked', String(values[sw.dataset.name]));
    for (const [name, set] of Object.entries(setters)) set(values[name]);
    digest.value = values.digest;
    for (const input of themeInputs) input.checked = input.value === values.theme;
    Object.assign(state, values);
    markDirty();
  }

  saved = { ...state };
  document.getElementById('save').addEventListener('click', () => {
    saved = { ...state };
    markDirty();
    toast('Settings saved.');
  });
  document.getElementById('discard').addEventListener('click', () => {
    apply({ ...saved });
    toast('Changes discarded.');
  });
})();
