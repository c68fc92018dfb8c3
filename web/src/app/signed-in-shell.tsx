import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { lazyPage } from './lazy-page';

// The signed-in shell (drawer, its icons and tooltips) stays out of the sign-in page's bundle.
// Owners get an Alerts entry with the unread count.
export const SignedInShell = lazyPage(async () => {
  const [{ AppShell: Shell }, { useUnreadAlertCount }, { default: NotificationsIcon }] = await Promise.all([
    import('@/components/layout/AppShell'),
    import('@/features/alerts'),
    import('@mui/icons-material/Notifications'),
  ]);
  return function SignedInShell({ children }: { children: ReactNode }) {
    // The store's answers re-render synchronously (useSyncExternalStore): deferred, a new count
    // re-renders the drawer and bottom bar in a transition that yields to the browser, and the
    // shell (with the page in it) is the same element until then.
    const unread = useDeferredValue(useUnreadAlertCount());
    const extraEntries = useMemo(
      () =>
        unread === undefined
          ? []
          : [{ to: paths.alerts, label: 'nav.alerts', icon: <NotificationsIcon />, match: [paths.alerts], badge: unread }],
      [unread],
    );
    return useMemo(() => <Shell extraEntries={extraEntries}>{children}</Shell>, [extraEntries, children]);
  };
});

