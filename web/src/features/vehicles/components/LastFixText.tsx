import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '../api/vehicles-api';
import '@/lib/i18n/texts/vehicles';

/** Whole minutes (or hours, days) since an instant, for "5 min ago". */
function age(at: string, now: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 120) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.round(minutes / 60) };
  return { unit: 'days', count: Math.round(minutes / 1440) };
}

/** Where the unit's telematics last placed it, how long ago, from which source (the pump check compares it with the station). */
export function LastFixText({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const [now] = useState(() => Date.now());
  const fix = vehicle.lastFix;
  if (!fix) return <>{t('lastFix.none')}</>;
  const ago = age(fix.at, now);
  const parts = [t(`lastFix.ago.${ago.unit}`, { count: ago.count }), `${fix.latitude.toFixed(4)}, ${fix.longitude.toFixed(4)}`];
  if (fix.speedMph != null) parts.push(t('lastFix.speed', { mph: Math.round(fix.speedMph) }));
  if (fix.fuelPercent != null) parts.push(t('lastFix.fuel', { percent: Math.round(fix.fuelPercent) }));
  return (
    <Box component="span" data-testid="vehicle-last-fix" sx={{ overflowWrap: 'anywhere' }}>
      {parts.join(' · ')}
      <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${t('lastFix.source', { source: fix.source })}`}</Box>
    </Box>
  );
}
