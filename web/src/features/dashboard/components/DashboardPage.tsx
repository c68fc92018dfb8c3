import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/Page';
import { selectRole, selectUser } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';
import { FuelCardsPreview } from './FuelCardsPreview';
import type { PaymentModalComponent } from './payment-modal';
import { RecentTransactions } from './RecentTransactions';
import { TotalSavedTile } from './TotalSavedTile';
import { TotalSpendingsTile } from './TotalSpendingsTile';
import { WalletTile } from './WalletTile';

export type { PaymentModalComponent } from './payment-modal';

export interface DashboardPageProps {
  /** Opened by the wallet's Add Funds / Pay Invoice button (docs/product.md §2.6). */
  PaymentMethodModal: PaymentModalComponent;
  /** Drivers waiting for the company's approval (owners; shown while any wait). */
  DriverRequests?: ComponentType<{ hideWhenEmpty?: boolean }>;
  /** The driver's active trip with its next stop (shown only while there is one). */
  ActiveTrip?: ComponentType;
}

/** /dashboard (docs/product.md §2.6): the company dashboard for ROLE_COMPANY, the spendings dashboard for everyone else. */
export function DashboardPage({ PaymentMethodModal, DriverRequests, ActiveTrip }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const role = useAppSelector(selectRole);
  const userLoaded = useAppSelector(selectUser) !== null;

  // Right after sign-in the account is still loading: the role (and so the endpoints) is not known yet.
  if (!userLoaded) {
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
        <Grid container spacing={2}>
          {DriverRequests && (
            <Grid size={12}>
              <DriverRequests hideWhenEmpty />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <TotalSavedTile />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <WalletTile PaymentMethodModal={PaymentMethodModal} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FuelCardsPreview />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <RecentTransactions role={role} />
          </Grid>
        </Grid>
      </Page>
    );
  }
  return (
    <Page title={t('title')} maxWidth="md">
      <Grid container spacing={2}>
        {ActiveTrip && (
          <Grid size={12}>
            <ActiveTrip />
          </Grid>
        )}
        <Grid size={12}>
          <TotalSpendingsTile />
        </Grid>
        <Grid size={12}>
          <RecentTransactions role={role} />
        </Grid>
      </Grid>
    </Page>
  );
}
