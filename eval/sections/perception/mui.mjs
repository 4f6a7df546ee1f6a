// Perception tasks on MUI (React 19) pages: outlined fields with floating labels, a select and an
// autocomplete in popovers, radios, checkboxes and a switch whose native inputs are transparent over
// their icons, a toggle-button group and tabs.
import { appPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const checkout = appPage('mui', 'checkout');
const settings = appPage('mui', 'settings');

export const tasks = [
  {
    id: 'mui-radio',
    page: checkout,
    task: 'Choose Express delivery.',
    plan: [click('Express')],
    expect: { delivery: 'express' },
  },
  {
    id: 'mui-checkbox',
    page: checkout,
    task: 'Add gift wrap.',
    plan: [click('Gift wrap')],
    expect: { giftWrap: true },
  },
  {
    id: 'mui-select',
    page: checkout,
    task: 'Ship the order to Germany.',
    plan: [choose('Country', 'Germany')],
    expect: { country: 'de' },
  },
  {
    id: 'mui-textfield-submit',
    page: checkout,
    task: 'Ship to Berlin and place the order.',
    plan: [type('City', 'Berlin'), click('Place order')],
    expect: { city: 'Berlin' },
    submit: true,
  },
  {
    id: 'mui-tabs',
    page: settings,
    task: 'Open the Security tab.',
    plan: [click('Security')],
    expect: { tab: 'security' },
  },
  {
    id: 'mui-switch',
    page: settings,
    task: 'Turn on email notifications.',
    plan: [click('Email notifications')],
    expect: { emailNotifications: true },
  },
  {
    id: 'mui-toggle-button',
    page: settings,
    task: 'Switch the theme to Dark.',
    plan: [click('Dark')],
    expect: { theme: 'dark' },
  },
  {
    id: 'mui-autocomplete',
    page: settings,
    task: 'Set my time zone to Europe/Berlin.',
    plan: [type('Time zone', 'Berlin'), click('Europe/Berlin')],
    expect: { timeZone: 'Europe/Berlin' },
  },
  {
    id: 'mui-textarea',
    page: settings,
    task: 'Set my bio to "Mathematician and writer" and save the profile.',
    plan: [type('Bio', 'Mathematician and writer'), click('Save profile')],
    expect: { bio: 'Mathematician and writer' },
    submit: true,
  },
];
