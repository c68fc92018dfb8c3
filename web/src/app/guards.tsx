import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { usePermissions, type Action } from '@/lib/auth/permissions';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { selectIsSignedIn, selectRole, selectSignOutRedirect } from '@/lib/auth/auth-slice';
import type { RoleCode } from '@/lib/auth/types';
import { useAppSelector } from '@/lib/store';
import { PendingApprovalPage } from '@/features/auth';
import { paths } from '@/lib/paths';

/** Router state carrying the page a signed-out user was sent away from. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Sign-in required: otherwise go to "/" and remember where the user was going (docs/product.md §2.1). */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const signOutRedirect = useAppSelector(selectSignOutRedirect);
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!signedIn) {
    if (signOutRedirect) return <Navigate to={signOutRedirect} replace />;
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.root} replace state={state} />;
  }
  // A driver the company has not approved yet sees only the waiting page.
  if (user?.driverStatus === 'PENDING') return <PendingApprovalPage />;
  return <Outlet />;
}

/** Role required: a signed-in user lacking it goes to /dashboard. */
export function RequireRole({ role }: { role: RoleCode }) {
  const userLoaded = useAppSelector((state) => Boolean(state.auth.user));
  const currentRole = useAppSelector(selectRole);
  if (!userLoaded || currentRole !== role) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/**
 * Action required (the server's permission table, GET /api/account/permissions): a member whose
 * role may not do it reads why, in place of the page (whose calls the server would refuse). With
 * `anyOf`, any one of those actions lets the member in (a page of several parts, each shown to who may use it).
 */
export function RequireAction({ action, anyOf = [] }: { action: Action; anyOf?: Action[] }) {
  const { t } = useTranslation();
  const { pending, loaded, role, can, withheldByGroup } = usePermissions();
  // A link opened straight away waits for the first answer (the shell asks for it after sign-in).
  if (pending) return null;
  if (!loaded || can(action) || anyOf.some(can)) return <Outlet />;
  return (
    <Page title={t('permissions.title')} maxWidth="sm" leading={<BackButton to={paths.dashboard} label={t('permissions.back')} />}>
      <Alert severity="info" data-testid="role-cannot">
        {/* The group limit is the reason only when the role has the action and the group takes it away (GET /api/account/permissions' withheldByGroup); otherwise the role is. */}
        {t(withheldByGroup(action) ? 'permissions.cannotInGroup' : 'permissions.cannot', { role: t(`permissions.roles.${role}`), what: t(`permissions.actions.${action}`) })}
      </Alert>
    </Page>
  );
}

/**
 * Sign-in pages: a signed-in user goes to the page they were sent away from, else
 * /dashboard. This is also how a successful sign-in leaves the sign-in screen.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (signedIn) {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.pathname !== paths.root && from.pathname !== paths.signIn ? from : paths.dashboard;
    return <Navigate to={target} replace />;
  }
  return children;
}
