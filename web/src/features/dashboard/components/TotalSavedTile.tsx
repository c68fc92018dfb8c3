import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { Link as ReactRouterLink } from 'react-router';
import { formatDollars } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useGetTotalSpendingsQuery } from '../api/dashboard-api';
import { COMPANY_DEFAULT_PERIOD, COMPANY_FALLBACK_PERIOD, periodDays, type SavingsPeriod } from '../model/savings-periods';
import { PeriodButtons } from './PeriodButtons';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

interface PeriodState {
  period: SavingsPeriod;
  /** The one-time "nothing saved this week → show the year" check has run (docs/product.md §4). */
  firstLoadChecked: boolean;
}

/** Off-plan fuel cost above the trip plans over the same period (the server's missedSavings); a skeleton until it loads. */
function MissedSavings({ amount }: { amount: number | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} data-testid="missed-savings">
      <Typography variant="body2" color="textSecondary">
        {t('missedSavings.label')}
      </Typography>
      {amount === undefined ? (
        <Skeleton variant="text" width={60} />
      ) : (
        <Typography sx={{ fontWeight: 700 }} color={amount > 0 ? 'error' : 'textPrimary'} data-testid="missed-savings-amount">
          {formatDollars(amount)}
        </Typography>
      )}
      <Link component={ReactRouterLink} to={paths.compliance} variant="body2">
        {t('missedSavings.details')}
      </Link>
    </Stack>
  );
}

/** Company tile: total saved over the chosen period; defaults to week, switches once to year when the week saved nothing. */
export function TotalSavedTile() {
  const { t } = useTranslation('dashboard');
  const [state, setState] = useState<PeriodState>({ period: COMPANY_DEFAULT_PERIOD, firstLoadChecked: false });
  const { currentData, isSuccess, isFetching, isError, refetch } = useGetTotalSpendingsQuery({
    role: 'ROLE_COMPANY',
    lastDays: periodDays(state.period),
  });

  // Adjusting state from the first answer during render (no effect round-trip).
  if (!state.firstLoadChecked && isSuccess && !isFetching && currentData) {
    setState({ period: currentData.saved > 0 ? state.period : COMPANY_FALLBACK_PERIOD, firstLoadChecked: true });
  }

  return (
    <Tile title={t('totalSaved')} testId="total-saved-tile">
      {currentData ? (
        <div>
          <Typography variant="h2" component="p" color="success" data-testid="total-saved-amount">
            {formatDollars(currentData.saved)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('savedOn', { total: formatDollars(currentData.total) })}
          </Typography>
        </div>
      ) : isError ? (
        <LoadError onRetry={refetch} retrying={isFetching} />
      ) : (
        <Skeleton variant="text" width={160} sx={{ fontSize: '2rem' }} />
      )}
      {!isError && <MissedSavings amount={currentData?.missedSavings} />}
      <PeriodButtons value={state.period} onChange={(period) => setState({ period, firstLoadChecked: true })} />
    </Tile>
  );
}
