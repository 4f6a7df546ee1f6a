// MUI profile settings: tabs, a switch, a toggle-button group, an autocomplete and a multi-line text
// field with a placeholder beside its label.
import { Autocomplete, Button, FormControlLabel, Stack, Switch, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { Shell } from './shell.jsx';

const INITIAL = { tab: 'profile', emailNotifications: false, theme: 'light', timeZone: null, bio: '' };
const ZONES = ['America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'Europe/London', 'Europe/Paris'];

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
    <Shell title="Profile settings">
      <Tabs value={values.tab} onChange={(_, tab) => set('tab', tab)} sx={{ mb: 2 }}>
        <Tab value="profile" label="Profile" />
        <Tab value="security" label="Security" />
        <Tab value="billing" label="Billing" />
      </Tabs>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <FormControlLabel control={<Switch checked={values.emailNotifications} onChange={(e) => set('emailNotifications', e.target.checked)} />} label="Email notifications" />
        <div>
          <Typography variant="body2" id="theme-label" gutterBottom>
            Theme
          </Typography>
          <ToggleButtonGroup exclusive aria-labelledby="theme-label" value={values.theme} onChange={(_, theme) => theme && set('theme', theme)}>
            <ToggleButton value="light">Light</ToggleButton>
            <ToggleButton value="dark">Dark</ToggleButton>
            <ToggleButton value="system">System</ToggleButton>
          </ToggleButtonGroup>
        </div>
        <Autocomplete options={ZONES} value={values.timeZone} onChange={(_, zone) => set('timeZone', zone)} renderInput={(params) => <TextField {...params} label="Time zone" />} />
        <TextField id="bio" label="Bio" multiline minRows={3} placeholder="A few words about you" value={values.bio} onChange={(e) => set('bio', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained">
          Save profile
        </Button>
      </Stack>
    </Shell>
  );
}
