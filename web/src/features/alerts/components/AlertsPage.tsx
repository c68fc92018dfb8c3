import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import FlagIcon from '@mui/icons-material/Flag';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RouteIcon from '@mui/icons-material/Route';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import WebhookIcon from '@mui/icons-material/Webhook';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { LoadError } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { VisuallyHidden } from '@/components/layout/VisuallyHidden';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { formatMonthDayTime, maskCardNumber } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { fuelCardPath, paths, transactionDetailPath, tripDetailPath } from '@/lib/paths';
import {
  ALERT_KINDS,
  ALERTS_PAGE_SIZE,
  useAnswerTripRequestMutation,
  useGetAlertsQuery,
  useGetPendingOverrideRequestsQuery,
  useGetPendingTripRequestsQuery,
  useMarkAlertReadMutation,
  useMarkAllAlertsReadMutation,
} from '../api/alerts-api';
import type { AlertKind, CompanyAlert } from '../api/alerts-api';
import { RequestDecision } from './RequestDecision';

const kindIcon: Record<AlertKind, React.ReactElement> = {
  DECLINE: <BlockIcon color="error" />,
  OVERRIDE_REQUEST: <LockOpenIcon color="warning" />,
  NEAR_LIMIT: <WarningAmberIcon color="warning" />,
  TRIP_REQUEST: <RouteIcon color="warning" />,
  TRIP_ENDED: <FlagIcon color="action" />,
  TRIP_REPLANNED: <AltRouteIcon color="action" />,
  WEBHOOK_FAILING: <WebhookIcon color="error" />,
  AUTHORIZATION: <CreditCardIcon color="warning" />,
  MPG_DROP: <LocalGasStationIcon color="warning" />,
  WALLET_LOW: <AccountBalanceWalletIcon color="warning" />,
  DRIVER_WAITING: <PersonAddIcon color="action" />,
  IFTA_DUE: <ReceiptLongIcon color="warning" />,
};

/** /alerts, company owners: declines, override requests and near-limit purchases. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [kind, setKind] = useState<AlertKind | ''>('');
  const { data, isLoading, isFetching, isError, refetch } = useGetAlertsQuery({
    unread: unreadOnly,
    ...(kind ? { kind } : {}),
    page,
    size: ALERTS_PAGE_SIZE,
  });
  const pending = useGetPendingOverrideRequestsQuery();
  const pendingIds = new Set((pending.data ?? []).map((request) => request.id));
  const pendingTrips = useGetPendingTripRequestsQuery();
  const pendingTripIds = new Set((pendingTrips.data ?? []).map((request) => request.id));
  const [markAll, { isLoading: markingAll }] = useMarkAllAlertsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      notify.error(errorMessage(error, t('failed')));
    }
  };

  const alerts = data?.content ?? [];
  return (
    <Page
      title={t('title')}
      maxWidth="md"
      leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}
    >
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(_, value: 'all' | 'unread' | null) => {
              if (!value) return;
              setUnreadOnly(value === 'unread');
              setPage(0);
            }}
            aria-label={t('filter.label')}
          >
            <ToggleButton value="all">{t('filter.all')}</ToggleButton>
            <ToggleButton value="unread">
              {data ? t('filter.unreadCount', { count: data.unreadCount }) : t('filter.unread')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('filter.kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as AlertKind | '');
              setPage(0);
            }}
            sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            data-testid="alert-kind-filter"
          >
            <MenuItem value="">{t('filter.allKinds')}</MenuItem>
            {ALERT_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`kinds.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<DoneAllIcon />} onClick={() => void readAll()} disabled={markingAll || !data || data.unreadCount === 0}>
            {t('markAllRead')}
          </Button>
        </Stack>
        <Card>
          <Box sx={{ height: 4 }}>{isFetching && !isLoading && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {isLoading && (
            <Stack spacing={1} sx={{ p: 2 }}>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="rounded" height={64} />
              ))}
            </Stack>
          )}
          {isError && !data && (
            <Box sx={{ m: 2 }}>
              <LoadError onRetry={refetch} retrying={isFetching} />
            </Box>
          )}
          {data && alerts.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }} data-testid="alerts-empty">
              {unreadOnly ? t('emptyUnread') : t('empty')}
            </Typography>
          )}
          {alerts.length > 0 && (
            <List aria-label={t('title')} sx={{ px: 1 }}>
              {alerts.map((alert) => (
                <AlertRow
                  key={alert.id}
                  alert={alert}
                  pendingRequest={alert.overrideRequestId !== null && pendingIds.has(alert.overrideRequestId)}
                  pendingTripRequest={alert.tripRequestId !== null && pendingTripIds.has(alert.tripRequestId)}
                />
              ))}
            </List>
          )}
          {data && data.page.totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
              <Pagination
                count={data.page.totalPages}
                page={page + 1}
                onChange={(_, next) => setPage(next - 1)}
                size="small"
                siblingCount={0}
              />
            </Box>
          )}
        </Card>
      </Stack>
    </Page>
  );
}

/**
 * One alert: click marks it read; a pending override request offers Approve (hours) and Deny,
 * a driver's pending trip request Approve and Deny; a trip's alert links to the trip.
 */
function AlertRow({ alert, pendingRequest, pendingTripRequest }: { alert: CompanyAlert; pendingRequest: boolean; pendingTripRequest: boolean }) {
  const { t } = useTranslation('alerts');
  const [markRead] = useMarkAlertReadMutation();
  const unread = !alert.read;
  const open = () => {
    if (unread) void markRead(alert.id);
  };
  const when = alert.createdAt;
  return (
    <Box
      component="li"
      data-testid="alert-row"
      data-read={alert.read}
      sx={{
        listStyle: 'none',
        borderRadius: 3,
        mb: 0.5,
        ...(unread && { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) }),
      }}
    >
      <ListItemButton
        onClick={open}
        sx={{ gap: 1.5, alignItems: 'flex-start', borderRadius: 3, py: 1.25, px: { xs: 1, sm: 2 } }}
      >
        {/* Named by its content (an aria-label must contain all the row shows): unread rows start with the word. */}
        {unread && <VisuallyHidden>{t('unreadPrefix')}</VisuallyHidden>}
        <Box sx={{ pt: 0.25, display: 'flex' }} aria-label={t(`kinds.${alert.kind}`)} role="img">
          {kindIcon[alert.kind]}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>{alert.message}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {[alert.driverName, maskCardNumber(alert.cardNumber)].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="time" dateTime={alert.createdAt}>
            {formatMonthDayTime(when)}
          </Typography>
          {alert.requestStatus && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="alert-decision" data-status={alert.requestStatus}>
              {t(`decision.${alert.requestStatus}`, {
                by: alert.decidedBy || t('decision.someone'),
                when: alert.decidedAt ? formatMonthDayTime(alert.decidedAt) : '',
              })}
            </Typography>
          )}
        </Box>
        {unread && (
          <Box
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0, mt: 1 }}
          />
        )}
      </ListItemButton>
      {pendingRequest && alert.overrideRequestId !== null && (
        <RequestDecision requestId={alert.overrideRequestId} onDecided={open} />
      )}
      {(alert.transactionId !== null || alert.cardNumber !== '') && (
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }}>
          {alert.transactionId !== null && (
            <Button component={ReactRouterLink} to={transactionDetailPath(alert.transactionId)} size="small" onClick={open} data-testid="alert-open-purchase">
              {t('open.purchase')}
            </Button>
          )}
          {alert.cardNumber !== '' && (
            <Button component={ReactRouterLink} to={fuelCardPath(alert.cardNumber)} size="small" onClick={open} data-testid="alert-open-card">
              {t('open.card')}
            </Button>
          )}
        </Stack>
      )}
      {alert.kind === 'WEBHOOK_FAILING' && (
        <Stack direction="row" sx={{ px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }}>
          <Button component={ReactRouterLink} to={paths.integrations} size="small">
            {t('webhook.view')}
          </Button>
        </Stack>
      )}
      {alert.kind === 'IFTA_DUE' && (
        <Stack direction="row" sx={{ px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }}>
          <Button component={ReactRouterLink} to={paths.ifta} size="small" data-testid="alert-open-ifta">
            {t('ifta.view')}
          </Button>
        </Stack>
      )}
      {(pendingTripRequest || alert.tripId !== null) && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }}
        >
          {pendingTripRequest && alert.tripRequestId !== null && (
            <TripRequestDecision requestId={alert.tripRequestId} driverName={alert.driverName} onDecided={open} />
          )}
          {alert.tripId !== null && (
            <Button component={ReactRouterLink} to={tripDetailPath(alert.tripId)} size="small">
              {t('trip.view')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** Approve or deny a driver's request to end or re-plan a trip the owner locked. */
function TripRequestDecision({ requestId, driverName, onDecided }: { requestId: number; driverName: string; onDecided: () => void }) {
  const { t } = useTranslation('alerts');
  const [decide, { isLoading }] = useAnswerTripRequestMutation();
  const run = async (decision: 'approve' | 'deny') => {
    try {
      await decide({ id: requestId, decision }).unwrap();
      notify.success(decision === 'approve' ? t('trip.approved', { name: driverName }) : t('request.denied', { name: driverName }));
      onDecided();
    } catch (error) {
      notify.error(errorMessage(error, t('trip.failed')));
    }
  };
  return (
    <>
      <Button variant="contained" color="success" disabled={isLoading} onClick={() => void run('approve')} data-testid="trip-request-approve">
        {t('request.approve')}
      </Button>
      <Button variant="outlined" disabled={isLoading} onClick={() => void run('deny')}>
        {t('request.deny')}
      </Button>
    </>
  );
}
