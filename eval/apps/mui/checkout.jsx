// MUI checkout form: outlined text fields with floating labels, a select, a radio group and a
// checkbox whose native inputs are transparent over their icons.
import { Button, Checkbox, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { Shell } from './shell.jsx';

const INITIAL = { city: '', country: 'fr', delivery: 'standard', giftWrap: false };

/** The checkout page. */
export function CheckoutPage() {
  const [values, setValues] = useState(INITIAL);
  const [submitted, setSubmitted] = useState(null);
  useEvalState({ ...values, submitted });
  const set = (key) => (event) => setValues((v) => ({ ...v, [key]: event.target.type === 'checkbox' ? event.target.checked : event.target.value }));
  const submit = (event) => {
    event.preventDefault();
    setSubmitted(values);
  };
  return (
    <Shell title="Checkout">
      <Stack component="form" spacing={2} onSubmit={submit}>
        <TextField id="city" label="City" value={values.city} onChange={set('city')} />
        <TextField id="country" select label="Country" value={values.country} onChange={set('country')}>
          <MenuItem value="fr">France</MenuItem>
          <MenuItem value="de">Germany</MenuItem>
          <MenuItem value="it">Italy</MenuItem>
        </TextField>
        <FormControl>
          <FormLabel id="delivery-label">Delivery</FormLabel>
          <RadioGroup row aria-labelledby="delivery-label" name="delivery" value={values.delivery} onChange={set('delivery')}>
            <FormControlLabel value="standard" control={<Radio />} label="Standard" />
            <FormControlLabel value="express" control={<Radio />} label="Express" />
            <FormControlLabel value="pickup" control={<Radio />} label="Pickup" />
          </RadioGroup>
        </FormControl>
        <FormControlLabel control={<Checkbox checked={values.giftWrap} onChange={set('giftWrap')} />} label="Gift wrap" />
        <Button type="submit" variant="contained">
          Place order
        </Button>
      </Stack>
    </Shell>
  );
}
