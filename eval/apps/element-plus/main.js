// Element Plus (Vue 3) eval app: realistic admin and form pages, one per name.
import ElementPlus from 'element-plus';
import en from 'element-plus/es/locale/lang/en';
import 'element-plus/dist/index.css';
import { mountVue } from '../shared/vue.js';
import { SettingsPage } from './settings.js';
import { SignupPage } from './signup.js';

mountVue({ signup: SignupPage, settings: SettingsPage }, [[ElementPlus, { locale: en }]]);
