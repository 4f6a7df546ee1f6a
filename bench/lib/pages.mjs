// Generated benchmark pages: an admin app of realistic shape (header, navigation, toolbar, a form,
// an orders table with row actions and hidden row menus, product cards, tabs, a closed modal,
// off-screen and hidden parts). `size` scales the table and the card grid to about that many
// elements. Deterministic: the same size gives the same page.

const CUSTOMERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Margaret Hamilton', 'Ken Thompson'];
const STATUSES = ['Pending', 'Paid', 'Shipped', 'Delivered', 'Refunded', 'Cancelled'];
const PRODUCTS = ['Desk lamp', 'Office chair', 'Standing desk', 'Monitor arm', 'Keyboard', 'Headphones', 'Webcam', 'Notebook'];

/** What the bench looks for in the first viewport: a name and a pattern its listed line must match. */
export const FIRST_VIEWPORT_PROBES = [
  { name: 'nav link Dashboard', line: /^\t*\*?\[\d+\]<a\b[^>]*>Dashboard \/>$/m },
  { name: 'nav link Orders', line: /^\t*\*?\[\d+\]<a\b[^>]*>Orders \/>$/m },
  { name: 'nav link Customers', line: /^\t*\*?\[\d+\]<a\b[^>]*>Customers \/>$/m },
  { name: 'search field', line: /^\t*\*?\[\d+\]<input\b[^>]*placeholder=Search orders/m },
  { name: 'account menu button', line: /^\t*\*?\[\d+\]<button\b[^>]*(label=Account menu|>Account)/m },
  { name: 'New order button', line: /^\t*\*?\[\d+\]<button\b[^>]*>New order \/>$/m },
  { name: 'Export button', line: /^\t*\*?\[\d+\]<button\b[^>]*>Export \/>$/m },
  { name: 'status filter', line: /^\t*\*?\[\d+\]<select\b[^>]*(name=status|label=Status)/m },
  { name: 'first order link', line: /^\t*\*?\[\d+\]<a\b[^>]*>#10001 \/>$/m },
  { name: 'first row Edit', line: /^\t*\*?\[\d+\]<button\b[^>]*>Edit \/>$/m },
];

function esc(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function row(i) {
  const id = 10001 + i;
  const customer = CUSTOMERS[i % CUSTOMERS.length];
  const status = STATUSES[(i * 7) % STATUSES.length];
  const total = ((i * 37) % 900) + 19.99;
  return `<tr class="order-row" data-id="${id}">
  <td><input type="checkbox" aria-label="Select order ${id}"></td>
  <td><a href="/orders/${id}">#${id}</a></td>
  <td><div class="customer"><span class="avatar">${customer[0]}</span><span class="name">${esc(customer)}</span></div></td>
  <td><time datetime="2024-03-${String((i % 28) + 1).padStart(2, '0')}">Mar ${(i % 28) + 1}, 2024</time></td>
  <td><span class="badge badge-${status.toLowerCase()}">${status}</span></td>
  <td class="num">$${total.toFixed(2)}</td>
  <td class="actions"><button type="button" class="btn btn-sm">Edit</button>
    <div class="dropdown"><button type="button" class="btn btn-sm" aria-haspopup="menu" aria-expanded="false">More</button>
      <ul class="menu" role="menu" hidden><li role="menuitem">Duplicate</li><li role="menuitem">Print invoice</li><li role="menuitem">Delete</li></ul>
    </div></td>
</tr>`;
}

function card(i) {
  const name = PRODUCTS[i % PRODUCTS.length];
  return `<article class="card" style="cursor:pointer" data-product="${i}">
  <div class="thumb"><img alt="${esc(name)}" width="64" height="64" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
  <h3 class="card-title">${esc(name)} ${i + 1}</h3>
  <p class="card-text">A dependable ${name.toLowerCase()} for a tidy workspace. <span class="muted">Ships in ${(i % 5) + 1} days.</span></p>
  <div class="card-footer"><span class="price">$${((i * 13) % 300) + 9}.00</span><button type="button" class="btn">Add to cart</button></div>
</article>`;
}

function sidebar() {
  const sections = ['Sales', 'Catalog', 'Customers', 'Reports', 'Settings'];
  let html = '<aside class="sidebar"><nav aria-label="Sections"><ul>';
  for (const section of sections) {
    html += `<li><a href="/${section.toLowerCase()}">${section}</a><ul class="sub" ${section === 'Settings' ? 'style="display:none"' : ''}>`;
    for (let i = 1; i <= 4; i++) html += `<li><a href="/${section.toLowerCase()}/${i}">${section} view ${i}</a></li>`;
    html += '</ul></li>';
  }
  return html + '</ul></nav></aside>';
}

const STYLE = `
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; }
header { display: flex; align-items: center; gap: 16px; padding: 8px 16px; background: #1d2330; color: #fff; }
header nav a { color: #cfd6e4; margin-right: 12px; }
.layout { display: flex; }
.sidebar { width: 200px; flex: none; padding: 8px; background: #f4f5f7; }
.sidebar ul { list-style: none; padding-left: 8px; margin: 0; }
main { flex: 1; padding: 16px; min-width: 0; }
.toolbar { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; }
table { border-collapse: collapse; width: 100%; }
td, th { padding: 4px 8px; border-bottom: 1px solid #eee; text-align: left; }
.menu { position: absolute; background: #fff; border: 1px solid #ccc; }
.avatar { display: inline-block; width: 20px; height: 20px; border-radius: 50%; background: #ddd; text-align: center; }
.stats { display: flex; gap: 12px; margin-bottom: 12px; }
.stat { flex: 1; padding: 8px; background: #f7f7fb; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin-top: 16px; }
.card { border: 1px solid #e3e3e3; padding: 8px; }
.offscreen { position: absolute; left: -10000px; top: 0; }
.modal { display: none; position: fixed; inset: 0; background: rgba(0,0,0,.4); }
footer { padding: 16px; background: #f4f5f7; }
`;

/**
 * An admin page of about `size` elements.
 * @returns {{ html: string, rows: number, cards: number }}
 */
export function adminPage(size) {
  // Measured: the fixed parts are about 160 elements, a table row 22, a card 9.
  const budget = Math.max(0, size - 160);
  const rows = Math.max(10, Math.round((budget * 0.7) / 22));
  const cards = Math.max(4, Math.round((budget * 0.3) / 9));
  let html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders · Acme Admin</title><style>${STYLE}</style></head><body>
<header>
  <a href="/" class="logo" aria-label="Acme Admin home"><svg width="24" height="24" aria-hidden="true"><circle cx="12" cy="12" r="10"/></svg></a>
  <nav aria-label="Main"><a href="/dashboard">Dashboard</a><a href="/orders" aria-current="page">Orders</a><a href="/customers">Customers</a><a href="/products">Products</a><a href="/reports">Reports</a></nav>
  <input type="search" name="q" placeholder="Search orders" autocomplete="off">
  <button type="button" aria-label="Notifications" class="icon-btn"><svg width="16" height="16" aria-hidden="true"><rect width="16" height="16"/></svg></button>
  <button type="button" aria-label="Account menu" aria-haspopup="menu">Account</button>
</header>
<div class="layout">
${sidebar()}
<main>
  <nav aria-label="Breadcrumb" class="crumbs"><a href="/">Home</a> / <a href="/sales">Sales</a> / <span>Orders</span></nav>
  <h1>Orders</h1>
  <div class="stats">
    <div class="stat"><div class="label">Revenue</div><div class="value">$48,210</div></div>
    <div class="stat"><div class="label">Orders</div><div class="value">${rows}</div></div>
    <div class="stat"><div class="label">Refunds</div><div class="value">12</div></div>
    <div class="stat"><div class="label">Conversion</div><div class="value">3.4%</div></div>
  </div>
  <div class="toolbar" role="toolbar">
    <label>Status <select name="status"><option>All</option>${STATUSES.map((s) => `<option>${s}</option>`).join('')}</select></label>
    <label>From <input type="date" name="from"></label>
    <button type="button" class="btn btn-primary">New order</button>
    <button type="button" class="btn">Export</button>
    <div role="tablist"><button role="tab" aria-selected="true">All orders</button><button role="tab" aria-selected="false">Drafts</button></div>
  </div>
  <table class="orders"><thead><tr><th><input type="checkbox" aria-label="Select all"></th><th>Order</th><th>Customer</th><th>Date</th><th>Status</th><th>Total</th><th></th></tr></thead><tbody>`;
  for (let i = 0; i < rows; i++) html += row(i);
  html += `</tbody></table>
  <nav class="pagination" aria-label="Pagination"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=3">3</a> <a href="?page=2">Next</a></nav>
  <section><h2>Recommended products</h2><div class="cards">`;
  for (let i = 0; i < cards; i++) html += card(i);
  html += `</div></section>
  <form class="note-form"><h2>Internal note</h2><label>Title <input name="title"></label><label>Note <textarea name="note"></textarea></label>
    <label><input type="checkbox" name="notify"> Notify team</label><button type="submit">Save note</button></form>
</main>
</div>
<div class="offscreen"><a href="/skip">Skip link parked off-screen</a></div>
<div class="modal" role="dialog" aria-modal="true" aria-label="Delete order"><p>Delete this order?</p><button>Cancel</button><button>Delete</button></div>
<footer><a href="/help">Help</a> · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> <p>© 2024 Acme</p></footer>
<script>for (const b of document.querySelectorAll('.dropdown > button')) b.addEventListener('click', () => b.nextElementSibling.hidden = !b.nextElementSibling.hidden);</script>
</body></html>`;
  return { html, rows, cards };
}
