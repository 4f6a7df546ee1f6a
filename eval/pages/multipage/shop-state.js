// The state of the multi-page shop for `npm run eval`: what the pages saved in sessionStorage
// (`evalShop`: an order, a wishlist) and which page is showing, as JSON through window.evalState().
// The same keys on every page, so a check compares the first page with the last. Read by the checks
// only; the agents never see it.
(() => {
  const KEY = 'evalShop';
  const read = () => {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) || '{}');
    } catch {
      return {};
    }
  };
  window.shopState = {
    read,
    save: (patch) => sessionStorage.setItem(KEY, JSON.stringify({ ...read(), ...patch })),
  };
  window.evalState = () => {
    const saved = read();
    return {
      page: document.body.dataset.page,
      order: saved.order ?? null,
      name: saved.name ?? null,
      street: saved.street ?? null,
      city: saved.city ?? null,
      delivery: saved.delivery ?? null,
      wishlist: saved.wishlist ?? [],
    };
  };
  addEventListener('DOMContentLoaded', () => (window.evalReady = true));
})();
