import { useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import Box from '@mui/material/Box';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';
import { LoadError } from '@/components/feedback/LoadStates';
import { useGetAccountQuery } from '@/lib/auth/auth-api';
import { useInactivityLogout } from '@/lib/auth/use-inactivity-logout';
import { useAppSelector } from '@/lib/store';
import { SignedInShell } from './signed-in-shell';

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

  // The same element across this layout's re-renders (each step of the account's query): the
  // signed-in shell (memoized on it) then re-renders only for its own reasons, not synchronously
  // with every store answer during the first load.
  const page = useMemo(
    () => (
      <>
        <ScrollRestoration />
        <Outlet />
      </>
    ),
    [],
  );

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
  return token && user ? <SignedInShell>{page}</SignedInShell> : page;
}
