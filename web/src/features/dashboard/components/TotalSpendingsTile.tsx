import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { formatDollars } from '@/lib/format';
import { useGetTotalSpendingsQuery, type SavingsSummary } from '../api/dashboard-api';
import { periodDays, SPENDINGS_DEFAULT_PERIOD, type SavingsPeriod } from '../model/savings-periods';
import { spentShare } from '../model/tiles-model';
import { PeriodButtons } from './PeriodButtons';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

function SplitBar({ summary }: { summary: SavingsSummary }) {
  const { t } = useTranslation('dashboard');
  const spent = spentShare(summary);
  const empty = summary.total + summary.saved <= 0;
  return (
    <Box
      role="img"
      aria-label={t('spendings.barLabel', { spent: formatDollars(summary.total), saved: formatDollars(summary.saved) })}
      sx={{ display: 'flex', height: 12, borderRadius: 6, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {!empty && <Box data-testid="bar-spent" sx={{ width: `${spent}%`, bgcolor: 'secondary.main' }} />}
      {!empty && <Box data-testid="bar-saved" sx={{ width: `${100 - spent}%`, bgcolor: 'success.main' }} />}
    </Box>
  );
}

function Legend({ color, label, amount }: { color: string; label: string; amount: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color }} />
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {amount}
      </Typography>
    </Stack>
  );
}

/** Tile for drivers and individual users: total plus saved with a spent/saved bar; defaults to month. */
export function TotalSpendingsTile() {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = useState<SavingsPeriod>(SPENDINGS_DEFAULT_PERIOD);
  const { currentData, isError, isFetching, refetch } = useGetTotalSpendingsQuery({ role: 'ROLE_USER', lastDays: periodDays(period) });

  return (
    <Tile title={t('totalSpendings')} testId="total-spendings-tile">
      {currentData ? (
        <Stack spacing={1.5}>
          <Typography variant="h2" component="p" data-testid="total-spendings-amount">
            {formatDollars(currentData.total)}
          </Typography>
          <SplitBar summary={currentData} />
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Legend color="secondary.main" label={t('spendings.spent')} amount={formatDollars(currentData.total)} />
            <Legend color="success.main" label={t('spendings.saved')} amount={formatDollars(currentData.saved)} />
          </Stack>
        </Stack>
      ) : isError ? (
        <LoadError onRetry={refetch} retrying={isFetching} />
      ) : (
        <Stack spacing={1.5}>
          <Skeleton variant="text" width={160} sx={{ fontSize: '2rem' }} />
          <Skeleton variant="rounded" height={12} />
        </Stack>
      )}
      <PeriodButtons value={period} onChange={setPeriod} />
    </Tile>
  );
}
