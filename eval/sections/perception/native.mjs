// Perception tasks on plain HTML pages: wrapping labels, `label for` with visually hidden inputs (clip,
// opacity 0, appearance:none), placeholders beside labels, fieldsets whose legends tell groups apart,
// and native selects and date inputs laid transparent over a styled box (shop themes' overlay pickers).
import { staticPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const checkout = staticPage('native/checkout.html');
const preferences = staticPage('native/preferences.html');
const booking = staticPage('native/booking.html');
const account = staticPage('native/account.html');
const users = staticPage('native/users.html');
const product = staticPage('native/product.html');

export const tasks = [
  {
    id: 'native-pill-radio',
    page: checkout,
    task: 'Choose Express shipping.',
    plan: [click('Express')],
    expect: { shipping: 'express' },
  },
  {
    id: 'native-wrapping-label',
    page: checkout,
    task: 'Add gift wrap to the order.',
    plan: [click('Gift wrap')],
    expect: { gift: true },
  },
  {
    id: 'native-placeholder-address',
    page: checkout,
    task: 'Ship to 12 Main Street, 10115 Berlin, Germany, and place the order.',
    plan: [type('Street', '12 Main Street'), type('City', 'Berlin'), type('Postal code', '10115'), choose('Country', 'Germany'), click('Place order')],
    expect: { street: '12 Main Street', city: 'Berlin', zip: '10115', country: 'de' },
    submit: true,
  },
  {
    id: 'native-fieldset-context',
    page: preferences,
    task: 'Subscribe to the newsletter and turn SMS alerts off.',
    plan: [
      click('Yes', { after: 'Newsletter', pw: (page) => page.getByRole('group', { name: 'Newsletter' }).getByText('Yes') }),
      click('No', { after: 'SMS alerts', pw: (page) => page.getByRole('group', { name: 'SMS alerts' }).getByText('No') }),
    ],
    expect: { newsletter: 'yes', sms: 'no' },
  },
  {
    id: 'native-opacity-pills',
    page: preferences,
    task: 'Send the digest weekly.',
    plan: [click('Weekly')],
    expect: { digest: 'weekly' },
  },
  {
    id: 'native-appearance-none',
    page: preferences,
    task: 'Also subscribe to security notices, then save the preferences.',
    plan: [click('Security notices'), click('Save preferences')],
    expect: { topics: ['product', 'security'] },
    submit: true,
  },
  {
    id: 'native-placeholder-date',
    page: booking,
    task: 'Set the departure date to 2025-03-14.',
    plan: [type('Departure date', '2025-03-14')],
    expect: { depart: '2025-03-14' },
  },
  {
    id: 'native-radio-cards',
    page: booking,
    task: 'Book the flight in Business class.',
    plan: [click('Business')],
    expect: { cabin: 'business' },
  },
  {
    id: 'native-number-label',
    page: booking,
    task: 'Search flights for 3 passengers.',
    plan: [type('Passengers', '3'), click('Search flights')],
    expect: { passengers: '3' },
    submit: true,
  },
  {
    id: 'native-role-switch',
    page: account,
    task: 'Turn on email notifications.',
    plan: [click('Email notifications')],
    expect: { emailNotifications: true },
  },
  {
    id: 'native-hidden-toggle',
    page: account,
    task: 'Switch the account to dark mode.',
    plan: [click('Dark mode')],
    expect: { darkMode: true },
  },
  {
    id: 'native-offscreen-checkbox',
    page: account,
    task: 'Enable two-factor authentication.',
    plan: [click('Two-factor authentication')],
    expect: { twoFactor: true },
  },
  {
    id: 'native-labelledby-field',
    page: account,
    task: 'Rename the company to Acme GmbH and save the settings.',
    plan: [type('Company name', 'Acme GmbH'), click('Save settings')],
    expect: { company: 'Acme GmbH' },
    submit: true,
  },
  {
    id: 'native-title-button',
    page: account,
    task: 'Remove my avatar.',
    plan: [click('Remove avatar')],
    expect: { avatar: 'none' },
  },
  {
    id: 'native-two-labels',
    page: account,
    task: 'Set my phone number to +49 30 1234567.',
    plan: [type('Phone', '+49 30 1234567')],
    expect: { phone: '+49 30 1234567' },
  },
  {
    id: 'native-select-label',
    page: account,
    task: 'Change my time zone to Europe/Berlin.',
    plan: [choose('Time zone', 'Europe/Berlin')],
    expect: { timezone: 'Europe/Berlin' },
  },
  {
    id: 'native-table-labelledby',
    page: users,
    task: 'Deactivate Grace Hopper.',
    plan: [click('Grace Hopper'), click('Deactivate selected')],
    expect: { selected: ['u2'] },
    submit: true,
  },
  {
    id: 'native-row-action',
    page: users,
    task: "Open Alan Turing's record for editing.",
    plan: [click('Edit', { after: 'Alan Turing', pw: (page) => page.getByRole('row', { name: /Alan Turing/ }).getByRole('button', { name: 'Edit' }) })],
    expect: { editing: 'Alan Turing' },
  },
  {
    id: 'native-select-overlay',
    page: product,
    task: 'I want this shirt in Large, in Navy.',
    plan: [choose('Size', 'Large'), choose('Colour', 'Navy')],
    expect: { size: 'Large', colour: 'Navy' },
  },
  {
    id: 'native-date-overlay',
    page: product,
    task: 'Have it delivered on 14 March 2025, then add it to the cart.',
    plan: [type('Delivery date', '2025-03-14'), click('Add to cart')],
    expect: { delivery: '2025-03-14' },
    submit: true,
  },
];
