// Radix UI primitives (React 19) eval app: form and admin pages styled the way shadcn/ui sites
// style the unstyled primitives, one page per name.
import { mountReact } from '../shared/react.js';
import { CheckoutPage } from './checkout.jsx';
import { SettingsPage } from './settings.jsx';
import { TeamPage } from './team.jsx';
import './styles.css';

mountReact({ checkout: CheckoutPage, settings: SettingsPage, team: TeamPage });
