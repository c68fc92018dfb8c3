// The alerts feature's light public file, for the signed-in shell (src/app/signed-in-shell.tsx):
// the navigation's unread count only. Importing ./index.ts instead would load the alerts page with
// its filters and forms on every signed-in page's first load.
export { useUnreadAlertCount } from './model/use-unread-alerts';
