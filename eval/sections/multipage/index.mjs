// Section `multipage` (issue #14): tasks that cross full page loads. A three-page checkout (a link,
// then a form submitted to the next page) and a list → detail → back flow (history.back()). The
// state lives in the shop's sessionStorage, so the check compares the first page with the last.
// Ours has the IIFE on every page (configured through `pageAgentQueue`, as a site's own loader would);
// page-agent has no way to continue a task on the next page.
import { staticPage } from '../../lib/pages.mjs';
import { click, type } from '../../lib/plan.mjs';

export const name = 'multipage';
export const description = 'Tasks that cross page loads: a three-page checkout and list → detail → back.';

export const tasks = [
  {
    id: 'multipage-checkout',
    page: staticPage('multipage/cart.html'),
    multipage: true,
    task: 'Check out my cart: ship it to Ada Lovelace, 12 Main St, London, by express delivery.',
    plan: [
      click('Continue to shipping'),
      type('Full name', 'Ada Lovelace'),
      type('Street address', '12 Main St'),
      type('City', 'London'),
      click('Express delivery'),
      click('Place order'),
    ],
    expect: { page: 'confirmation', order: 'placed', name: 'Ada Lovelace', street: '12 Main St', city: 'London', delivery: 'express' },
  },
  {
    id: 'multipage-list-detail-back',
    page: staticPage('multipage/mugs.html'),
    multipage: true,
    task: 'Put the red mug on my wishlist, then go back to the list of mugs.',
    plan: [click('Red mug'), click('Add to wishlist'), click('Back to the list')],
    expect: { page: 'mugs', wishlist: ['red-mug'] },
  },
];
