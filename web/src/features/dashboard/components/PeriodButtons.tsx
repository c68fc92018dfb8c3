import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { SAVINGS_PERIODS, type SavingsPeriod } from '../model/savings-periods';
import '@/lib/i18n/texts/dashboard';

/** today / week / month / year / all time (docs/product.md §2.6). */
export function PeriodButtons({ value, onChange }: { value: SavingsPeriod; onChange: (period: SavingsPeriod) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_event, next: SavingsPeriod | null) => {
        if (next) onChange(next);
      }}
      aria-label={t('periods.label')}
      sx={{
        flexWrap: 'wrap',
        gap: 0.75,
        '& .MuiToggleButtonGroup-grouped': {
          px: 1.5,
          py: 0.5,
          m: 0,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 5,
        },
        '& .MuiToggleButtonGroup-grouped:not(:first-of-type)': { borderLeft: '1px solid', borderLeftColor: 'divider', ml: 0 },
        '& .MuiToggleButtonGroup-grouped.Mui-selected': { bgcolor: 'rgba(53,194,122,0.16)', color: 'primary.main', borderColor: 'primary.main' },
      }}
    >
      {SAVINGS_PERIODS.map((period) => (
        <ToggleButton key={period} value={period}>
          {t(`periods.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
