import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { formatDollars, formatMonthDayTime, maskCardNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useGetPendingOverrideRequestsQuery, type OverrideRequest } from '../api/alerts-api';
import { RequestDecision } from './RequestDecision';
import '@/lib/i18n/texts/alerts';

/**
 * The owner's dashboard: drivers' open override requests with Grant and Deny. Shown only while
 * requests wait (nothing while they load: the section is loaded after the page's first paint).
 */
export function OverrideRequestsPanel() {
  const { t } = useTranslation('alerts');
  const { data, isError, refetch } = useGetPendingOverrideRequestsQuery();
  if (!isError && !data?.length) return null;
  return (
    <Card component="section" aria-labelledby="override-requests-title" data-testid="override-requests">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h2" id="override-requests-title">
              {t('pending.title')}
            </Typography>
            <Button component={ReactRouterLink} to={paths.alerts} size="small">
              {t('pending.allAlerts')}
            </Button>
          </Stack>
          {isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  {t('pending.retry')}
                </Button>
              }
            >
              {t('pending.loadFailed')}
            </Alert>
          )}
          {data?.map((request) => <PendingRequestRow key={request.id} request={request} />)}
        </Stack>
      </CardContent>
    </Card>
  );
}

function PendingRequestRow({ request }: { request: OverrideRequest }) {
  const { t } = useTranslation('alerts');
  return (
    <Stack
      component="article"
      aria-label={request.driverName}
      data-testid="override-request-row"
      spacing={1}
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}
    >
      <Stack sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {request.driverName} · {maskCardNumber(request.cardNumber)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="override-request-purchase">
          {t('pending.purchase', { amount: formatDollars(request.attemptedAmount), station: request.locationName, time: formatMonthDayTime(request.declinedAt) })}
        </Typography>
        {request.declineReason && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('pending.declined', { reason: request.declineReason })}
          </Typography>
        )}
        {request.message && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            “{request.message}”
          </Typography>
        )}
        <Typography variant="caption" color="textSecondary" component="time" dateTime={request.createdAt}>
          {formatMonthDayTime(request.createdAt)}
        </Typography>
      </Stack>
      <RequestDecision
        requestId={request.id}
        approveText={t('pending.grant')}
        inset={false}
        promptDecline={request.declineCode === 'DRIVER_ID_INVALID' || request.declineCode === 'UNIT_NUMBER_INVALID' || request.declineCode === 'ODOMETER_INVALID'}
      />
    </Stack>
  );
}
