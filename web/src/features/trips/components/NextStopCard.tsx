import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import NavigationIcon from '@mui/icons-material/Navigation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { SavedAtNote } from '@/components/feedback/SavedAtNote';
import { formatDollars } from '@/lib/format';
import { tripDetailPath } from '@/lib/paths';
import type { Trip, TripPoint, TripPurchase } from '../api/trip-types';
import { formatOneDecimal } from '../model/format';
import { deviceNavigateLink } from '../model/navigate-link';
import { nextStop } from '../model/next-stop';
import { useCurrentPosition, type CurrentPosition } from '../model/use-position';
import '@/lib/i18n/texts/trips';

interface NextStopCardProps {
  trip: Trip;
  purchases?: readonly TripPurchase[];
  /** Centres a map on the stop; without it the button is not shown. */
  onCentre?: (point: TripPoint) => void;
  /** Show the route and a link to the trip (dashboard, planner); the trip page leaves them out. */
  withTripLink?: boolean;
  /** The position the page already follows (the trip page shares it with its map); else the card asks itself. */
  geo?: CurrentPosition;
}

/** The next stop of an active trip: name, miles to it, gallons to buy, the price, the stops after it. */
export function NextStopCard({ trip, purchases = [], onCentre, withTripLink = false, geo }: NextStopCardProps) {
  const { t } = useTranslation('trips');
  const own = useCurrentPosition(geo === undefined);
  const { position, status, locate } = geo ?? own;
  const next = useMemo(() => nextStop(trip.plan, trip.routePoints, purchases, position), [trip, purchases, position]);
  const navigateHref = next ? deviceNavigateLink({ ...next.stop.location }) : '';

  return (
    <Card component="section" aria-label={t('next.title')} data-testid="next-stop-card" variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="h3" component="h2">
            {withTripLink ? t('next.title') : t('next.nextStop')}
          </Typography>
          {withTripLink && (
            <Button component={ReactRouterLink} to={tripDetailPath(trip.id)} size="small">
              {t('next.details')}
            </Button>
          )}
        </Stack>
        {withTripLink && <SavedAtNote endpoint="getActiveTrip" testId="next-stop-updated" />}
        {withTripLink && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('list.route', { origin: trip.originName, destination: trip.destinationName })}
          </Typography>
        )}
        {next ? (
          <>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <LocalGasStationIcon color="primary" sx={{ mt: 0.5 }} />
              <Box sx={{ minWidth: 0 }}>
                {withTripLink && (
                  <Typography variant="overline" color="textSecondary">
                    {t('next.nextStop')}
                  </Typography>
                )}
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="next-stop-name">
                  {next.stop.location.name}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {next.stop.location.city}, {next.stop.location.state}
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="next-stop-miles">
                {t(next.measuredFrom === 'position' ? 'next.milesAway' : 'next.milesAlong', { miles: formatOneDecimal(next.miles) })}
              </Typography>
              <Typography data-testid="next-stop-gallons">{t('next.buy', { gallons: formatOneDecimal(next.stop.gallons) })}</Typography>
              <Typography data-testid="next-stop-price">{t('next.price', { price: formatDollars(next.stop.location.netPrice) })}</Typography>
            </Stack>
            <Typography variant="body2" color="textSecondary" data-testid="next-stop-remaining">
              {t('next.remaining', { count: next.later.length })}
              {next.later.length > 0 && `: ${next.later.map((stop) => stop.location.name).join(', ')}`}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                startIcon={<NavigationIcon />}
                href={navigateHref}
                // The geo: intent opens the maps app in place; a web link in a new tab.
                target={navigateHref.startsWith('https:') ? '_blank' : undefined}
                rel="noopener"
                aria-label={t('next.navigateLabel', { name: next.stop.location.name })}
                data-testid="next-stop-navigate"
              >
                {t('next.navigate')}
              </Button>
              {onCentre && (
                <Button variant="outlined" startIcon={<CenterFocusStrongIcon />} onClick={() => onCentre(next.stop.location)}>
                  {t('next.centre')}
                </Button>
              )}
              {status === 'idle' && (
                <Button startIcon={<MyLocationIcon />} onClick={() => void locate()}>
                  {t('next.locate')}
                </Button>
              )}
            </Stack>
          </>
        ) : (
          <Typography color="textSecondary" data-testid="next-stop-none">
            {t('next.noStopsLeft')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
