// Radix checkout form: text inputs with <Label>s, a Select (trigger, portalled listbox, hidden native
// select), a RadioGroup and a Checkbox (buttons with hidden bubble inputs), and a Dialog that asks
// to confirm before the order is placed.
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Dialog from '@radix-ui/react-dialog';
import * as Label from '@radix-ui/react-label';
import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Select from '@radix-ui/react-select';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { Check, ChevronDown, Dot } from './icons.jsx';
import { Shell } from './shell.jsx';

const INITIAL = { fullName: '', city: '', country: 'fr', delivery: 'standard', giftWrap: false };
const COUNTRIES = [
  ['fr', 'France'],
  ['de', 'Germany'],
  ['it', 'Italy'],
  ['es', 'Spain'],
];
const DELIVERY = [
  ['standard', 'Standard', '3–5 business days, free'],
  ['express', 'Express', 'Next business day, €9.00'],
  ['pickup', 'Pickup', 'Collect from a store near you'],
];

/** The checkout page. */
export function CheckoutPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  const [confirming, setConfirming] = useState(false);
  useEvalState({ ...values, submitted });
  const set = (key, value) => setValues((v) => ({ ...v, [key]: value }));
  const review = (event) => {
    event.preventDefault();
    setConfirming(true);
  };
  const confirm = () => {
    setSubmitted(values);
    setConfirming(false);
  };
  return (
    <Shell title="Checkout" description="Where should we send your order?">
      <form className="form" onSubmit={review}>
        <div className="field">
          <Label.Root htmlFor="full-name">Full name</Label.Root>
          <input id="full-name" className="input" autoComplete="name" value={values.fullName} onChange={(e) => set('fullName', e.target.value)} />
        </div>
        <div className="field">
          <Label.Root htmlFor="city">City</Label.Root>
          <input id="city" className="input" autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />
        </div>
        <div className="field">
          <Label.Root htmlFor="country">Country</Label.Root>
          <Select.Root name="country" value={values.country} onValueChange={(country) => set('country', country)}>
            <Select.Trigger id="country" className="select-trigger">
              <Select.Value />
              <Select.Icon className="trigger-icon">
                <ChevronDown />
              </Select.Icon>
            </Select.Trigger>
            <Select.Portal>
              <Select.Content className="popover select-content" position="popper" sideOffset={4}>
                <Select.Viewport>
                  {COUNTRIES.map(([value, label]) => (
                    <Select.Item key={value} value={value} className="select-item">
                      <Select.ItemText>{label}</Select.ItemText>
                      <Select.ItemIndicator className="item-indicator">
                        <Check />
                      </Select.ItemIndicator>
                    </Select.Item>
                  ))}
                </Select.Viewport>
              </Select.Content>
            </Select.Portal>
          </Select.Root>
        </div>
        <div className="field">
          <Label.Root id="delivery-label">Delivery</Label.Root>
          <RadioGroup.Root className="radio-group" name="delivery" aria-labelledby="delivery-label" value={values.delivery} onValueChange={(delivery) => set('delivery', delivery)}>
            {DELIVERY.map(([value, label, hint]) => (
              <div key={value} className="choice">
                <RadioGroup.Item id={`delivery-${value}`} value={value} className="radio">
                  <RadioGroup.Indicator className="radio-indicator">
                    <Dot />
                  </RadioGroup.Indicator>
                </RadioGroup.Item>
                <div>
                  <Label.Root htmlFor={`delivery-${value}`}>{label}</Label.Root>
                  <p className="muted small">{hint}</p>
                </div>
              </div>
            ))}
          </RadioGroup.Root>
        </div>
        <div className="choice">
          <Checkbox.Root id="gift-wrap" name="giftWrap" className="checkbox" checked={values.giftWrap} onCheckedChange={(checked) => set('giftWrap', checked === true)}>
            <Checkbox.Indicator className="checkbox-indicator">
              <Check />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <Label.Root htmlFor="gift-wrap">Gift wrap</Label.Root>
        </div>
        <div className="actions">
          <button type="submit" className="button primary">
            Place order
          </button>
        </div>
      </form>
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title>Place this order?</Dialog.Title>
            <Dialog.Description className="muted">Your card will be charged and the order sent to {values.city || 'the address above'}.</Dialog.Description>
            <div className="actions">
              <Dialog.Close className="button outline">Cancel</Dialog.Close>
              <button type="button" className="button primary" onClick={confirm}>
                Confirm order
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Shell>
  );
}
