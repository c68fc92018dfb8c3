import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { SAVINGS_PERIODS, type SavingsPeriod } from '../savings-periods';

/** today / week / month / year / all time (SPEC §2.6). */
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
      sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { px: 1.5, py: 0.5, borderRadius: 2 } }}
    >
      {SAVINGS_PERIODS.map((period) => (
        <ToggleButton key={period} value={period}>
          {t(`periods.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
