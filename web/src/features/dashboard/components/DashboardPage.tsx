import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { memo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/Page';
import { ShownAfterPaint } from '@/components/layout/ShownAfterPaint';
import { selectRole, selectUser, usePermissions, type RoleCode } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';
import { FirstSteps } from './FirstSteps';
import { FuelCardsPreview } from './FuelCardsPreview';
import type { PaymentModalComponent } from './payment-modal';
import { RecentTransactions } from './RecentTransactions';
import { IftaTile } from './IftaTile';
import { MissingJobTile } from './MissingJobTile';
import { OdometerTile } from './OdometerTile';
import { PumpChallengeTile } from './PumpChallengeTile';
import { PushInvite, usePushInviteDecision } from './PushInvite';
import { TotalSavedTile } from './TotalSavedTile';
import { TotalSpendingsTile } from './TotalSpendingsTile';
import { WalletTile } from './WalletTile';
import '@/lib/i18n/texts/dashboard';

export type { PaymentModalComponent } from './payment-modal';

export interface DashboardPageProps {
  /** Opened by the wallet's Add Funds / Pay Invoice button (docs/product.md §2.6). */
  PaymentMethodModal: PaymentModalComponent;
  /** Drivers waiting for the company's approval (owners; shown while any wait). */
  DriverRequests?: ComponentType<{ hideWhenEmpty?: boolean }>;
  /** Drivers' open override requests with Grant and Deny (owners; loaded after the first paint, shown while any wait). */
  OverrideRequests?: ComponentType;
  /** The driver's active trip with its next stop (shown only while there is one). */
  ActiveTrip?: ComponentType;
  /** The driver's card: its rules and lock in words, the latest decline and its override request. */
  MyCard?: ComponentType;
  /**
   * Whether the section above the tiles (driver requests, the active trip) has its final
   * content. Until then the tiles load laid out but unseen, so that the section appearing
   * does not push everything down (layout shift) under the user's finger.
   */
  topSettled?: boolean;
}

/** The page's tiles, held unseen (with a spinner over them) until the section above them settles. */
function TileGrid({ settled, children }: { settled: boolean; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box sx={{ position: 'relative' }}>
      {!settled && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', justifyContent: 'center', pt: 6, zIndex: 1 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      )}
      <Grid container spacing={2} aria-busy={!settled || undefined} sx={settled ? undefined : { visibility: 'hidden' }}>
        {children}
      </Grid>
    </Box>
  );
}

/*
 * The tiles themselves, memoized: the page re-renders when the section above them settles
 * (topSettled) and when the account or role changes, which must not re-render (and re-style)
 * every tile. Each tile re-renders on its own data.
 */
const OwnerTiles = memo(function OwnerTiles({
  PaymentMethodModal,
  DriverRequests,
  OverrideRequests,
}: Pick<DashboardPageProps, 'PaymentMethodModal' | 'DriverRequests' | 'OverrideRequests'>) {
  // Until the permissions arrive everything is offered, as before roles: the server refuses the rest.
  const { can } = usePermissions();
  return (
    <>
      {OverrideRequests && can('overrides.decide') && (
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <OverrideRequests />
        </Grid>
      )}
      {DriverRequests && can('drivers.approve') && (
        <Grid size={12}>
          <DriverRequests hideWhenEmpty />
        </Grid>
      )}
      <FirstSteps />
      <Grid size={{ xs: 12, md: 6 }}>
        <TotalSavedTile />
      </Grid>
      {can('wallet.read') && (
        <Grid size={{ xs: 12, md: 6 }}>
          <WalletTile PaymentMethodModal={PaymentMethodModal} />
        </Grid>
      )}
      {/* Below a phone's first screen. */}
      <ShownAfterPaint>
        <Grid size={{ xs: 12, md: 6 }}>
          <FuelCardsPreview />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentTransactions role="ROLE_COMPANY" />
        </Grid>
        {/* The return covers the whole company: not for a dispatcher or a member limited to a group. */}
        {can('ifta.read') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <IftaTile />
          </Grid>
        )}
        {can('transactions.code') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <MissingJobTile role="ROLE_COMPANY" />
          </Grid>
        )}
      </ShownAfterPaint>
    </>
  );
});

/** A section that may have nothing to show (it renders null): then it takes no room, and no gap either. */
const whenShown = { '&:empty': { display: 'none' } } as const;

const SpendingsTiles = memo(function SpendingsTiles({
  ActiveTrip,
  MyCard,
  role,
  pushInvite,
}: Pick<DashboardPageProps, 'ActiveTrip' | 'MyCard'> & { role: RoleCode; pushInvite: boolean }) {
  return (
    <>
      {role === 'ROLE_USER' && (
        <Grid size={12} sx={whenShown}>
          <PumpChallengeTile />
        </Grid>
      )}
      {role === 'ROLE_USER' && pushInvite && <PushInvite />}
      {MyCard && (
        <Grid size={12} sx={whenShown}>
          <MyCard />
        </Grid>
      )}
      {ActiveTrip && (
        <Grid size={12} sx={whenShown}>
          <ActiveTrip />
        </Grid>
      )}
      {role === 'ROLE_USER' && (
        <Grid size={12}>
          <MissingJobTile role={role} />
        </Grid>
      )}
      <Grid size={12}>
        <TotalSpendingsTile />
      </Grid>
      {/* Below a phone's first screen. */}
      <ShownAfterPaint>
        <Grid size={12}>
          <RecentTransactions role={role} />
        </Grid>
        {role === 'ROLE_USER' && (
          <Grid size={12}>
            <OdometerTile />
          </Grid>
        )}
      </ShownAfterPaint>
    </>
  );
});

/** /dashboard (docs/product.md §2.6): the company dashboard for ROLE_COMPANY, the spendings dashboard for everyone else. */
export function DashboardPage({ PaymentMethodModal, DriverRequests, OverrideRequests, ActiveTrip, MyCard, topSettled = true }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const role = useAppSelector(selectRole);
  const userLoaded = useAppSelector(selectUser) !== null;
  // An office member's tiles wait for what their role may do (asked for with the account), so that
  // none asks for what the server refuses them (a dispatcher's wallet, a bookkeeper's driver requests).
  const permissionsPending = usePermissions().pending && role === 'ROLE_COMPANY';
  // A driver's invitation to notifications shows above the tiles once this device's state is known.
  const pushInvite = usePushInviteDecision(userLoaded && role === 'ROLE_USER');

  // Right after sign-in the account is still loading: the role (and so the endpoints) is not known yet.
  if (!userLoaded || permissionsPending) {
    return (
      <Page title={t('title')}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      </Page>
    );
  }

  if (role === 'ROLE_COMPANY') {
    return (
      <Page title={t('title')}>
        <TileGrid settled={topSettled}>
          <OwnerTiles PaymentMethodModal={PaymentMethodModal} DriverRequests={DriverRequests} OverrideRequests={OverrideRequests} />
        </TileGrid>
      </Page>
    );
  }
  return (
    <Page title={t('title')} maxWidth="md">
      <TileGrid settled={topSettled && pushInvite !== 'pending'}>
        <SpendingsTiles ActiveTrip={ActiveTrip} MyCard={MyCard} role={role} pushInvite={pushInvite === 'invite'} />
      </TileGrid>
    </Page>
  );
}
