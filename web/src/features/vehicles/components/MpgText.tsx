import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '../api/vehicles-api';
import '@/lib/i18n/texts/vehicles';

/** The change of MPG on the window before, in whole percent (null without both). */
export function mpgChange({ current, prior }: Vehicle['mpg']): number | null {
  return current != null && prior ? Math.round(((current - prior) / prior) * 100) : null;
}

/** MPG over the last 30 days with the change on the 30 before; red when it fell more than 15 % (an MPG_DROP alert). */
export function MpgText({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const { current, prior, dropped } = vehicle.mpg;
  if (current == null) return <>{t('mpg.none')}</>;
  const change = mpgChange(vehicle.mpg);
  return (
    <Box component="span" sx={{ color: dropped ? 'error.main' : undefined, fontWeight: dropped ? 600 : undefined }}>
      {t('mpg.value', { mpg: current.toFixed(1) })}
      {change != null && ` · ${t(dropped ? 'mpg.dropped' : 'mpg.change', { change: dropped ? `${Math.abs(change)}` : `${change > 0 ? '+' : ''}${change}`, prior: prior!.toFixed(1) })}`}
    </Box>
  );
}
