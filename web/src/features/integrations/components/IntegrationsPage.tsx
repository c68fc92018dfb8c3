import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WebhookIcon from '@mui/icons-material/Webhook';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { usePermissions } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useDeleteWebhookMutation, useGetWebhooksQuery, type WebhookEndpoint, type WebhookEndpointCreated } from '../api/webhooks-api';
import { ConnectorsSection } from './ConnectorsSection';
import { DeliveriesDialog } from './DeliveriesDialog';
import { QuickBooksSection } from './QuickBooksSection';
import { WebhookDialog } from './WebhookDialog';
import '@/lib/i18n/texts/integrations';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; created: WebhookEndpointCreated };

/**
 * /integrations: the company's webhook endpoints (docs/webhooks.md) and telematics connectors (docs/feeds.md) for
 * owners and admins, and the QuickBooks Online connection for them and bookkeepers (docs/product.md).
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { can } = usePermissions();
  return (
    <Page title={t('title')} maxWidth="md" leading={<BackButton to={paths.settings} label={t('back')} />}>
      <Stack spacing={2}>
        {can('webhooks.manage') && <WebhooksSection />}
        {can('telematics.manage') && <ConnectorsSection />}
        {can('accounting.sync') && <QuickBooksSection />}
      </Stack>
    </Page>
  );
}

function WebhooksSection() {
  const { t } = useTranslation('integrations');
  const { data, isLoading, isFetching, isError, refetch } = useGetWebhooksQuery();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const endpoints = data?.content ?? [];
  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <CardContent>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <WebhookIcon color="primary" />
            <Typography variant="h2" id="webhooks-title">
              {t('webhooks.title')}
            </Typography>
          </Stack>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })} disabled={!data}>
            {t('webhooks.add')}
          </Button>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('webhooks.intro')}
        </Typography>
        {isLoading && <LoadingRows rows={2} height={72} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('webhooks.loadFailed')} />}
        {data && endpoints.length === 0 && <EmptyState testId="webhooks-empty">{t('webhooks.empty')}</EmptyState>}
        {endpoints.length > 0 && (
          <List aria-label={t('webhooks.title')} disablePadding>
            {endpoints.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onOpen={setOpen} />
            ))}
          </List>
        )}
      </CardContent>
      {open?.kind === 'add' && data && (
        <WebhookDialog eventTypes={data.eventTypes} onClose={close} onAdded={(created) => setOpen({ kind: 'secret', created })} />
      )}
      {open?.kind === 'edit' && data && (
        <WebhookDialog endpoint={open.endpoint} eventTypes={data.eventTypes} onClose={close} onAdded={close} />
      )}
      {open?.kind === 'delete' && <DeleteDialog endpoint={open.endpoint} onClose={close} />}
      {open?.kind === 'deliveries' && <DeliveriesDialog endpoint={open.endpoint} onClose={close} />}
      {open?.kind === 'secret' && <SecretDialog created={open.created} onClose={close} />}
    </Card>
  );
}

function EndpointRow({ endpoint, onOpen }: { endpoint: WebhookEndpoint; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Box component="li" data-testid="webhook-row" sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontWeight: 600 }}>{endpoint.url}</Typography>
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
        <Chip size="small" color={endpoint.active ? 'success' : 'default'} label={endpoint.active ? t('webhooks.active') : t('webhooks.inactive')} />
        {endpoint.failing && <Chip size="small" color="error" label={t('webhooks.failing')} />}
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {endpoint.events.map((type) => t(`events.${type}`)).join(', ')}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}
        role="group"
        aria-label={t('webhooks.actionsFor', { url: endpoint.url })}
      >
        <Button size="small" onClick={() => onOpen({ kind: 'deliveries', endpoint })}>
          {t('webhooks.deliveries')}
        </Button>
        <Button size="small" onClick={() => onOpen({ kind: 'edit', endpoint })}>
          {t('webhooks.edit')}
        </Button>
        <Button size="small" color="error" sx={{ color: 'error.light' }} onClick={() => onOpen({ kind: 'delete', endpoint })}>
          {t('webhooks.delete')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The new endpoint's signing secret, shown this once, with a copy button. */
function SecretDialog({ created, onClose }: { created: WebhookEndpointCreated; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      notify.success(t('secret.copied'));
    } catch {
      notify.error(t('secret.copyFailed'));
    }
  };
  return (
    <Dialog open onClose={(_, reason) => reason !== 'backdropClick' && onClose()} fullWidth maxWidth="sm" aria-labelledby="secret-title">
      <DialogTitle id="secret-title">{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secret.explain')}</Alert>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {created.url}
          </Typography>
          <OutlinedInput
            readOnly
            value={created.secret}
            inputProps={{ 'aria-label': t('secret.label'), 'data-testid': 'webhook-secret', spellCheck: false }}
            onFocus={(event) => event.target.select()}
            sx={{ fontFamily: 'monospace', fontSize: 14 }}
            endAdornment={
              <InputAdornment position="end">
                <IconButton onClick={() => void copy()} aria-label={t('secret.copy')} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </InputAdornment>
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const [remove, { isLoading }] = useDeleteWebhookMutation();
  const run = async () => {
    try {
      await remove(endpoint.id).unwrap();
      notify.success(t('delete.deleted'));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('delete.failed')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="delete-webhook-title">
      <DialogTitle id="delete-webhook-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{t('delete.explain', { url: endpoint.url })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void run()}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
