import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { devicePushState, useTurnOnPush } from '@/lib/push';
import '@/lib/i18n/texts/dashboard';

/** Local storage: the driver answered the invitation on this device (docs/product.md §9). */
export const PUSH_INVITE_KEY = 'pushInviteAnswered';

type Shown = 'hidden' | 'invite' | 'on' | 'blocked' | 'failed';

/** Whether the driver's dashboard invites this device: 'pending' until its push state is known. */
export type PushInviteDecision = 'pending' | 'invite' | 'hidden';

/**
 * Whether the invitation shows on this device (below): only where the browser can have
 * notifications and they are off, and not after an answer. The dashboard holds its tiles unseen
 * until this is known, so that the invitation appearing above them pushes nothing down.
 */
export function usePushInviteDecision(enabled: boolean): PushInviteDecision {
  const [decision, setDecision] = useState<PushInviteDecision>(() => (localStorage.getItem(PUSH_INVITE_KEY) ? 'hidden' : 'pending'));
  useEffect(() => {
    if (!enabled || decision !== 'pending') return;
    let live = true;
    devicePushState().then(
      (state) => live && setDecision(state === 'off' ? 'invite' : 'hidden'),
      () => live && setDecision('hidden'),
    );
    return () => {
      live = false;
    };
    // Once: an answer given later hides the invitation itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  return enabled ? decision : 'hidden';
}

/**
 * The driver's dashboard asks once per device to turn on notifications (declines, override answers,
 * trip changes), where usePushInviteDecision says so. Turn on asks the browser;
 * when it refuses, how to allow them in its settings. Not now, or any answer, ends the invitation.
 */
export function PushInvite() {
  const { t } = useTranslation('dashboard');
  const turnOn = useTurnOnPush();
  const [shown, setShown] = useState<Shown>('invite');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const answer = (next: Shown) => {
    localStorage.setItem(PUSH_INVITE_KEY, '1');
    setShown(next);
  };
  const accept = async () => {
    setBusy(true);
    try {
      const result = await turnOn();
      answer(result === 'on' ? 'on' : result === 'blocked' ? 'blocked' : 'hidden');
    } catch (failure) {
      setError(errorMessage(failure, t('pushInvite.failed')));
      setShown('failed');
    } finally {
      setBusy(false);
    }
  };

  if (shown === 'hidden') return null;
  if (shown === 'on' || shown === 'blocked')
    return (
      <Grid size={12}>
        <Alert severity={shown === 'on' ? 'success' : 'warning'} onClose={() => setShown('hidden')} data-testid="push-invite" data-state={shown}>
          {t(`pushInvite.${shown}`)}
        </Alert>
      </Grid>
    );
  return (
    <Grid size={12}>
      <Alert
        severity={shown === 'failed' ? 'error' : 'info'}
        icon={<NotificationsActiveIcon />}
        data-testid="push-invite"
        data-state={shown}
        sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      >
        {shown === 'failed' ? error : t('pushInvite.text')}
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={() => void accept()} disabled={busy}>
            {t('pushInvite.turnOn')}
          </Button>
          <Button size="small" onClick={() => answer('hidden')} disabled={busy}>
            {t('pushInvite.notNow')}
          </Button>
        </Stack>
      </Alert>
    </Grid>
  );
}
