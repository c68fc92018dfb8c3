import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TransactionDetail } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

type PumpCheck = NonNullable<TransactionDetail['pumpCheck']>;

const SIZE = 120;

/**
 * A small plot of the truck's fix and the station (the station in the middle, north up, scaled so
 * both fit): a static SVG, no map tiles, so it costs nothing on a phone.
 */
export function PumpCheckPlot({ check }: { check: PumpCheck }) {
  const { t } = useTranslation('transactions');
  const milesPerDegree = 69;
  const east = (check.fixLongitude - check.stationLongitude) * milesPerDegree * Math.cos((check.stationLatitude * Math.PI) / 180);
  const north = (check.fixLatitude - check.stationLatitude) * milesPerDegree;
  const reach = Math.max(Math.abs(east), Math.abs(north), 0.5);
  const scale = (SIZE / 2 - 12) / reach;
  const truck = { x: SIZE / 2 + east * scale, y: SIZE / 2 - north * scale };
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={t('pumpCheck.plotLabel', { miles: check.distanceMiles.toFixed(1) })}
      data-testid="pump-check-plot"
      sx={{ width: SIZE, height: SIZE, border: 1, borderColor: 'divider', borderRadius: 1, display: 'block', ml: 'auto' }}
    >
      <line x1={SIZE / 2} y1={SIZE / 2} x2={truck.x} y2={truck.y} stroke="currentColor" strokeDasharray="3 3" opacity={0.5} />
      <rect x={SIZE / 2 - 5} y={SIZE / 2 - 5} width={10} height={10} fill="#1565c0">
        <title>{t('pumpCheck.station')}</title>
      </rect>
      <circle cx={truck.x} cy={truck.y} r={6} fill={check.outcome === 'FAR' || check.outcome === 'OVER_TANK_SPACE' ? '#c62828' : '#2e7d32'}>
        <title>{t('pumpCheck.truck')}</title>
      </circle>
    </Box>
  );
}

/** Fix age in words: seconds under two minutes, else minutes, else hours. */
function fixAge(seconds: number, t: (key: string, options: Record<string, unknown>) => string): string {
  if (seconds < 120) return t('pumpCheck.ageSeconds', { count: seconds });
  if (seconds < 7200) return t('pumpCheck.ageMinutes', { count: Math.round(seconds / 60) });
  return t('pumpCheck.ageHours', { count: Math.round(seconds / 3600) });
}

/** What the pump check used on the purchase: distance from the truck's fix to the station, the fix's age, the outcome, and the plot. */
export function PumpCheckFacts({ check }: { check: PumpCheck }) {
  const { t } = useTranslation('transactions');
  return (
    <Box data-testid="transaction-pump-check" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Box sx={{ textAlign: 'right', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{t(`pumpCheck.outcome.${check.outcome}`)}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('pumpCheck.facts', { miles: check.distanceMiles.toFixed(2), age: fixAge(check.fixAgeSeconds, t), source: check.source })}
        </Typography>
      </Box>
      <PumpCheckPlot check={check} />
    </Box>
  );
}
