// Ant Design hotel booking: a date picker opened on March 2025, a select, a plain radio group and a
// text area with a placeholder beside its label.
import { Button, DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { plain } from '../shared/state.js';
import { Shell } from './shell.jsx';

const INITIAL = { checkIn: null, roomType: 'double', breakfast: 'excluded', requests: '' };
const ROOMS = [
  { value: 'single', label: 'Single room' },
  { value: 'double', label: 'Double room' },
  { value: 'suite', label: 'Junior suite' },
];

/** The booking page. */
export function BookingPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  useEvalState({ ...values, submitted });
  return (
    <Shell title="New booking" active="orders">
      <Form layout="vertical" initialValues={INITIAL} onValuesChange={(_, all) => setValues(plain(all))} onFinish={(all) => setSubmitted(plain(all))}>
        <Form.Item label="Check-in date" name="checkIn">
          <DatePicker format="YYYY-MM-DD" defaultPickerValue={dayjs('2025-03-01')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label="Room type" name="roomType">
          <Select options={ROOMS} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label="Breakfast" name="breakfast">
          <Radio.Group
            options={[
              { value: 'included', label: 'Included' },
              { value: 'excluded', label: 'Not included' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Special requests" name="requests">
          <Input.TextArea rows={3} placeholder="Anything we should know?" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Book now
        </Button>
      </Form>
    </Shell>
  );
}
