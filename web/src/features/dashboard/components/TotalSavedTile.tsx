import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '@/lib/format';
import { useGetTotalSpendingsQuery } from '../api/dashboard-api';
import { COMPANY_DEFAULT_PERIOD, COMPANY_FALLBACK_PERIOD, periodDays, type SavingsPeriod } from '../savings-periods';
import { PeriodButtons } from './PeriodButtons';
import { Tile } from './Tile';

interface PeriodState {
  period: SavingsPeriod;
  /** The one-time "nothing saved this week → show the year" check has run (SPEC §4). */
  firstLoadChecked: boolean;
}

/** Company tile: total saved over the chosen period; defaults to week, switches once to year when the week saved nothing. */
export function TotalSavedTile() {
  const { t } = useTranslation('dashboard');
  const [state, setState] = useState<PeriodState>({ period: COMPANY_DEFAULT_PERIOD, firstLoadChecked: false });
  const { currentData, isSuccess, isFetching } = useGetTotalSpendingsQuery({
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
          <Typography variant="h2" component="p" color="success.main" data-testid="total-saved-amount">
            {formatDollars(currentData.saved)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('savedOn', { total: formatDollars(currentData.total) })}
          </Typography>
        </div>
      ) : (
        <Skeleton variant="text" width={160} sx={{ fontSize: '2rem' }} />
      )}
      <PeriodButtons value={state.period} onChange={(period) => setState({ period, firstLoadChecked: true })} />
    </Tile>
  );
}
