import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { LoadingRows } from '@/components/feedback/LoadStates';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { tripDetailPath } from '@/lib/paths';
import type { Trip, TripListQuery } from '../api/trip-types';
import { useGetTripsInfiniteQuery } from '../api/trips-api';
import { formatDateTime } from '../model/format';
import { LockChip, TripStatusChip } from './TripStatusChip';
import '@/lib/i18n/texts/trips';

function TripRow({ trip }: { trip: Trip }) {
  const { t } = useTranslation('trips');
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItemButton
        component={ReactRouterLink}
        to={tripDetailPath(trip.id)}
        data-testid="trip-row"
        data-status={trip.status}
        sx={{ gap: 2, py: 1.5, mx: 1, borderRadius: '10px', alignItems: 'flex-start' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('list.route', { origin: trip.originName, destination: trip.destinationName })}
          </Typography>
          {/* Wrapped between the driver's name and the card, never inside the card's number. */}
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'break-word' }}>
            {trip.driverName} ·{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {maskCardNumber(trip.cardNumber)}
            </Box>
          </Typography>
          <Typography variant="caption" color="textSecondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(trip.createdAt)}
            {trip.unitNumber && ` · ${t('list.unit', { unit: trip.unitNumber })}`}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <TripStatusChip status={trip.status} />
          {trip.lockCard && <LockChip />}
          <Typography variant="body2" color="textSecondary">
            {t('list.stops', { count: trip.plan.fuelPlan.length, cost: formatDollars(trip.plan.totalCost) })}
          </Typography>
        </Stack>
      </ListItemButton>
    </Box>
  );
}

/** Trips of one filter set, newest first, with the next page loading on "Load more" or scroll. */
export function TripList({ query }: { query: TripListQuery }) {
  const { t } = useTranslation('trips');
  const { currentData, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, isError, refetch } = useGetTripsInfiniteQuery(query, {
    refetchOnMountOrArgChange: true,
  });
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (currentData?.pages ?? []).flatMap((page) => page.content).filter((trip) => !seen.has(trip.id) && Boolean(seen.add(trip.id)));
  }, [currentData]);

  if (!currentData) {
    if (isError) {
      return (
        <Alert
          severity="error"
          data-testid="load-error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('common:errors.unableToFetchData')}
        </Alert>
      );
    }
    return <LoadingRows rows={3} height={76} />;
  }
  if (rows.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }} data-testid="empty-state">
        {t('list.empty')}
      </Typography>
    );
  }
  return (
    <Box sx={{ bgcolor: 'background.paper', borderRadius: 3, border: '1px solid', borderColor: 'divider', py: 1 }}>
      <List disablePadding aria-label={t('list.label')}>
        {rows.map((trip) => (
          <TripRow key={trip.id} trip={trip} />
        ))}
      </List>
      {hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
          <Button onClick={() => void fetchNextPage()} disabled={isFetching} startIcon={isFetchingNextPage ? <CircularProgress aria-hidden size={18} /> : undefined}>
            {isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ py: 1.5, textAlign: 'center' }}>
          {t('list.noMore')}
        </Typography>
      )}
    </Box>
  );
}
