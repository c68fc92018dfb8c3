import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { supportsWebGL } from '@/lib/map';
import type { TripDetail } from '../api/trip-types';
import { tripMapData } from '../model/trip-map';
import type { CurrentPosition } from '../model/use-position';
import type { TripMapProps } from './TripMap';
import '@/lib/i18n/texts/trips';

const TripMap = lazy(() => import('./TripMap'));

interface TripMapSectionProps {
  trip: TripDetail;
  /** The driver's position as their browser gives it; absent for an owner (their browser is not the truck). */
  geo?: CurrentPosition;
  /** Unit tests pass a stand-in: MapLibre needs WebGL. */
  MapView?: ComponentType<TripMapProps>;
}

/** The active trip's map: route, planned stops with the next one highlighted, the driver's position when shared. */
export function TripMapSection({ trip, geo, MapView = TripMap }: TripMapSectionProps) {
  const { t } = useTranslation('trips');
  const [mapAvailable] = useState(() => MapView !== TripMap || supportsWebGL());
  const position = geo?.position ?? null;
  const data = useMemo(() => tripMapData(trip.plan, trip.routePoints, trip.purchases, position), [trip, position]);
  const next = data.stops.find((stop) => stop.state === 'next');

  return (
    <Card component="section" aria-label={t('map.title')} data-testid="trip-map-section">
      <Box sx={{ height: { xs: 260, sm: 320 }, bgcolor: '#0b0e13' }}>
        <Suspense
          fallback={
            <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
              <CircularProgress aria-label={t('map.loading')} />
            </Stack>
          }
        >
          {mapAvailable ? (
            <MapView data={data} position={position} />
          ) : (
            <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
              <Typography color="textSecondary">{t('map.unavailable')}</Typography>
            </Stack>
          )}
        </Suspense>
      </Box>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2" data-testid="trip-map-next">
          {next ? t('map.next', { number: next.number, name: next.stop.location.name }) : t('next.noStopsLeft')}
        </Typography>
        {geo && (
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" color="textSecondary" data-testid="trip-map-position-state">
              {t(`map.positionState.${geo.status}`)}
            </Typography>
            {(geo.status === 'idle' || geo.status === 'unavailable') && (
              <Button size="small" startIcon={<MyLocationIcon />} onClick={() => void geo.locate()}>
                {t('map.share')}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
