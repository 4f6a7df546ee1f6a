// Ant Design 5 (React) eval app: realistic admin and form pages, one per name.
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { mountReact } from '../shared/react.js';
import { BookingPage } from './booking.jsx';
import { CheckoutPage } from './checkout.jsx';
import { SettingsPage } from './settings.jsx';

mountReact({ checkout: CheckoutPage, settings: SettingsPage, booking: BookingPage }, (page) => <ConfigProvider locale={enUS}>{page}</ConfigProvider>);
