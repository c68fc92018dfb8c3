import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import FlagIcon from '@mui/icons-material/Flag';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RouteIcon from '@mui/icons-material/Route';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import WebhookIcon from '@mui/icons-material/Webhook';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { InboxEntry, InboxPage } from '@/components/inbox/InboxPage';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
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
import '@/lib/i18n/texts/alerts';

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
  STATEMENT_READY: <ReceiptLongIcon color="action" />,
  REFUND: <AccountBalanceWalletIcon color="success" />,
  CARD_SHIPPING: <LocalShippingIcon color="action" />,
};

/** /alerts, company owners: the company's inbox (InboxPage) of declines, requests and the other alert kinds. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [kind, setKind] = useState<AlertKind | ''>('');
  const query = useGetAlertsQuery({
    unread: unreadOnly,
    ...(kind ? { kind } : {}),
    page,
    size: ALERTS_PAGE_SIZE,
  });
  // Requests are offered for a decision only to a role that may decide them (everyone until the permissions arrive).
  const { can } = usePermissions();
  const pending = useGetPendingOverrideRequestsQuery(undefined, { skip: !can('overrides.decide') });
  const pendingIds = new Set((pending.data ?? []).map((request) => request.id));
  const pendingTrips = useGetPendingTripRequestsQuery(undefined, { skip: !can('trips.decide') });
  const pendingTripIds = new Set((pendingTrips.data ?? []).map((request) => request.id));
  const [markAll, { isLoading: markingAll }] = useMarkAllAlertsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      notify.error(errorMessage(error, t('failed')));
    }
  };

  return (
    <InboxPage<CompanyAlert>
      title={t('title')}
      query={query}
      unreadOnly={unreadOnly}
      onUnreadOnlyChange={setUnreadOnly}
      page={page}
      onPageChange={setPage}
      filters={
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
      }
      markAllLabel={t('markAllRead')}
      markingAll={markingAll}
      onMarkAll={() => void readAll()}
      empty={t('empty')}
      emptyUnread={t('emptyUnread')}
      emptyTestId="alerts-empty"
      itemKey={(alert) => alert.id}
      renderItem={(alert) => (
        <AlertRow
          alert={alert}
          pendingRequest={alert.overrideRequestId !== null && pendingIds.has(alert.overrideRequestId)}
          pendingTripRequest={alert.tripRequestId !== null && pendingTripIds.has(alert.tripRequestId)}
        />
      )}
    />
  );
}

/**
 * One alert: click marks it read; a pending override request offers Approve (hours) and Deny,
 * a driver's pending trip request Approve and Deny; a trip's alert links to the trip.
 */
function AlertRow({ alert, pendingRequest, pendingTripRequest }: { alert: CompanyAlert; pendingRequest: boolean; pendingTripRequest: boolean }) {
  const { t } = useTranslation('alerts');
  const [markRead] = useMarkAlertReadMutation();
  const open = () => {
    if (!alert.read) void markRead(alert.id);
  };
  return (
    <InboxEntry
      testId="alert-row"
      read={alert.read}
      icon={kindIcon[alert.kind]}
      iconLabel={t(`kinds.${alert.kind}`)}
      title={alert.text}
      subtitle={[alert.driverName, maskCardNumber(alert.cardNumber)].filter(Boolean).join(' · ')}
      createdAt={alert.createdAt}
      onOpen={open}
      extra={
        alert.requestStatus && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="alert-decision" data-status={alert.requestStatus}>
            {t(`decision.${alert.requestStatus}`, {
              by: alert.decidedBy || t('decision.someone'),
              when: alert.decidedAt ? formatMonthDayTime(alert.decidedAt) : '',
            })}
          </Typography>
        )
      }
    >
      {pendingRequest && alert.overrideRequestId !== null && <RequestDecision requestId={alert.overrideRequestId} onDecided={open} />}
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
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }}>
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
    </InboxEntry>
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
