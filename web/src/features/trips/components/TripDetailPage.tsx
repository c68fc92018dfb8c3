import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink, useParams } from 'react-router';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage, errorStatus } from '@/lib/api';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import { selectRole, usePermissions } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';
import type { TripDetail, TripPlan, TripPurchase } from '../api/trip-types';
import { useCancelTripMutation, useCompleteTripMutation, useGetTripPlansInfiniteQuery, useGetTripQuery } from '../api/trips-api';
import { formatDateTime, formatOneDecimal } from '../model/format';
import { remainingStops } from '../model/next-stop';
import { useCurrentPosition } from '../model/use-position';
import { NextStopCard } from './NextStopCard';
import { TripMapSection } from './TripMapSection';
import { ReplanDialog } from './ReplanDialog';
import { DriverLockedTripActions, OwnerTripRequests } from './TripRequests';
import { LockChip, TripStatusChip } from './TripStatusChip';
import '@/lib/i18n/texts/trips';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75, justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography color="textSecondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function PlanStops({ plan, purchases }: { plan: TripPlan; purchases: readonly TripPurchase[] }) {
  const { t } = useTranslation('trips');
  const remaining = new Set(remainingStops(plan, purchases).map((stop) => stop.location.locationId));
  return (
    <>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('detail.planTotal', { cost: formatDollars(plan.totalCost), gallons: formatOneDecimal(plan.totalGallons) })}
        {plan.naiveCost !== null && ` · ${t('detail.withoutPlan', { cost: formatDollars(plan.naiveCost) })}`}
      </Typography>
      {plan.fuelPlan.length === 0 ? (
        <Typography color="textSecondary">{t('detail.noStops')}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('detail.currentPlan', { version: plan.version })}>
          {plan.fuelPlan.map((stop, index) => (
            <Box component="li" key={`${stop.location.locationId}-${index}`} data-testid="plan-stop" sx={{ py: 1, borderTop: index ? '1px solid' : 0, borderColor: 'divider' }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {index + 1}. {stop.location.name}
                </Typography>
                {!remaining.has(stop.location.locationId) && <Chip size="small" color="success" label={t('detail.made')} />}
              </Stack>
              <Typography variant="body2" color="textSecondary">
                {stop.location.city}, {stop.location.state} · {t('detail.mile', { mile: formatOneDecimal(stop.alongMiles) })}
              </Typography>
              <Typography variant="body2">
                {t('detail.stop', {
                  gallons: formatOneDecimal(stop.gallons),
                  price: formatDollars(stop.location.netPrice),
                  cost: formatDollars(stop.cost),
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

function Purchases({ purchases }: { purchases: readonly TripPurchase[] }) {
  const { t } = useTranslation('trips');
  if (purchases.length === 0) return <Typography color="textSecondary">{t('detail.noPurchases')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {purchases.map((purchase, index) => {
        const declined = purchase.status === 'DECLINED';
        return (
          <Box component="li" key={purchase.transactionId} data-testid="trip-purchase" data-on-plan={purchase.onPlan} sx={{ py: 1, borderTop: index ? '1px solid' : 0, borderColor: 'divider' }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{purchase.locationName}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {formatDateTime(purchase.transactionDate)} · {t('detail.purchase', { gallons: formatOneDecimal(purchase.gallons), total: formatDollars(purchase.fundedTotal) })}
                </Typography>
              </Box>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                {declined ? (
                  <Chip size="small" sx={{ bgcolor: '#b3261e', color: '#fff' }} label={t('detail.declined')} />
                ) : (
                  <Chip size="small" color={purchase.onPlan ? 'success' : 'warning'} label={purchase.onPlan ? t('detail.onPlan') : t('detail.offPlan')} />
                )}
              </Stack>
            </Stack>
            {declined && purchase.declineReason && (
              <Typography variant="body2" sx={{ color: 'error.light' }} data-testid="decline-reason">
                {purchase.declineReason}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** The trip's plan versions, newest first, a page at a time. */
function PlanVersions({ tripId }: { tripId: number }) {
  const { t } = useTranslation('trips');
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } = useGetTripPlansInfiniteQuery(tripId);
  if (isLoading) return <CircularProgress size={24} aria-label={t('detail.loadingVersions')} />;
  if (isError || !data) return <LoadError onRetry={refetch} retrying={isFetching} />;
  const versions = data.pages.flatMap((page) => page.content);
  return (
    <>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {versions.map((version, index) => (
          <Box component="li" key={version.version} data-testid="plan-version" sx={{ py: 1 }}>
            {index > 0 && <Divider sx={{ mb: 1 }} />}
            <Typography sx={{ fontWeight: 600 }}>
              {t('detail.version', { version: version.version })} · {t(`reason.${version.reason}`)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatDateTime(version.createdAt)} · {t('list.stops', { count: version.fuelPlan.length, cost: formatDollars(version.totalCost) })}
            </Typography>
          </Box>
        ))}
      </Box>
      {hasNextPage && (
        <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} sx={{ mt: 1 }}>
          {t('detail.olderVersions')}
        </Button>
      )}
    </>
  );
}

function CancelDialog({ open, busy, onClose, onConfirm }: { open: boolean; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('trips');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('actions.confirmCancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('actions.confirmCancelText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('actions.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('actions.confirmCancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An owner or dispatcher (or a driver on a trip they may end) acts at once; a driver on a trip the owner locked asks. */
function TripActions({ trip }: { trip: TripDetail }) {
  const owner = useAppSelector(selectRole) === 'ROLE_COMPANY';
  // A bookkeeper reads trips and changes none.
  const { can } = usePermissions();
  if (!owner && trip.ownerLock) return <DriverLockedTripActions trip={trip} />;
  return (
    <>
      {owner && can('trips.decide') && <OwnerTripRequests trip={trip} />}
      {can('trips.write') && <DirectTripActions trip={trip} />}
    </>
  );
}

function DirectTripActions({ trip }: { trip: TripDetail }) {
  const { t } = useTranslation('trips');
  const [replanOpen, setReplanOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [complete, completing] = useCompleteTripMutation();
  const [cancel, cancelling] = useCancelTripMutation();

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch (error) {
      console.warn('Trip action failed', error);
      notify.error(errorMessage(error, t('actions.failed')));
    }
  };

  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" onClick={() => setReplanOpen(true)}>
        {t('actions.replan')}
      </Button>
      <Button variant="outlined" disabled={completing.isLoading} onClick={() => void run(() => complete(trip.id).unwrap(), t('actions.completed'))}>
        {t('actions.complete')}
      </Button>
      <Button color="error" onClick={() => setCancelOpen(true)}>
        {t('actions.cancel')}
      </Button>
      <ReplanDialog trip={trip} open={replanOpen} onClose={() => setReplanOpen(false)} />
      <CancelDialog
        open={cancelOpen}
        busy={cancelling.isLoading}
        onClose={() => setCancelOpen(false)}
        onConfirm={() =>
          void run(async () => {
            await cancel(trip.id).unwrap();
            setCancelOpen(false);
          }, t('actions.cancelled'))
        }
      />
    </Stack>
  );
}

/** The active trip's next stop and map, following one position: the driver's browser's (an owner's browser is not the truck). */
function ActiveTripView({ trip }: { trip: TripDetail }) {
  const driver = useAppSelector(selectRole) !== 'ROLE_COMPANY';
  const geo = useCurrentPosition(driver);
  return (
    <>
      <NextStopCard trip={trip} purchases={trip.purchases} geo={driver ? geo : undefined} />
      <TripMapSection trip={trip} geo={driver ? geo : undefined} />
    </>
  );
}

function TripBody({ trip }: { trip: TripDetail }) {
  const { t } = useTranslation('trips');
  const active = trip.status === 'ACTIVE';
  return (
    <Stack spacing={2} data-testid="trip-detail">
      <Box>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
          <TripStatusChip status={trip.status} />
          {trip.lockCard && <LockChip />}
        </Stack>
        <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('list.route', { origin: trip.originName, destination: trip.destinationName })}
        </Typography>
      </Box>
      {active && <TripActions trip={trip} />}
      {active && <ActiveTripView trip={trip} />}
      <Card>
        <CardContent>
          <Field label={t('detail.driver')}>
            <Typography>{trip.driverName}</Typography>
          </Field>
          <Field label={t('detail.card')}>
            <Typography sx={{ fontFamily: 'monospace' }}>{maskCardNumber(trip.cardNumber)}</Typography>
          </Field>
          <Field label={t('detail.unit')}>
            <Typography data-testid="trip-detail-unit">{trip.unitNumber || t('detail.noUnit')}</Typography>
          </Field>
          <Field label={t('detail.lock')}>
            <Typography>{trip.lockCard ? t('detail.lockOn') : t('detail.lockOff')}</Typography>
          </Field>
          <Field label={t('detail.created')}>
            <Typography>{formatDateTime(trip.createdAt)}</Typography>
          </Field>
        </CardContent>
      </Card>
      <Section title={t('detail.currentPlan', { version: trip.plan.version })} testId="trip-plan">
        <PlanStops plan={trip.plan} purchases={trip.purchases} />
      </Section>
      <Section title={t('detail.purchases')} testId="trip-purchases">
        <Purchases purchases={trip.purchases} />
      </Section>
      <Section title={t('detail.versions', { count: trip.planVersionCount })} testId="trip-versions">
        <PlanVersions tripId={trip.id} />
      </Section>
    </Stack>
  );
}

/** /trips/:tripId: the current plan, its versions, the purchases, and the actions of an active trip. */
export function TripDetailPage() {
  const { t } = useTranslation('trips');
  const { tripId = '' } = useParams<{ tripId: string }>();
  const { data, isLoading, isFetching, error, refetch } = useGetTripQuery(tripId);
  let body: ReactNode;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  } else if (error || !data) {
    const status = errorStatus(error);
    body =
      status === 404 || status === 400 ? (
        <Alert severity="error">{t('detail.notFound')}</Alert>
      ) : (
        <LoadError onRetry={refetch} retrying={isFetching} />
      );
  } else {
    body = <TripBody trip={data} />;
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <Button component={ReactRouterLink} to={paths.trips} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {t('detail.back')}
      </Button>
      {body}
    </Container>
  );
}
