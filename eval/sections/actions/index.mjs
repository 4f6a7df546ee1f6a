// Section `actions` (issue #12): actions that behave like a person on lazy, legacy and very long
// pages: an infinite list that loads as it scrolls, a 5,000-card page (a person would press Ctrl+F),
// autocompletes that only listen to keyup or keypress, and a read-only date input with a picker.
import { staticPage } from '../../lib/pages.mjs';
import { choose, click, find, type } from '../../lib/plan.mjs';

export const name = 'actions';
export const description = 'Lazy lists, very long pages, legacy key-driven widgets and read-only pickers.';

export const tasks = [
  {
    id: 'actions-infinite-list',
    page: staticPage('actions/feed.html'),
    task: 'Select product 95 in the new arrivals.',
    plan: [click('Select product 95')],
    expect: { selected: 'product-95' },
  },
  {
    id: 'actions-long-page-find',
    page: staticPage('actions/cards.html'),
    task: 'Open card 4987 of the catalogue.',
    plan: [find('Catalogue card 4987'), click('Open card 4987')],
    expect: { opened: 'card-4987' },
    // Ctrl+F, the click, done: a person needs no more.
    maxSteps: 3,
  },
  {
    id: 'actions-keyup-autocomplete',
    page: staticPage('actions/legacy-autocomplete.html'),
    task: 'Set the destination city to Paris.',
    plan: [type('Destination city', 'Par', { keys: true }), click('Paris')],
    expect: { city: 'Paris' },
  },
  {
    id: 'actions-keypress-autocomplete',
    page: staticPage('actions/legacy-autocomplete.html'),
    task: 'Fly from London Heathrow.',
    plan: [type('Departure airport', 'London', { keys: true }), click('London Heathrow')],
    expect: { airport: 'LHR' },
  },
  {
    id: 'actions-readonly-calendar',
    page: staticPage('actions/calendar.html'),
    task: 'Check in on June 12, 2026.',
    plan: [choose('Check-in date', 'June 12, 2026')],
    expect: { checkin: '2026-06-12' },
  },
];
