export { AccountPage } from './components/AccountPage';
export { SettingsPage } from './components/SettingsPage';
