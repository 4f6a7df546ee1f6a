// Perception tasks on plain HTML pages: wrapping labels, `label for` with visually hidden inputs (clip,
// opacity 0, appearance:none), placeholders beside labels, fieldsets whose legends tell groups apart.
import { staticPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const checkout = staticPage('native/checkout.html');
const preferences = staticPage('native/preferences.html');

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
];
