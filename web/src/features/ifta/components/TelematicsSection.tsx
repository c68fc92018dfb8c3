import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useGetTelematicsSettingsQuery, useRotateTelematicsTokenMutation } from '../api/ifta-api';
import '@/lib/i18n/texts/ifta';

/** A value to copy into Traccar's configuration: wraps on a phone, selectable, with a copy button. */
function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('ifta');
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" color="textSecondary" component="div">
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Box component="code" sx={{ overflowWrap: 'anywhere', fontSize: '0.875rem', flex: 1, minWidth: 0 }}>
          {value}
        </Box>
        <Button
          size="small"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? t('telematics.copied') : t('telematics.copy')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The owner's Telematics section: where Traccar forwards to and the token (made or rotated here, shown once). */
export function TelematicsSection() {
  const { t } = useTranslation('ifta');
  const { data, isLoading, error, refetch } = useGetTelematicsSettingsQuery();
  const [rotate, { isLoading: rotating }] = useRotateTelematicsTokenMutation();
  const [token, setToken] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);

  const make = async () => {
    setConfirm(false);
    try {
      setToken((await rotate().unwrap()).token);
    } catch (e) {
      notify.error(errorMessage(e, t('telematics.rotateFailed')));
    }
  };

  let body;
  if (isLoading) body = <LoadingRows rows={2} />;
  else if (error || !data) body = <LoadError message={t('telematics.loadError')} onRetry={() => void refetch()} />;
  else {
    const url = data.forwardUrl || `${window.location.origin}${data.forwardPath}`;
    body = (
      <>
        <CopyLine label={t('telematics.url')} value={url} />
        <CopyLine label={t('telematics.header')} value={`Authorization: Bearer ${token ?? 'tlm_…'}`} />
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('telematics.json')}
        </Typography>
        {token && (
          <Alert severity="success" sx={{ mb: 1.5 }} data-testid="telematics-token">
            {t('telematics.newToken')}
            <Box component="code" sx={{ display: 'block', overflowWrap: 'anywhere', mt: 0.5 }}>
              {token}
            </Box>
          </Alert>
        )}
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {data.tokenCreatedAt ? t('telematics.tokenSince', { date: dayjs(data.tokenCreatedAt).format('MMM D, YYYY h:mm A') }) : t('telematics.noToken')}
        </Typography>
        <Button variant="outlined" disabled={rotating} onClick={() => (data.tokenCreatedAt ? setConfirm(true) : void make())}>
          {data.tokenCreatedAt ? t('telematics.rotate') : t('telematics.make')}
        </Button>
      </>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="telematics-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="telematics-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('telematics.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('telematics.intro')}
      </Typography>
      {body}
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="telematics-rotate-title">
        <DialogTitle id="telematics-rotate-title">{t('telematics.rotate')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('telematics.rotateConfirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('telematics.cancel')}</Button>
          <Button variant="contained" onClick={() => void make()}>
            {t('telematics.rotate')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
