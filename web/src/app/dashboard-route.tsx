import { lazy, Suspense } from 'react';
import { selectRole, selectToken, selectUser, type RoleCode } from '@/lib/auth';
import { useAppSelector, type AppDispatch } from '@/lib/store';
import { lazyPage } from './lazy-page';
import { roleHint } from './role-hint';

// The payment form (and its validation library) loads when an owner opens it, not with the dashboard.
const LazyPaymentMethodModal = lazy(async () => ({ default: (await import('@/features/payments')).PaymentMethodModal }));
function PaymentMethodModal(props: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyPaymentMethodModal {...props} />
    </Suspense>
  );
}
// Each role's section above the tiles (the page holds its tiles until that section settles)
// comes from another feature; each role loads only its own.
const OwnerDashboard = lazyPage(async () => {
  const [{ DashboardPage: Page }, { DriverRequests, useDriverRequestsSettled }] = await Promise.all([
    import('@/features/dashboard'),
    import('@/features/fuel-cards/dashboard'),
  ]);
  return function OwnerDashboard() {
    return <Page PaymentMethodModal={PaymentMethodModal} DriverRequests={DriverRequests} topSettled={useDriverRequestsSettled()} />;
  };
});
const DriverDashboard = lazyPage(async () => {
  const [{ DashboardPage: Page }, { ActiveTripCard, useActiveTripSettled }] = await Promise.all([
    import('@/features/dashboard'),
    import('@/features/trips/dashboard'),
  ]);
  return function DriverDashboard() {
    return <Page PaymentMethodModal={PaymentMethodModal} ActiveTrip={ActiveTripCard} topSettled={useActiveTripSettled()} />;
  };
});
const AccountLoadingDashboard = lazyPage(async () => {
  const { DashboardPage: Page } = await import('@/features/dashboard');
  return function AccountLoadingDashboard() {
    return <Page PaymentMethodModal={PaymentMethodModal} />;
  };
});
const roleDashboard = (role: RoleCode) => (role === 'ROLE_COMPANY' ? OwnerDashboard : DriverDashboard);

/** Until the account loads the page shows its own spinner and no section asks for data. */
export function DashboardPage() {
  const userLoaded = useAppSelector(selectUser) !== null;
  const role = useAppSelector(selectRole);
  const token = useAppSelector(selectToken);
  if (!userLoaded) {
    // Right after sign-in: the role's code loads beside the account instead of after it.
    if (token) void roleDashboard(roleHint(token)).preload().catch(() => undefined);
    return <AccountLoadingDashboard />;
  }
  return role === 'ROLE_COMPANY' ? <OwnerDashboard /> : <DriverDashboard />;
}
/** The role's page code and its first data (src/app/preload.ts; the role guessed from the stored token). */
DashboardPage.preload = async (role: RoleCode, dispatch: AppDispatch) => {
  const [{ prefetchDashboard }] = await Promise.all([
    import('@/features/dashboard'),
    roleDashboard(role).preload(),
  ]);
  dispatch(prefetchDashboard(role));
};
