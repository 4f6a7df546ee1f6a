// Ant Design checkout form: inputs with labels and placeholders, a select, a button-style radio
// group (hidden native radios inside labels) and a checkbox.
import { Button, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { plain } from '../shared/state.js';
import { Shell } from './shell.jsx';

const INITIAL = { fullName: '', city: '', country: 'fr', delivery: 'standard', giftWrap: false };
const COUNTRIES = [
  { value: 'fr', label: 'France' },
  { value: 'de', label: 'Germany' },
  { value: 'it', label: 'Italy' },
  { value: 'es', label: 'Spain' },
];
const DELIVERY = [
  { value: 'standard', label: 'Standard' },
  { value: 'express', label: 'Express' },
  { value: 'pickup', label: 'Pickup' },
];

/** The checkout page. */
export function CheckoutPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  useEvalState({ ...values, submitted });
  return (
    <Shell title="Checkout" active="orders">
      <Form layout="vertical" initialValues={INITIAL} onValuesChange={(_, all) => setValues(plain(all))} onFinish={(all) => setSubmitted(plain(all))}>
        <Form.Item label="Full name" name="fullName">
          <Input placeholder="As on your ID" />
        </Form.Item>
        <Form.Item label="City" name="city">
          <Input placeholder="e.g. Paris" />
        </Form.Item>
        <Form.Item label="Country" name="country">
          <Select options={COUNTRIES} />
        </Form.Item>
        <Form.Item label="Delivery" name="delivery">
          <Radio.Group optionType="button" buttonStyle="solid" options={DELIVERY} />
        </Form.Item>
        <Form.Item name="giftWrap" valuePropName="checked">
          <Checkbox>Gift wrap</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Place order
        </Button>
      </Form>
    </Shell>
  );
}
