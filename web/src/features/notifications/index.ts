export { NotificationsPage } from './components/NotificationsPage';
export { useUnreadNotificationCount } from './model/use-unread-notifications';
