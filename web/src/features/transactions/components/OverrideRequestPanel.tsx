import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { errorMessage, errorStatus } from '@/lib/api';
import { applyServerError, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { OVERRIDE_MESSAGE_MAX } from '../api/contract';
import {
  useGetOverrideRequestsQuery,
  useGetTransactionsInfiniteQuery,
  useRequestOverrideMutation,
  type OverrideRequest,
  type TransactionQuery,
} from '../api/transactions-api';
import { declineSentence } from '../model/decline';

const untilText = (until: string) => dayjs(until).format('MMM D, h:mm A');

/** One request's state as the driver reads it: pending, approved until …, or denied. */
function RequestStatus({ request }: { request: OverrideRequest }) {
  const { t } = useTranslation('transactions');
  const severity = request.status === 'PENDING' ? 'info' : request.status === 'APPROVED' ? 'success' : 'error';
  const ended = request.status === 'APPROVED' && request.overrideUntil !== null && dayjs(request.overrideUntil).isBefore(dayjs());
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
 * override" (optional message), or the state of the request already made for it (issue 11).
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
  if (!declined || requests.isLoading) return null;
  const request = requests.data?.find((candidate) => candidate.transactionId === declined.transactionId);
  const sentence = declineSentence(t, declined.declineCode, declined.declineReason);
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="override-request-panel">
      <Alert
        severity="warning"
        action={
          request ? undefined : (
            <Button color="inherit" size="small" onClick={() => setAsking(true)} sx={{ whiteSpace: 'nowrap' }}>
              {t('override.request')}
            </Button>
          )
        }
        sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        {sentence ? t('override.lastDeclined', { reason: sentence }) : t('override.lastDeclinedNoReason')}
      </Alert>
      {request && <RequestStatus request={request} />}
      {asking && <RequestOverrideDialog onClose={() => setAsking(false)} />}
    </Stack>
  );
}

const requestSchema = (t: (key: string, options?: Record<string, unknown>) => string) =>
  z.object({
    message: z
      .string()
      .trim()
      .max(OVERRIDE_MESSAGE_MAX, t('override.messageMax', { max: OVERRIDE_MESSAGE_MAX })),
  });

function RequestOverrideDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const schema = useMemo(() => requestSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { message: '' } });
  const [send, { isLoading }] = useRequestOverrideMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async ({ message }: { message: string }) => {
    setFormError(null);
    try {
      await send(message ? { message } : {}).unwrap();
      notify.success(t('override.sent'));
      onClose();
    } catch (error) {
      if (errorStatus(error) === 409) {
        setFormError(errorMessage(error, t('override.conflict')));
        return;
      }
      setFormError(applyServerError(error, form.setError, ['message'], t('override.failed')) ?? null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="override-request-title">
      <Form form={form} onSubmit={submit} aria-label={t('override.dialogTitle')}>
        <DialogTitle id="override-request-title">{t('override.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('override.dialogExplain')}
            </Typography>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput name="message" label={t('override.message')} multiline minRows={3} autoFocus fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={isLoading}>{t('override.send')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
