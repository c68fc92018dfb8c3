import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { viewerTime } from '@/lib/format';
import { notify } from '@/lib/notifier';
import {
  useGetWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/webhooks-api';
import '@/lib/i18n/texts/integrations';

const statusColor = { PENDING: 'warning', DELIVERED: 'success', FAILED: 'error' } as const;

/** An endpoint's newest deliveries: status, attempts, last answer or error; each can be sent again. */
export function DeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isLoading, isFetching, isError, refetch } = useGetWebhookDeliveriesQuery(endpoint.id);
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="deliveries-title">
      <DialogTitle id="deliveries-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('deliveries.title')}
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {isLoading && <LoadingRows rows={3} height={56} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('deliveries.loadFailed')} />}
        {data && data.length === 0 && <EmptyState testId="deliveries-empty">{t('deliveries.empty')}</EmptyState>}
        {data && data.length > 0 && (
          <List aria-label={t('deliveries.title')} disablePadding>
            {data.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} endpointActive={endpoint.active} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryRow({ delivery, endpointActive }: { delivery: WebhookDelivery; endpointActive: boolean }) {
  const { t } = useTranslation('integrations');
  const [resend, { isLoading }] = useResendWebhookDeliveryMutation();
  const run = async () => {
    try {
      await resend(delivery.id).unwrap();
      notify.success(t('deliveries.resent'));
    } catch (error) {
      notify.error(errorMessage(error, t('deliveries.resendFailed')));
    }
  };
  const answer = delivery.responseCode !== null ? t('deliveries.responseCode', { code: delivery.responseCode }) : t('deliveries.noResponse');
  return (
    <Stack
      component="li"
      data-testid="delivery-row"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
    >
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color={statusColor[delivery.status]} label={t(`deliveries.status.${delivery.status}`)} />
          <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{delivery.eventType}</Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {[
            viewerTime(delivery.createdAt).format('MMM D, h:mm:ss A'),
            t('deliveries.attempts', { count: delivery.attempts }),
            delivery.attempts > 0 ? answer : null,
            delivery.nextAttemptAt ? t('deliveries.nextAttempt', { when: viewerTime(delivery.nextAttemptAt).format('MMM D, h:mm A') }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {delivery.lastError && (
          <Typography variant="body2" sx={{ color: 'error.light', overflowWrap: 'anywhere' }}>
            {delivery.lastError}
          </Typography>
        )}
        <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {delivery.eventId}
        </Typography>
      </Stack>
      <Button size="small" variant="outlined" disabled={isLoading || !endpointActive} onClick={() => void run()} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
        {t('deliveries.resend')}
      </Button>
    </Stack>
  );
}
