// Radix account settings: Tabs (activated on mouse down), a single-choice ToggleGroup (radios), a
// Slider moved by its thumb's keys, an Accordion whose closed panels are not rendered, and Switches
// and a Checkbox named by <Label>s.
import * as Accordion from '@radix-ui/react-accordion';
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Label from '@radix-ui/react-label';
import * as Slider from '@radix-ui/react-slider';
import * as Switch from '@radix-ui/react-switch';
import * as Tabs from '@radix-ui/react-tabs';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { Check, ChevronDown } from './icons.jsx';
import { Shell } from './shell.jsx';

const INITIAL = {
  tab: 'general',
  theme: 'light',
  textSize: 16,
  twoFactor: false,
  searchable: true,
  emailNotifications: true,
  marketingEmails: false,
  productUpdates: false,
};
const THEMES = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

/** A switch with its label and a muted line saying what it does. */
function SwitchRow({ id, label, hint, checked, onChange }) {
  return (
    <div className="switch-row">
      <div>
        <Label.Root htmlFor={id}>{label}</Label.Root>
        <p className="muted small">{hint}</p>
      </div>
      <Switch.Root id={id} className="switch" checked={checked} onCheckedChange={onChange}>
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
    </div>
  );
}

/** The settings page. */
export function SettingsPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  useEvalState({ ...values, submitted });
  const set = (key, value) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event) => {
    event.preventDefault();
    setSubmitted(values);
  };
  return (
    <Shell title="Settings" description="Manage your account settings and email preferences.">
      <Tabs.Root value={values.tab} onValueChange={(tab) => set('tab', tab)}>
        <Tabs.List className="tabs-list" aria-label="Settings sections">
          <Tabs.Trigger value="general" className="tab">
            General
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" className="tab">
            Notifications
          </Tabs.Trigger>
          <Tabs.Trigger value="billing" className="tab">
            Billing
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general" className="tab-panel">
          <form className="form" onSubmit={submit}>
            <div className="field">
              <Label.Root id="theme-label">Theme</Label.Root>
              <ToggleGroup.Root type="single" className="toggle-group" aria-labelledby="theme-label" value={values.theme} onValueChange={(theme) => theme && set('theme', theme)}>
                {THEMES.map(([value, label]) => (
                  <ToggleGroup.Item key={value} value={value} className="toggle">
                    {label}
                  </ToggleGroup.Item>
                ))}
              </ToggleGroup.Root>
            </div>
            <div className="field">
              <div className="field-head">
                <Label.Root id="text-size-label">Text size</Label.Root>
                <span className="muted small">{values.textSize} px</span>
              </div>
              <Slider.Root className="slider" min={12} max={24} step={1} value={[values.textSize]} onValueChange={([size]) => set('textSize', size)}>
                <Slider.Track className="slider-track">
                  <Slider.Range className="slider-range" />
                </Slider.Track>
                <Slider.Thumb className="slider-thumb" aria-labelledby="text-size-label" />
              </Slider.Root>
            </div>
            <Accordion.Root type="single" collapsible className="accordion">
              <Accordion.Item value="security" className="accordion-item">
                <Accordion.Header className="accordion-header">
                  <Accordion.Trigger className="accordion-trigger">
                    Security
                    <ChevronDown />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="accordion-content">
                  <SwitchRow id="two-factor" label="Two-factor authentication" hint="Ask for a code from your phone when you sign in." checked={values.twoFactor} onChange={(on) => set('twoFactor', on)} />
                </Accordion.Content>
              </Accordion.Item>
              <Accordion.Item value="privacy" className="accordion-item">
                <Accordion.Header className="accordion-header">
                  <Accordion.Trigger className="accordion-trigger">
                    Privacy
                    <ChevronDown />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="accordion-content">
                  <div className="choice">
                    <Checkbox.Root id="searchable" className="checkbox" checked={values.searchable} onCheckedChange={(checked) => set('searchable', checked === true)}>
                      <Checkbox.Indicator className="checkbox-indicator">
                        <Check />
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <Label.Root htmlFor="searchable">Show my profile in search results</Label.Root>
                  </div>
                </Accordion.Content>
              </Accordion.Item>
            </Accordion.Root>
            <div className="actions">
              <button type="submit" className="button primary">
                Save changes
              </button>
            </div>
          </form>
        </Tabs.Content>
        <Tabs.Content value="notifications" className="tab-panel">
          <div className="form">
            <SwitchRow id="email-notifications" label="Email notifications" hint="Receive emails about activity on your account." checked={values.emailNotifications} onChange={(on) => set('emailNotifications', on)} />
            <SwitchRow id="marketing-emails" label="Marketing emails" hint="Receive emails about new products, features and more." checked={values.marketingEmails} onChange={(on) => set('marketingEmails', on)} />
            <SwitchRow id="product-updates" label="Product updates" hint="A short monthly summary of what changed." checked={values.productUpdates} onChange={(on) => set('productUpdates', on)} />
          </div>
        </Tabs.Content>
        <Tabs.Content value="billing" className="tab-panel">
          <p>
            You are on the <strong>Pro</strong> plan, billed monthly. Your next invoice is due on 1 December.
          </p>
          <p className="muted small">Invoices are sent to the account's email address.</p>
        </Tabs.Content>
      </Tabs.Root>
    </Shell>
  );
}
