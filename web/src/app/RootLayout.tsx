import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import Box from '@mui/material/Box';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';
import { LoadError } from '@/components/feedback/LoadStates';
import { useGetAccountQuery } from '@/lib/auth/auth-api';
import { useInactivityLogout } from '@/lib/auth/use-inactivity-logout';
import { useAppSelector } from '@/lib/store';
import { paths } from '@/lib/paths';
import { lazyPage } from './lazy-page';

// The signed-in shell (drawer, its icons and tooltips) stays out of the sign-in page's bundle.
// Owners get an Alerts entry with the unread count (issue 11).
const AppShell = lazyPage(async () => {
  const [{ AppShell: Shell }, { useUnreadAlertCount }, { default: NotificationsIcon }] = await Promise.all([
    import('@/components/layout/AppShell'),
    import('@/features/alerts'),
    import('@mui/icons-material/Notifications'),
  ]);
  return function SignedInShell({ children }: { children: ReactNode }) {
    const unread = useUnreadAlertCount();
    const extraEntries = useMemo(
      () =>
        unread === undefined
          ? []
          : [{ to: paths.alerts, label: 'nav.alerts', icon: <NotificationsIcon />, match: [paths.alerts], badge: unread }],
      [unread],
    );
    return <Shell extraEntries={extraEntries}>{children}</Shell>;
  };
});

/**
 * Root of every route: loads the current user when a stored session exists
 * (full-screen spinner meanwhile, failure only logged), signs out after inactivity,
 * and wraps the page in the drawer shell when a token AND a user exist (docs/product.md §2.2).
 */
export function RootLayout() {
  const token = useAppSelector((state) => state.auth.token);
  const user = useAppSelector((state) => state.auth.user);
  // Only the start-up load blocks the app; a sign-in loads the account itself.
  const [needsStartupLoad] = useState(() => Boolean(token) && !user);
  const { isLoading, isFetching, error, refetch } = useGetAccountQuery(undefined, { skip: !needsStartupLoad || !token });
  useInactivityLogout();

  useEffect(() => {
    if (error) console.error('Could not load the current user', error);
  }, [error]);

  if (needsStartupLoad && isLoading) return <FullScreenSpinner />;
  // The stored session's account could not load (offline, server down): say so with a retry
  // instead of pages waiting for a user that never comes (the offline banner says why).
  if (needsStartupLoad && token && !user && error) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <LoadError onRetry={refetch} retrying={isFetching} />
        </Box>
      </Box>
    );
  }

  const page = (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
  return token && user ? <AppShell>{page}</AppShell> : page;
}
