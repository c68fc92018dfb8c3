import SensorsIcon from '@mui/icons-material/Sensors';
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
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { viewerTime } from '@/lib/format';
import { notify } from '@/lib/notifier';
import {
  type TelematicsConnector,
  type TelematicsVendor,
  useDeleteConnectorMutation,
  useGetConnectorsQuery,
  useSaveConnectorMutation,
} from '../api/connectors-api';
import '@/lib/i18n/texts/integrations';

const vendorNames: Record<TelematicsVendor, string> = { samsara: 'Samsara', geotab: 'Geotab', motive: 'Motive' };

type Open = { kind: 'connect'; vendor: TelematicsVendor } | { kind: 'disconnect'; vendor: TelematicsVendor };

/** The company's telematics pull connectors: connect with a token (kept sealed, never shown again), status, disconnect. */
export function ConnectorsSection() {
  const { t } = useTranslation('integrations');
  const { data, isLoading, isFetching, isError, refetch } = useGetConnectorsQuery(undefined, { pollingInterval: 30_000 });
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  return (
    <Card component="section" aria-labelledby="connectors-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <SensorsIcon color="primary" />
          <Typography variant="h2" id="connectors-title">
            {t('connectors.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('connectors.intro')}
        </Typography>
        {isLoading && <LoadingRows rows={3} height={72} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('connectors.loadFailed')} />}
        {data && (
          <List aria-label={t('connectors.title')} disablePadding>
            {data.map((connector) => (
              <ConnectorRow key={connector.vendor} connector={connector} onOpen={setOpen} />
            ))}
          </List>
        )}
      </CardContent>
      {open?.kind === 'connect' && <ConnectDialog vendor={open.vendor} onClose={close} />}
      {open?.kind === 'disconnect' && <DisconnectDialog vendor={open.vendor} onClose={close} />}
    </Card>
  );
}

function ConnectorRow({ connector, onOpen }: { connector: TelematicsConnector; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('integrations');
  const name = vendorNames[connector.vendor];
  const failing = connector.configured && connector.lastError !== '';
  return (
    <Box component="li" data-testid={`connector-${connector.vendor}`} sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        {!connector.configured && <Chip size="small" label={t('connectors.notConnected')} />}
        {connector.configured && !failing && <Chip size="small" color="success" label={t('connectors.connected')} />}
        {failing && <Chip size="small" color="error" label={t('connectors.failing')} />}
      </Stack>
      {connector.configured && (
        <Stack spacing={0.5} sx={{ mt: 0.5 }}>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {connector.lastPullAt
              ? t('connectors.lastPull', { when: viewerTime(connector.lastPullAt).format('MMM D, h:mm A'), count: connector.positions })
              : t('connectors.neverPulled')}
          </Typography>
          {connector.database && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('connectors.databaseOn', { database: connector.database, server: connector.server ?? '' })}
            </Typography>
          )}
          {failing && (
            <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
              {t('connectors.lastError', {
                when: connector.lastErrorAt ? viewerTime(connector.lastErrorAt).format('MMM D, h:mm A') : '',
                error: connector.lastError,
              })}
            </Alert>
          )}
          {connector.unmatchedVehicles.length > 0 && (
            <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }} data-testid={`connector-${connector.vendor}-unmatched`}>
              {t('connectors.unmatched', { names: connector.unmatchedVehicles.join(', ') })}
            </Alert>
          )}
        </Stack>
      )}
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }} role="group" aria-label={name}>
        <Button size="small" onClick={() => onOpen({ kind: 'connect', vendor: connector.vendor })}>
          {connector.configured ? t('connectors.replaceToken') : t('connectors.connect')}
        </Button>
        {connector.configured && (
          <Button size="small" color="error" sx={{ color: 'error.light' }} onClick={() => onOpen({ kind: 'disconnect', vendor: connector.vendor })}>
            {t('connectors.disconnect')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** Enter the vendor's token (tested by the server with one call, then kept sealed and never shown again). */
function ConnectDialog({ vendor, onClose }: { vendor: TelematicsVendor; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const [save, { isLoading }] = useSaveConnectorMutation();
  const [token, setToken] = useState('');
  const [user, setUser] = useState('');
  const [database, setDatabase] = useState('');
  const [server, setServer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const geotab = vendor === 'geotab';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((geotab && (!user.trim() || !database.trim())) || !token.trim()) {
      setError(t('connectors.form.required'));
      return;
    }
    const body = geotab ? { token: `${user.trim()}:${token}`, database: database.trim(), server: server.trim() || undefined } : { token: token.trim() };
    try {
      await save({ vendor, body }).unwrap();
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('connectors.form.failed')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="connect-title">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="connect-title">
          {t('connectors.connect')} {vendorNames[vendor]}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {geotab && (
              <>
                <TextField label={t('connectors.form.user')} value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" required />
                <TextField label={t('connectors.form.database')} value={database} onChange={(e) => setDatabase(e.target.value)} autoComplete="off" required />
                <TextField
                  label={t('connectors.form.server')}
                  value={server}
                  onChange={(e) => setServer(e.target.value)}
                  placeholder="my.geotab.com"
                  autoComplete="off"
                />
              </>
            )}
            <TextField
              label={geotab ? t('connectors.form.password') : t('connectors.form.token')}
              type="password"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              autoComplete="new-password"
              required
              slotProps={{ htmlInput: { 'data-testid': 'connector-token', spellCheck: false, maxLength: 2000 } }}
              helperText={t('connectors.form.tokenHint')}
            />
            {error && (
              <Alert severity="error" sx={{ overflowWrap: 'anywhere' }} role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('connectors.form.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DisconnectDialog({ vendor, onClose }: { vendor: TelematicsVendor; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const [remove, { isLoading }] = useDeleteConnectorMutation();
  const run = async () => {
    try {
      await remove(vendor).unwrap();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('connectors.form.failed')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="disconnect-title">
      <DialogTitle id="disconnect-title">
        {t('connectors.disconnect')} {vendorNames[vendor]}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('connectors.disconnectExplain')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void run()}>
          {t('connectors.disconnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
