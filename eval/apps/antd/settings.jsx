// Ant Design account settings: a switch, a segmented control, a checkbox group and a number input.
import { Button, Checkbox, Form, InputNumber, Segmented, Switch } from 'antd';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { plain } from '../shared/state.js';
import { Shell } from './shell.jsx';

const INITIAL = { emailNotifications: false, theme: 'Light', channels: ['email'], sessionTimeout: 30 };
const CHANNELS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'push', label: 'Push' },
];

/** The settings page. */
export function SettingsPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  useEvalState({ ...values, channels: [...values.channels].sort(), submitted });
  const save = (all) => setSubmitted({ ...plain(all), channels: [...all.channels].sort() });
  return (
    <Shell title="Account settings" active="settings">
      <Form layout="vertical" initialValues={INITIAL} onValuesChange={(_, all) => setValues(plain(all))} onFinish={save}>
        <Form.Item label="Email notifications" name="emailNotifications" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Theme" name="theme">
          <Segmented options={['Light', 'Dark', 'System']} />
        </Form.Item>
        <Form.Item label="Alert channels" name="channels">
          <Checkbox.Group options={CHANNELS} />
        </Form.Item>
        <Form.Item label="Session timeout (minutes)" name="sessionTimeout">
          <InputNumber min={5} max={240} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Save changes
        </Button>
      </Form>
    </Shell>
  );
}
