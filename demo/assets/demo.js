// Shared demo chrome: example-task buttons, the relay status notice, and small DOM helpers the
// demo apps use. Builds every node with DOM APIs (no innerHTML); knows nothing of the agent's internals.
(function () {
  'use strict';

  /** Creates an element: el('button', { class: 'x', onclick: fn }, 'text', child). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
      else if (name === 'class') node.className = value;
      else if (name in node && typeof value !== 'string') node[name] = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  let toastTimer;
  /** Shows a short message at the bottom of the page, announced to screen readers. */
  function toast(message) {
    let node = document.getElementById('demo-toast');
    if (!node) {
      node = el('div', { id: 'demo-toast', class: 'toast', role: 'status', 'aria-live': 'polite' });
      document.body.append(node);
    }
    node.textContent = message;
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (node.hidden = true), 3500);
  }

  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  window.demo = { el, toast, money: (n) => money.format(n) };

  const RELAY = '/api/llm';

  function showNotice(...children) {
    const box = document.getElementById('relay-status');
    if (!box) return;
    box.replaceChildren(el('div', { class: 'notice' }, ...children));
  }

  async function checkRelay() {
    const box = document.getElementById('relay-status');
    if (!box) return;
    let health;
    try {
      const res = await fetch(`${RELAY}/health`, { cache: 'no-store' });
      health = await res.json();
    } catch {
      showNotice(el('strong', {}, 'The LLM relay does not answer. '), 'Start the demo with ', el('code', {}, 'npm run demo'), '.');
      return;
    }
    if (health.ok) {
      box.replaceChildren(el('p', { class: 'relay-ok' }, `✓ Relay ready: ${health.model} via ${health.upstream}`));
      return;
    }
    const providers = (health.providers || []).map((p) =>
      el(
        'li',
        {},
        el('strong', {}, p.name),
        ' ',
        el('code', {}, `LLM_BASE_URL=${p.baseURL}`),
        ' ',
        el('code', {}, `LLM_MODEL=${p.model}`),
        p.needsKey ? [' ', el('code', {}, 'LLM_API_KEY=…')] : ' (no key)',
        p.note ? el('div', { class: 'note' }, p.note) : '',
      ),
    );
    showNotice(
      el('strong', {}, 'No LLM configured. '),
      health.problem || '',
      el('p', {}, 'Put the upstream in a ', el('code', {}, '.env'), ' file in the repository root (or the environment) and restart ', el('code', {}, 'npm run demo'), ', e.g.:'),
      el('ul', { class: 'providers' }, providers),
      el('p', {}, 'The key stays on the server: pages only talk to ', el('code', {}, RELAY), '. See docs/relay.md.'),
    );
  }

  function wireTasks() {
    for (const button of document.querySelectorAll('.try .task')) {
      button.addEventListener('click', () => {
        const task = button.dataset.task || button.textContent.trim();
        const agent = window.pageAgent;
        if (!agent || typeof agent.execute !== 'function') {
          showNotice(
            el('strong', {}, 'The agent bundle did not load. '),
            'Build it with ',
            el('code', {}, 'npm run build'),
            ' (npm run demo does it for you) and reload.',
          );
          return;
        }
        if (agent.disposed) {
          showNotice(el('strong', {}, 'The agent was closed. '), 'Reload the page to start it again.');
          return;
        }
        if (agent.status === 'running') {
          toast('The agent is busy; stop it in the panel first.');
          return;
        }
        agent.execute(task).catch((error) => showNotice(el('strong', {}, 'The task could not start. '), String(error && error.message ? error.message : error)));
      });
    }
  }

  /** The demo pages, in the order of the top bar. */
  const PAGES = [
    ['admin.html', 'Admin table'],
    ['signup.html', 'Signup'],
    ['shop.html', 'Shop'],
    ['settings.html', 'Settings'],
    ['board.html', 'Task board'],
  ];

  /** Fills each page's empty <header class="topbar"> with the brand and the page links, the current one marked. */
  function renderTopbar() {
    const bar = document.querySelector('header.topbar');
    if (!bar || bar.childElementCount > 0) return;
    const here = location.pathname.replace(/\/$/, '/index.html');
    const links = PAGES.map(([href, label]) => {
      const link = el('a', { href }, label);
      if (new URL(link.href).pathname === here) link.setAttribute('aria-current', 'page');
      return link;
    });
    bar.append(el('a', { class: 'brand', href: 'index.html' }, 'drop-in page agent · demo'), el('nav', { 'aria-label': 'Demo pages' }, links));
  }

  function start() {
    renderTopbar();
    wireTasks();
    checkRelay();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
