import { lazy, Suspense } from 'react';
import { ShownAfterPaint } from '@/components/layout/ShownAfterPaint';
import { authApi, selectRole, selectToken, selectUser, type Action, type RoleCode } from '@/lib/auth';
import { useAppSelector, type AppDispatch } from '@/lib/store';
import { lazyPage } from './lazy-page';
import { roleHint, type SessionHint } from './role-hint';

// The payment form (and its validation library) loads when an owner opens it, not with the dashboard.
const LazyPaymentMethodModal = lazy(async () => ({ default: (await import('@/features/payments')).PaymentMethodModal }));
function PaymentMethodModal(props: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyPaymentMethodModal {...props} />
    </Suspense>
  );
}
// Drivers' open override requests: their code and their call wait for the dashboard's first
// paint, so the owner's first load asks for nothing more than before.
// A notification's Grant / Deny (?overrideRequest=ID&decision=…) is performed by the same code.
const LazyOverrideRequests = lazy(async () => {
  const { OverrideRequestsPanel, OverrideDecisionFromUrl } = await import('@/features/alerts/dashboard');
  return {
    default: function OverrideRequests() {
      return (
        <>
          <OverrideDecisionFromUrl />
          <OverrideRequestsPanel />
        </>
      );
    },
  };
});
function OverrideRequestsAfterPaint() {
  return (
    <ShownAfterPaint>
      <Suspense fallback={null}>
        <LazyOverrideRequests />
      </Suspense>
    </ShownAfterPaint>
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
    return <Page
        PaymentMethodModal={PaymentMethodModal}
        DriverRequests={DriverRequests}
        OverrideRequests={OverrideRequestsAfterPaint}
        topSettled={useDriverRequestsSettled()}
      />;
  };
});
const DriverDashboard = lazyPage(async () => {
  const [{ DashboardPage: Page }, { ActiveTripCard, useActiveTripSettled, useCardLock }, { MyCardPanel, OverrideRequestFromUrl }] = await Promise.all([
    import('@/features/dashboard'),
    import('@/features/trips/dashboard'),
    import('@/features/transactions/dashboard'),
  ]);
  // The card's rules name the trip's lock: the trips feature tells it, the transactions feature says it.
  // A decline notification's "Request override" (?requestOverride=ID) is performed beside it.
  function MyCard() {
    return (
      <>
        <OverrideRequestFromUrl />
        <MyCardPanel lock={useCardLock()} />
      </>
    );
  }
  return function DriverDashboard() {
    return <Page PaymentMethodModal={PaymentMethodModal} ActiveTrip={ActiveTripCard} MyCard={MyCard} topSettled={useActiveTripSettled()} />;
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
/**
 * The role's page code and its first data (src/app/preload.ts; the member guessed from the stored
 * token, as public/boot.js guesses): an office member other than a whole company's owner asks for
 * what the permissions' answer allows, a driver waiting for approval for nothing.
 */
DashboardPage.preload = async ({ role, access }: SessionHint, dispatch: AppDispatch) => {
  const [{ prefetchDashboard }] = await Promise.all([
    import('@/features/dashboard'),
    roleDashboard(role).preload(),
  ]);
  if (access === 'none') return;
  let may = (_action: Action) => true;
  if (access === 'asked') {
    const { data } = await dispatch(authApi.endpoints.getPermissions.initiate(undefined, { subscribe: false }));
    // Without an answer the tiles ask for what they show.
    if (!data) return;
    may = (action) => data.actions.includes(action);
  }
  dispatch(prefetchDashboard(role, may));
  // The section above the tiles (the page holds them until it settles) and the driver's card panel
  // come from other features, loaded with the role's dashboard above.
  if (role === 'ROLE_COMPANY') {
    if (may('drivers.approve')) dispatch((await import('@/features/fuel-cards/dashboard')).prefetchDriverRequests());
    return;
  }
  const [{ prefetchActiveTrip }, { prefetchMyCard }] = await Promise.all([import('@/features/trips/dashboard'), import('@/features/transactions/dashboard')]);
  void dispatch(prefetchActiveTrip());
  dispatch(prefetchMyCard());
};
