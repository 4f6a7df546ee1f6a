// Perception tasks on Ant Design 5 (React 19) pages: form items named by their labels, button-style
// radios and segmented controls over hidden native inputs, a switch, a custom select, a date picker.
import { appPage } from '../../lib/pages.mjs';
import { choose, click, type } from '../../lib/plan.mjs';

const checkout = appPage('antd', 'checkout');
const settings = appPage('antd', 'settings');
const booking = appPage('antd', 'booking');

export const tasks = [
  {
    id: 'antd-radio-button',
    page: checkout,
    task: 'Choose Express delivery.',
    plan: [click('Express')],
    expect: { delivery: 'express' },
  },
  {
    id: 'antd-checkbox',
    page: checkout,
    task: 'Add gift wrap.',
    plan: [click('Gift wrap')],
    expect: { giftWrap: true },
  },
  {
    id: 'antd-select',
    page: checkout,
    task: 'Ship the order to Germany.',
    // A person clicks the box that shows the current value; its combobox input sits under it.
    plan: [choose('Country', 'Germany', { pw: (page) => page.getByText('France', { exact: true }) })],
    expect: { country: 'de' },
  },
  {
    id: 'antd-input-submit',
    page: checkout,
    task: 'Enter Ada Lovelace from Berlin and place the order.',
    plan: [type('Full name', 'Ada Lovelace'), type('City', 'Berlin'), click('Place order')],
    expect: { fullName: 'Ada Lovelace', city: 'Berlin' },
    submit: true,
  },
  {
    id: 'antd-switch',
    page: settings,
    task: 'Turn on email notifications.',
    plan: [click('Email notifications')],
    expect: { emailNotifications: true },
  },
  {
    id: 'antd-segmented',
    page: settings,
    task: 'Switch the theme to Dark.',
    plan: [click('Dark')],
    expect: { theme: 'Dark' },
  },
  {
    id: 'antd-checkbox-group',
    page: settings,
    task: 'Also send alerts by SMS and push.',
    plan: [click('SMS'), click('Push')],
    expect: { channels: ['email', 'push', 'sms'] },
  },
  {
    id: 'antd-input-number',
    page: settings,
    task: 'Set the session timeout to 45 minutes and save the changes.',
    plan: [type('Session timeout (minutes)', '45'), click('Save changes')],
    expect: { sessionTimeout: 45 },
    submit: true,
  },
  {
    id: 'antd-date-picker',
    page: booking,
    task: 'Set the check-in date to 14 March 2025.',
    // A person reads "14" under the month header; the cells also carry the full date as a title.
    plan: [click('Check-in date'), click(['2025-03-14', 'March 14, 2025', '14'], { after: ['March', 'Mar'], pw: (page) => page.getByTitle('2025-03-14') })],
    expect: { checkIn: '2025-03-14' },
  },
  {
    id: 'antd-select-room',
    page: booking,
    task: 'Book a junior suite.',
    plan: [choose('Room type', 'Junior suite', { pw: (page) => page.getByText('Double room', { exact: true }) })],
    expect: { roomType: 'suite' },
  },
  {
    id: 'antd-radio',
    page: booking,
    task: 'Include breakfast.',
    plan: [click('Included')],
    expect: { breakfast: 'included' },
  },
  {
    id: 'antd-textarea',
    page: booking,
    task: 'Add the special request "Late arrival, around 23:00" and book.',
    plan: [type('Special requests', 'Late arrival, around 23:00'), click('Book now')],
    expect: { requests: 'Late arrival, around 23:00' },
    submit: true,
  },
];
