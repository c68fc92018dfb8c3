import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';
import { AppShell } from '@/components/layout/AppShell';
import { useGetAccountQuery } from '@/lib/auth/auth-api';
import { useInactivityLogout } from '@/lib/auth/use-inactivity-logout';
import { useAppSelector } from '@/lib/store';

/**
 * Root of every route: loads the current user when a stored session exists
 * (full-screen spinner meanwhile, failure only logged), signs out after inactivity,
 * and wraps the page in the drawer shell when a token AND a user exist (SPEC §2.2).
 */
export function RootLayout() {
  const token = useAppSelector((state) => state.auth.token);
  const user = useAppSelector((state) => state.auth.user);
  // Only the start-up load blocks the app; a sign-in loads the account itself.
  const [needsStartupLoad] = useState(() => Boolean(token) && !user);
  const { isLoading, error } = useGetAccountQuery(undefined, { skip: !needsStartupLoad || !token });
  useInactivityLogout();

  useEffect(() => {
    if (error) console.error('Could not load the current user', error);
  }, [error]);

  if (needsStartupLoad && isLoading) return <FullScreenSpinner />;

  const page = (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
  return token && user ? <AppShell>{page}</AppShell> : page;
}
