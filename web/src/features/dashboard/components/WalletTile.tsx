import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/auth';
import { formatDollars } from '@/lib/format';
import { LoadError } from '@/components/feedback/LoadStates';
import { useGetCompanyContractQuery, useGetCompanyWalletQuery, useGetLowBalanceQuery } from '../api/dashboard-api';
import type { PaymentModalComponent } from './payment-modal';
import { walletAction } from '../model/tiles-model';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

// The form (and its validation library) loads when an owner opens it, not with the dashboard.
const PlannerCostsDialog = lazy(async () => ({ default: (await import('./PlannerCostsDialog')).PlannerCostsDialog }));
const LowBalanceDialog = lazy(async () => ({ default: (await import('./LowBalanceDialog')).LowBalanceDialog }));

/** The owner's low-balance alert: its threshold in words and the button to change it. */
function LowBalanceLine() {
  const { t } = useTranslation('dashboard');
  const { can } = usePermissions();
  const { data } = useGetLowBalanceQuery();
  const [open, setOpen] = useState(false);
  const threshold = data?.threshold ?? null;
  return (
    <>
      {data && (
        <Typography variant="body2" color="textSecondary" data-testid="wallet-low-balance">
          {threshold === null ? t('lowBalance.none') : t('lowBalance.line', { threshold: formatDollars(threshold) })}
        </Typography>
      )}
      {can('wallet.fund') && (
        <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start', px: 0.5, minHeight: 36 }} data-testid="low-balance-edit">
          {t('lowBalance.edit')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <LowBalanceDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A member limited to a group reads the wallet but funds it and sets its alert no more (the one wallet every
 * group's cards spend from, permissions.go companyWide): the tile says why there is no button.
 */
function WholeCompanyLine() {
  const { t } = useTranslation('dashboard');
  const { withheldByGroup } = usePermissions();
  if (!withheldByGroup('wallet.fund')) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="wallet-group-limited" sx={{ pt: 0.5 }}>
      {t('common:permissions.cannotInGroup', { what: t('common:permissions.actions.wallet.fund') })}
    </Typography>
  );
}

function ContractLine() {
  const { t } = useTranslation('dashboard');
  const { can } = usePermissions();
  const { data: contract } = useGetCompanyContractQuery(undefined, { skip: !can('contract.read') });
  const [costsOpen, setCostsOpen] = useState(false);
  if (!contract) return null;
  const text =
    contract.billing === 'INVOICE'
      ? t('wallet.invoiceBilling', { limit: formatDollars(contract.creditLimit) })
      : t('wallet.prepaidBilling');
  // The fuel planner's detour and stop costs, when the contract sets them.
  const perMile = contract.outOfRouteCostPerMile ?? 0;
  const perStop = contract.costPerStop ?? 0;
  return (
    <>
      <Typography variant="body2" color="textSecondary" data-testid="wallet-contract">
        {text}
      </Typography>
      {(perMile > 0 || perStop > 0) && (
        <Typography variant="body2" color="textSecondary" data-testid="wallet-planner-costs">
          {t('wallet.plannerCosts', { perMile: formatDollars(perMile), perStop: formatDollars(perStop) })}
        </Typography>
      )}
      {can('contract.write') && (
        <Button size="small" onClick={() => setCostsOpen(true)} sx={{ alignSelf: 'flex-start', px: 0.5, minHeight: 36 }} data-testid="planner-costs-edit">
          {t('plannerCosts.edit')}
        </Button>
      )}
      {/* Mounted only while open: a closed form keeps no stale values. */}
      {costsOpen && (
        <Suspense fallback={null}>
          <PlannerCostsDialog open onClose={() => setCostsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Company wallet: balance (red when negative, else green), the contract with its fuel planner
 * costs (and the owner's form for them), and the Add Funds / Pay Invoice button (or, for a member
 * limited to a group, why there is none).
 */
export function WalletTile({ PaymentMethodModal }: { PaymentMethodModal: PaymentModalComponent }) {
  const { t } = useTranslation('dashboard');
  const { can } = usePermissions();
  const { data: wallet, isError, isFetching, refetch } = useGetCompanyWalletQuery();
  const [modalOpen, setModalOpen] = useState(false);
  const action = wallet && can('wallet.fund') ? walletAction(wallet) : null;

  return (
    <Tile title={t('wallet.title')} action={<AccountBalanceWalletIcon color="action" />} testId="wallet-tile">
      {wallet ? (
        <Stack spacing={0.5}>
          <Typography variant="body2" color="textSecondary">
            {t('wallet.balance')}
          </Typography>
          <Typography
            variant="h2"
            component="p"
            data-testid="wallet-balance"
            data-sign={wallet.balance < 0 ? 'negative' : 'positive'}
            sx={{ color: wallet.balance < 0 ? 'error.main' : 'success.main' }}
          >
            {formatDollars(wallet.balance)}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="wallet-available">
            {t('wallet.available', {
              available: formatDollars(wallet.available ?? wallet.balance),
              held: formatDollars(wallet.held ?? 0),
            })}
          </Typography>
          <ContractLine />
          <LowBalanceLine />
          <WholeCompanyLine />
        </Stack>
      ) : isError ? (
        <LoadError onRetry={refetch} retrying={isFetching} />
      ) : (
        <Skeleton variant="text" width={160} sx={{ fontSize: '2rem' }} />
      )}
      {action && (
        <Button variant="contained" onClick={() => setModalOpen(true)} sx={{ alignSelf: 'flex-start', mt: 'auto' }}>
          {t(`wallet.${action}`)}
        </Button>
      )}
      {/* Mounted only while open so the payments feature fetches its data when the modal opens. */}
      {modalOpen && <PaymentMethodModal open onClose={() => setModalOpen(false)} />}
    </Tile>
  );
}
