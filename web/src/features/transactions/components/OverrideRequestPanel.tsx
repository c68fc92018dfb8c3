import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonthDayTime, viewerTime } from '@/lib/format';
import { selectOutboxItems } from '@/lib/outbox/outbox-slice';
import { useAppSelector } from '@/lib/store';
import {
  useGetDriverCardQuery,
  useGetOverrideRequestsQuery,
  useGetTransactionsInfiniteQuery,
  type OverrideRequest,
  type TransactionQuery,
} from '../api/transactions-api';
import { declineSentence } from '../model/decline';
import { isPromptDecline } from '../model/pump-prompts';
import '@/lib/i18n/texts/transactions';

// The form (and its validation library) loads when the driver opens it, not with the list.
const RequestOverrideDialog = lazy(async () => ({ default: (await import('./RequestOverrideDialog')).RequestOverrideDialog }));

const untilText = formatMonthDayTime;

/** One request's state as the driver reads it: pending, approved until …, or denied. */
function RequestStatus({ request }: { request: OverrideRequest }) {
  const { t } = useTranslation('transactions');
  const severity = request.status === 'PENDING' ? 'info' : request.status === 'APPROVED' ? 'success' : 'error';
  const ended = request.status === 'APPROVED' && request.overrideUntil !== null && viewerTime(request.overrideUntil).isBefore(dayjs());
  const text =
    request.status === 'APPROVED' && request.overrideUntil
      ? t(ended ? 'override.status.APPROVED_ENDED' : 'override.status.APPROVED', { until: untilText(request.overrideUntil) })
      : t(`override.status.${request.status}`, { until: '' });
  return (
    <Alert severity={severity} data-testid="override-request-status" data-status={request.status}>
      {text}
    </Alert>
  );
}

/** The newest override request about this purchase, if the driver asked (driver's transaction detail). */
export function OverrideRequestStatusNote({ transactionId }: { transactionId: number }) {
  const { data } = useGetOverrideRequestsQuery();
  const request = data?.find((candidate) => candidate.transactionId === transactionId);
  return request ? <RequestStatus request={request} /> : null;
}

/**
 * The driver's transactions list: their newest declined purchase with its reason, and "Request
 * override" (optional message), or the state of the request already made for it.
 */
export function OverrideRequestPanel({ query }: { query: TransactionQuery }) {
  const { t } = useTranslation('transactions');
  // The list's own cache entry: no extra request.
  const { data } = useGetTransactionsInfiniteQuery(query);
  const declined = useMemo(
    () => data?.pages.flatMap((page) => page.content).find((transaction) => transaction.status === 'DECLINED'),
    [data],
  );
  const requests = useGetOverrideRequestsQuery(undefined, { skip: !declined });
  const [asking, setAsking] = useState(false);
  // The driver's card (its cached answer) names what to type at the pump after a prompt decline.
  const card = useGetDriverCardQuery(undefined, { skip: query.scope !== 'driver' || !isPromptDecline(declined?.declineCode) });
  // A request made offline waits in the outbox (shown on top of the page): no second one.
  const queued = useAppSelector(selectOutboxItems).some((item) => item.kind === 'overrideRequest' && (item.status === 'waiting' || item.status === 'sending'));
  if (!declined || requests.isLoading) return null;
  const request = requests.data?.find((candidate) => candidate.transactionId === declined.transactionId);
  const sentence = declineSentence(t, declined.declineCode, declined.declineReason);
  // A wrong or missing pump prompt is fixed by typing the right value, not by an override.
  const prompt = isPromptDecline(declined.declineCode) && declined.declineCode ? declined.declineCode : null;
  const promptValue = prompt === 'DRIVER_ID_INVALID' ? card.data?.prompts.driverId : prompt === 'UNIT_NUMBER_INVALID' ? card.data?.prompts.unitNumber : null;
  return (
    // Spaced from the list below it (transactions); last in the driver's card, the card's own padding ends it.
    <Stack spacing={1} sx={{ mb: 2, '&:last-child': { mb: 0 } }} data-testid="override-request-panel">
      <Alert
        severity="warning"
        action={
          request || queued || prompt ? undefined : (
            <Button color="inherit" size="small" onClick={() => setAsking(true)} sx={{ whiteSpace: 'nowrap' }}>
              {t('override.request')}
            </Button>
          )
        }
        // On a phone the action takes a line of its own under the text; the icon stays beside the text.
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0, overflowWrap: 'anywhere' },
          '& .MuiAlert-action': { flexBasis: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' },
        }}
      >
        {sentence ? t('override.lastDeclined', { reason: sentence }) : t('override.lastDeclinedNoReason')}
        {prompt && (prompt === 'ODOMETER_INVALID' || promptValue) && (
          <Typography component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }} data-testid="prompt-retype">
            {t(`prompts.retype.${prompt}` as 'prompts.retype.DRIVER_ID_INVALID', { value: promptValue ?? '' })}
          </Typography>
        )}
      </Alert>
      {request && <RequestStatus request={request} />}
      {asking && (
        <Suspense fallback={null}>
          <RequestOverrideDialog declined={declined} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
