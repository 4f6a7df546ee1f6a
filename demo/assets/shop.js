// The shop: a filtered catalog, a cart with quantities, and a checkout form with validation and
// an order confirmation. Plain DOM; knows nothing of the agent.
(function () {
  'use strict';
  const { el, money } = window.demo;

  const PRODUCTS = [
    { id: 'eth', name: 'Ethiopia Yirgacheffe, 250 g', category: 'coffee', price: 14.5 },
    { id: 'col', name: 'Colombia Huila, 250 g', category: 'coffee', price: 12.9 },
    { id: 'esp', name: 'House Espresso Blend, 1 kg', category: 'coffee', price: 34.0 },
    { id: 'sen', name: 'Japanese Sencha, 100 g', category: 'tea', price: 11.0 },
    { id: 'ear', name: 'Earl Grey, 100 g', category: 'tea', price: 7.5 },
    { id: 'lon', name: 'Longjing Dragon Well, 50 g', category: 'tea', price: 18.0 },
    { id: 'gri', name: 'Burr coffee grinder', category: 'gear', price: 89.0 },
    { id: 'ket', name: 'Gooseneck kettle', category: 'gear', price: 59.0 },
    { id: 'drp', name: 'Ceramic pour-over dripper', category: 'gear', price: 24.0 },
  ];
  const SHIPPING = { standard: 4.99, express: 14.99 };
  const cart = new Map();

  const list = document.getElementById('products');
  const search = document.getElementById('search');
  const category = document.getElementById('category');

  function renderProducts() {
    const q = search.value.trim().toLowerCase();
    const shown = PRODUCTS.filter((p) => (!category.value || p.category === category.value) && (!q || p.name.toLowerCase().includes(q)));
    list.replaceChildren(
      ...shown.map((p) =>
        el(
          'li',
          {},
          el(
            'article',
            { class: 'card product', 'aria-labelledby': `p-${p.id}` },
            el('div', { class: `art ${p.category}`, 'aria-hidden': 'true' }, p.category),
            el('h3', { id: `p-${p.id}` }, p.name),
            el('span', { class: 'price' }, money(p.price)),
            el('button', { type: 'button', class: 'primary', onclick: () => add(p.id), 'aria-label': `Add ${p.name} to cart` }, 'Add to cart'),
          ),
        ),
      ),
    );
    if (!shown.length) list.append(el('li', {}, 'No products match.'));
  }

  function add(id, delta = 1) {
    const qty = (cart.get(id) ?? 0) + delta;
    if (qty <= 0) cart.delete(id);
    else cart.set(id, qty);
    renderCart();
  }

  const subtotal = () => [...cart].reduce((sum, [id, qty]) => sum + PRODUCTS.find((p) => p.id === id).price * qty, 0);

  function renderCart() {
    const items = [...cart].map(([id, qty]) => {
      const p = PRODUCTS.find((x) => x.id === id);
      return el(
        'li',
        {},
        el('span', {}, p.name),
        el('span', {}, money(p.price * qty)),
        el(
          'span',
          { class: 'qty' },
          el('button', { type: 'button', onclick: () => add(id, -1), 'aria-label': `Remove one ${p.name}` }, '−'),
          el('span', { 'aria-label': `Quantity of ${p.name}` }, String(qty)),
          el('button', { type: 'button', onclick: () => add(id, 1), 'aria-label': `Add one more ${p.name}` }, '+'),
        ),
        el('button', { type: 'button', class: 'danger', onclick: () => add(id, -qty) }, 'Remove'),
      );
    });
    document.getElementById('cart-items').replaceChildren(...items);
    document.getElementById('cart-empty').hidden = cart.size > 0;
    document.getElementById('cart-count').textContent = String([...cart.values()].reduce((a, b) => a + b, 0));
    document.getElementById('subtotal').textContent = money(subtotal());
    document.getElementById('checkout').disabled = cart.size === 0;
    renderTotals();
  }

  const form = document.getElementById('checkout-form');
  const f = form.elements;
  function renderTotals() {
    const shipping = SHIPPING[f.shipping.value] ?? 0;
    document.getElementById('sum-items').textContent = money(subtotal());
    document.getElementById('sum-shipping').textContent = money(shipping);
    document.getElementById('sum-total').textContent = money(subtotal() + shipping);
  }

  function showSection(id) {
    for (const section of ['checkout-section', 'confirmation']) document.getElementById(section).hidden = section !== id;
  }

  document.getElementById('checkout').addEventListener('click', () => {
    showSection('checkout-section');
    f.shipName.focus();
  });
  document.getElementById('back-to-cart').addEventListener('click', () => showSection(''));
  form.addEventListener('change', renderTotals);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const problems = [];
    for (const input of form.querySelectorAll('input[required]')) {
      const empty = !input.value.trim();
      input.setAttribute('aria-invalid', String(empty));
      if (empty) problems.push(form.querySelector(`label[for="${input.id}"]`).textContent.replace(' *', ''));
    }
    if (f.shipEmail.value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.shipEmail.value)) problems.push('a valid email');
    if (f.cardNumber.value && f.cardNumber.value.replace(/\s/g, '').length < 12) problems.push('a complete card number');
    const error = document.getElementById('checkout-error');
    if (problems.length) {
      error.textContent = `Please fill in: ${problems.join(', ')}.`;
      return;
    }
    error.textContent = '';
    const total = subtotal() + SHIPPING[f.shipping.value];
    const number = `BC-${String(Math.floor(1000 + total * 7) % 9000 + 1000)}`;
    document.getElementById('confirmation-text').textContent =
      `Order ${number} is placed: ${money(total)} with ${f.shipping.value} shipping to ${f.shipName.value}, ${f.shipCity.value}. ` +
      `A receipt goes to ${f.shipEmail.value}.`;
    cart.clear();
    renderCart();
    form.reset();
    showSection('confirmation');
    document.getElementById('confirmation').focus();
  });
  document.getElementById('continue-shopping').addEventListener('click', () => showSection(''));

  search.addEventListener('input', renderProducts);
  category.addEventListener('change', renderProducts);
  renderProducts();
  renderCart();
})();
