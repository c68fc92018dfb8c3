// The notifications feature's light public file, for the signed-in shell (src/app/signed-in-shell.tsx):
// the navigation's unread count only. Importing ./index.ts instead would load the notifications
// page on every signed-in page's first load.
export { useUnreadNotificationCount } from './model/use-unread-notifications';
