import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notifier';
import { formatDateYear } from '@/lib/format';
import { errorMessage } from '@/lib/api';
import { useDecideDriverRequestMutation, useGetDriverRequestsQuery, type DriverRequest } from '../api/driver-requests-api';
import '@/lib/i18n/texts/fuelCards';

/**
 * Drivers waiting for the company's approval, with Approve and Reject (owners only). On the
 * dashboard (`hideWhenEmpty`) the section shows only while requests wait; on the fuel cards
 * screen it also says when there are none.
 */
export function DriverRequests({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation('fuelCards');
  const { data, isLoading, isError, refetch } = useGetDriverRequestsQuery();
  // The dashboard shows the section only once requests are known to wait (no loading flash).
  if (hideWhenEmpty && (isLoading || (!isError && (data?.length ?? 0) === 0))) return null;
  return (
    <Card component="section" aria-labelledby="driver-requests-title" data-testid="driver-requests">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2" id="driver-requests-title">
            {t('requests.title')}
          </Typography>
          {isLoading && (
            <Stack spacing={1} aria-label={t('common:loading')}>
              <Skeleton variant="rounded" height={72} />
            </Stack>
          )}
          {isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  {t('requests.retry')}
                </Button>
              }
            >
              {t('requests.loadFailed')}
            </Alert>
          )}
          {data && data.length === 0 && <Typography color="textSecondary">{t('requests.empty')}</Typography>}
          {data?.map((request) => (
            <DriverRequestRow
              key={request.id}
              request={request}
              rivals={data.filter((other) => other.cardNumber === request.cardNumber).length - 1}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One request; `rivals` is how many other pending requests name the same card (approving one declines them). */
function DriverRequestRow({ request, rivals }: { request: DriverRequest; rivals: number }) {
  const { t } = useTranslation('fuelCards');
  const [decide] = useDecideDriverRequestMutation();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const name = `${request.firstName} ${request.lastName}`.trim() || request.email;
  const run = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    try {
      await decide({ id: request.id, decision }).unwrap();
      notify.success(t(decision === 'approve' ? 'requests.approved' : 'requests.rejected', { name }));
    } catch (error) {
      notify.error(errorMessage(error, t('requests.decideFailed')));
      setBusy(null);
    }
  };
  return (
    <Stack
      component="article"
      aria-label={name}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}
    >
      <Stack sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {/* A phone number is one word: it wraps as a whole, never at its hyphen. */}
          {request.email} · <span style={{ whiteSpace: 'nowrap' }}>{request.phoneNumber}</span>
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('requests.card', { last4: request.cardNumber.slice(-4) })} ·{' '}
          {t('requests.requestedAt', { date: formatDateYear(request.requestedAt) })}
        </Typography>
        {rivals > 0 && (
          <Typography variant="body2" color="warning" data-testid="request-rivals">
            {t('requests.rivals', { count: rivals })}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button variant="outlined" color="error" sx={{ color: 'error.light', borderColor: 'error.light' }} disabled={busy !== null} onClick={() => void run('reject')} aria-label={t('requests.rejectLabel', { name })}>
          {t('requests.reject')}
        </Button>
        <Button variant="contained" disabled={busy !== null} onClick={() => void run('approve')} aria-label={t('requests.approveLabel', { name })}>
          {t('requests.approve')}
        </Button>
      </Stack>
    </Stack>
  );
}
