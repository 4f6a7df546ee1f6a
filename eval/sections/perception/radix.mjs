// Perception tasks on Radix UI primitives (React 19), styled as shadcn/ui sites style them: a Select
// with a portalled listbox and a hidden native select, a checkbox, radios and switches that are
// buttons over hidden bubble inputs, tabs activated on mouse down, a toggle group of radios, a
// slider moved by keys, an accordion, a dropdown menu, a popover list and confirming dialogs.
import { appPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const checkout = appPage('radix', 'checkout');
const settings = appPage('radix', 'settings');
const team = appPage('radix', 'team');

/** A person aims at the role button in the row of the member they mean. */
const roleIn = (name) => (page) => page.getByRole('row', { name: new RegExp(name) }).getByRole('button');

export const tasks = [
  {
    id: 'radix-radio',
    page: checkout,
    task: 'Choose Express delivery.',
    plan: [click('Express')],
    expect: { delivery: 'express' },
  },
  {
    id: 'radix-checkbox',
    page: checkout,
    task: 'Add gift wrap.',
    plan: [click('Gift wrap')],
    expect: { giftWrap: true },
  },
  {
    id: 'radix-select',
    page: checkout,
    task: 'Ship the order to Germany.',
    plan: [choose('Country', 'Germany')],
    expect: { country: 'de' },
  },
  {
    id: 'radix-dialog-submit',
    page: checkout,
    task: 'Enter Ada Lovelace from Berlin and place the order.',
    // The order is placed only once the confirming dialog's button is pressed.
    plan: [type('Full name', 'Ada Lovelace'), type('City', 'Berlin'), click('Place order'), click('Confirm order')],
    expect: { fullName: 'Ada Lovelace', city: 'Berlin' },
    submit: true,
  },
  {
    id: 'radix-tabs',
    page: settings,
    task: 'Open the Billing tab.',
    plan: [click('Billing')],
    expect: { tab: 'billing' },
  },
  {
    id: 'radix-tab-switch',
    page: settings,
    task: 'Turn on marketing emails.',
    plan: [click('Notifications'), click('Marketing emails')],
    expect: { tab: 'notifications', marketingEmails: true },
  },
  {
    id: 'radix-toggle-group',
    page: settings,
    task: 'Switch the theme to Dark.',
    plan: [click('Dark')],
    expect: { theme: 'dark' },
  },
  {
    id: 'radix-slider',
    page: settings,
    task: 'Set the text size to 20 px.',
    // A person moves the slider to 20; the model's one way to give a value is input_text.
    plan: [type('Text size', '20', { keys: true })],
    expect: { textSize: 20 },
  },
  {
    id: 'radix-accordion-submit',
    page: settings,
    task: 'Turn on two-factor authentication and save the changes.',
    plan: [click('Security'), click('Two-factor authentication'), click('Save changes')],
    expect: { twoFactor: true },
    submit: true,
  },
  {
    id: 'radix-dropdown-menu',
    page: team,
    task: 'Make Grace Hopper an admin.',
    plan: [choose('Member', 'Admin', { after: 'Grace Hopper', pw: roleIn('Grace Hopper') })],
    expect: { roles: { ada: 'admin', grace: 'admin', alan: 'member', katherine: 'viewer' } },
  },
  {
    id: 'radix-menu-dialog',
    page: team,
    task: 'Remove Alan Turing from the team.',
    plan: [click('Member', { after: 'Alan Turing', pw: roleIn('Alan Turing') }), click('Remove from team'), click('Remove')],
    expect: { roles: { ada: 'admin', grace: 'member', katherine: 'viewer' } },
  },
  {
    id: 'radix-popover',
    page: team,
    task: 'Make Mobile app the default project.',
    plan: [choose('Default project', 'Mobile app')],
    expect: { defaultProject: 'mobile' },
  },
];
