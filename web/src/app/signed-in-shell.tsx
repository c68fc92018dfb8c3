import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { lazyPage } from './lazy-page';

// The signed-in shell (drawer, its icons and tooltips) stays out of the sign-in page's bundle.
// Owners get an Alerts entry with the unread count, drivers a Notifications entry with theirs.
export const SignedInShell = lazyPage(async () => {
  const [{ AppShell: Shell }, { useUnreadAlertCount }, { useUnreadNotificationCount }, { default: NotificationsIcon }] = await Promise.all([
    import('@/components/layout/AppShell'),
    import('@/features/alerts/unread'),
    import('@/features/notifications/unread'),
    import('@mui/icons-material/Notifications'),
  ]);
  return function SignedInShell({ children }: { children: ReactNode }) {
    // The store's answers re-render synchronously (useSyncExternalStore): deferred, a new count
    // re-renders the drawer and bottom bar in a transition that yields to the browser, and the
    // shell (with the page in it) is the same element until then.
    const unread = useDeferredValue(useUnreadAlertCount());
    const unreadNotices = useDeferredValue(useUnreadNotificationCount());
    const extraEntries = useMemo(() => {
      if (unread !== undefined) return [{ to: paths.alerts, label: 'nav.alerts', barLabel: 'nav.short.alerts', icon: <NotificationsIcon />, match: [paths.alerts], badge: unread }];
      if (unreadNotices !== undefined) {
        return [
          {
            to: paths.notifications,
            label: 'nav.notifications',
            barLabel: 'nav.short.notifications',
            icon: <NotificationsIcon />,
            match: [paths.notifications],
            badge: unreadNotices,
          },
        ];
      }
      return [];
    }, [unread, unreadNotices]);
    return useMemo(() => <Shell extraEntries={extraEntries}>{children}</Shell>, [extraEntries, children]);
  };
});

