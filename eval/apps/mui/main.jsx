// MUI (Material UI, React 19) eval app: realistic admin and form pages, one per name.
import { CssBaseline } from '@mui/material';
import { mountReact } from '../shared/react.js';
import { CheckoutPage } from './checkout.jsx';
import { SettingsPage } from './settings.jsx';

mountReact({ checkout: CheckoutPage, settings: SettingsPage }, (page) => (
  <>
    <CssBaseline />
    {page}
  </>
));
