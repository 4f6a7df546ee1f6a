// The admin orders table: generated data, filters, sortable columns, pagination and an order
// dialog. Plain DOM; the agent sees it like any other page.
(function () {
  'use strict';
  const { el, toast, money } = window.demo;

  const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Tim', 'Radia', 'Guido', 'Hedy', 'John', 'Sophie', 'Yukihiro'];
  const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen', 'Berners-Lee', 'Perlman', 'van Rossum', 'Lamarr', 'Backus', 'Wilson', 'Matsumoto'];
  const COUNTRIES = ['Germany', 'France', 'United States', 'Japan', 'Brazil', 'China', 'United Kingdom', 'Canada'];
  const STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'];

  // A seeded generator keeps the data the same on every load, so example tasks have stable answers.
  let seed = 20240607;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (list) => list[Math.floor(rand() * list.length)];

  const orders = Array.from({ length: 118 }, (_, i) => {
    const day = 1 + Math.floor(rand() * 90);
    const date = new Date(Date.UTC(2024, 3, 1) + day * 86400000).toISOString().slice(0, 10);
    return {
      id: 1001 + i,
      customer: `${pick(FIRST)} ${pick(LAST)}`,
      country: pick(COUNTRIES),
      date,
      status: pick(STATUSES),
      total: Math.round((15 + rand() * 985) * 100) / 100,
    };
  });

  const state = { q: '', status: '', country: '', minTotal: 0, sortKey: 'id', sortDir: 'asc', page: 1, pageSize: 10 };
  const form = document.getElementById('filters');
  const tbody = document.querySelector('#orders tbody');
  const countrySelect = document.getElementById('country');
  for (const country of [...COUNTRIES].sort()) countrySelect.append(el('option', { value: country }, country));

  function filtered() {
    const q = state.q.trim().toLowerCase().replace(/^#/, '');
    const rows = orders.filter(
      (o) =>
        (!q || o.customer.toLowerCase().includes(q) || String(o.id).includes(q)) &&
        (!state.status || o.status === state.status) &&
        (!state.country || o.country === state.country) &&
        o.total >= state.minTotal,
    );
    const dir = state.sortDir === 'asc' ? 1 : -1;
    return rows.sort((a, b) => (a[state.sortKey] < b[state.sortKey] ? -dir : a[state.sortKey] > b[state.sortKey] ? dir : 0));
  }

  function render() {
    const rows = filtered();
    const pages = Math.max(1, Math.ceil(rows.length / state.pageSize));
    state.page = Math.min(state.page, pages);
    const start = (state.page - 1) * state.pageSize;
    const shown = rows.slice(start, start + state.pageSize);
    tbody.replaceChildren(
      ...shown.map((o) =>
        el(
          'tr',
          {},
          el('td', {}, `#${o.id}`),
          el('td', {}, o.customer),
          el('td', {}, o.country),
          el('td', {}, el('time', { datetime: o.date }, o.date)),
          el('td', {}, el('span', { class: `badge ${o.status}` }, o.status[0].toUpperCase() + o.status.slice(1))),
          el('td', { class: 'num' }, money(o.total)),
          el('td', {}, el('button', { type: 'button', onclick: () => openOrder(o), 'aria-label': `View order #${o.id}` }, 'View')),
        ),
      ),
    );
    document.getElementById('empty').hidden = rows.length > 0;
    document.getElementById('range').textContent = rows.length
      ? `Showing ${start + 1}–${start + shown.length} of ${rows.length} orders`
      : 'Showing 0 orders';
    document.getElementById('page-label').textContent = `Page ${state.page} of ${pages}`;
    document.getElementById('prev').disabled = state.page <= 1;
    document.getElementById('next').disabled = state.page >= pages;
    for (const th of document.querySelectorAll('#orders th[data-key]')) {
      const active = th.dataset.key === state.sortKey;
      th.setAttribute('aria-sort', active ? (state.sortDir === 'asc' ? 'ascending' : 'descending') : 'none');
      const button = th.querySelector('button');
      button.dataset.label ??= button.textContent;
      button.textContent = active ? `${button.dataset.label} ${state.sortDir === 'asc' ? '▲' : '▼'}` : button.dataset.label;
    }
  }

  form.addEventListener('input', () => {
    state.q = form.q.value;
    state.status = form.status.value;
    state.country = form.country.value;
    state.minTotal = Number(form.minTotal.value) || 0;
    state.page = 1;
    render();
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('reset', () => setTimeout(() => form.dispatchEvent(new Event('input')), 0));

  for (const th of document.querySelectorAll('#orders th[data-key]')) {
    th.querySelector('button').addEventListener('click', () => {
      const key = th.dataset.key;
      state.sortDir = state.sortKey === key && state.sortDir === 'asc' ? 'desc' : 'asc';
      state.sortKey = key;
      render();
    });
  }
  document.getElementById('page-size').addEventListener('change', (event) => {
    state.pageSize = Number(event.target.value);
    state.page = 1;
    render();
  });
  document.getElementById('prev').addEventListener('click', () => {
    state.page--;
    render();
  });
  document.getElementById('next').addEventListener('click', () => {
    state.page++;
    render();
  });

  const dialog = document.getElementById('order-dialog');
  let current;
  function openOrder(order) {
    current = order;
    document.getElementById('order-title').textContent = `Order #${order.id}`;
    const facts = [
      ['Customer', order.customer],
      ['Country', order.country],
      ['Date', order.date],
      ['Status', order.status],
      ['Total', money(order.total)],
    ];
    document.getElementById('order-details').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
    document.getElementById('mark-shipped').disabled = order.status !== 'pending';
    const cancel = document.getElementById('cancel-order');
    cancel.disabled = order.status === 'cancelled' || order.status === 'delivered';
    cancel.textContent = 'Cancel order';
    dialog.showModal();
  }
  function setStatus(status) {
    current.status = status;
    dialog.close();
    render();
    toast(`Order #${current.id} is now ${status}.`);
  }
  document.getElementById('mark-shipped').addEventListener('click', () => setStatus('shipped'));
  // Cancelling takes a second click on the same button (no window.confirm: it would block the page).
  document.getElementById('cancel-order').addEventListener('click', (event) => {
    if (event.currentTarget.textContent === 'Confirm cancellation') setStatus('cancelled');
    else event.currentTarget.textContent = 'Confirm cancellation';
  });

  render();
})();
