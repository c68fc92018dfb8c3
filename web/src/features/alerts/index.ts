export { AlertsPage } from './components/AlertsPage';
export { useUnreadAlertCount } from './model/use-unread-alerts';
