// Perception tasks on Element Plus (Vue 3) pages: form items named by their labels, button-style and
// plain radios and checkboxes over hidden native inputs, a switch, a custom select, a number input
// and a date picker whose day cells say only the day.
import { appPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const signup = appPage('element-plus', 'signup');
const settings = appPage('element-plus', 'settings');

export const tasks = [
  {
    id: 'ep-radio-button',
    page: signup,
    task: 'Pick the Pro plan.',
    plan: [click('Pro')],
    expect: { plan: 'pro' },
  },
  {
    id: 'ep-checkbox',
    page: signup,
    task: 'Accept the terms of service.',
    plan: [click('terms of service')],
    expect: { terms: true },
  },
  {
    id: 'ep-select',
    page: signup,
    task: 'Set the country to Germany.',
    plan: [choose('Country', 'Germany', { pw: (page) => page.getByText('France', { exact: true }) })],
    expect: { country: 'de' },
  },
  {
    id: 'ep-input-submit',
    page: signup,
    task: 'Create an account for user ada with the email ada@example.com.',
    plan: [type('Username', 'ada'), type('Email', 'ada@example.com'), click('Create account')],
    expect: { username: 'ada', email: 'ada@example.com' },
    submit: true,
  },
  {
    id: 'ep-switch',
    page: settings,
    task: 'Turn dark mode on.',
    plan: [click('Dark mode')],
    expect: { darkMode: true },
  },
  {
    id: 'ep-checkbox-group',
    page: settings,
    task: 'Also send alerts by SMS.',
    plan: [click('SMS')],
    expect: { channels: ['email', 'sms'] },
  },
  {
    id: 'ep-radio',
    page: settings,
    task: 'Switch the language to Deutsch.',
    plan: [click('Deutsch')],
    expect: { language: 'de' },
  },
  {
    id: 'ep-input-number',
    page: settings,
    task: 'Show 50 items per page and save the settings.',
    plan: [type('Items per page', '50'), click('Save settings')],
    expect: { pageSize: 50 },
    submit: true,
  },
  {
    id: 'ep-date-picker',
    page: settings,
    task: 'Set the start date to 14 March 2025.',
    // The day cells say only the day: a person reads "14" under the "March" header.
    plan: [click('Start date'), click(['2025-03-14', 'March 14, 2025', '14'], { after: 'March', pw: (page) => page.getByRole('grid').getByText('14', { exact: true }) })],
    expect: { startDate: '2025-03-14' },
  },
];
