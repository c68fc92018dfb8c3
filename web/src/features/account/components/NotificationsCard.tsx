import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { devicePushState, deviceSubscription, pushApi, useTurnOnPush, type PushState } from '@/lib/push';
import '@/lib/i18n/texts/account';

/**
 * "Notifications on this device": subscribes this browser to push notifications (asking
 * for permission first) or unsubscribes it (docs/notifications.md).
 */
export function NotificationsCard() {
  const { t } = useTranslation('account');
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [remove] = pushApi.useDeletePushSubscriptionMutation();
  const turnOn = useTurnOnPush();

  // A browser that is on is saved again: the server may have forgotten it (a push
  // service said it was gone, the keys were rotated), and a subscription made with an
  // old key is replaced (docs/notifications.md).
  useEffect(() => {
    let live = true;
    void devicePushState().then(async (s) => {
      if (live) setState(s);
      if (s === 'on') await turnOn().catch(() => undefined);
    });
    return () => {
      live = false;
    };
  }, [turnOn]);

  const turnOff = async () => {
    const sub = await deviceSubscription();
    if (sub) {
      await remove({ endpoint: sub.endpoint }).unwrap();
      await sub.unsubscribe();
    }
    return 'off' as const;
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnOn() : turnOff()));
    } catch (error) {
      notify.error(errorMessage(error, t('notifications.failed')));
      setState(await devicePushState());
    } finally {
      setBusy(false);
    }
  };

  const hint: Record<PushState | 'checking', string> = {
    checking: '',
    unsupported: t('notifications.unsupported'),
    blocked: t('notifications.blocked'),
    on: t('notifications.on'),
    off: t('notifications.off'),
  };
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h3" component="h2">
            {t('notifications.title')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={state === 'on'}
                disabled={busy || state === 'checking' || state === 'unsupported' || state === 'blocked'}
                onChange={(event) => void toggle(event.target.checked)}
              />
            }
            label={t('notifications.switch')}
          />
          {state === 'blocked' || state === 'unsupported' ? (
            <Alert severity="info" data-testid="push-state" data-state={state}>
              {hint[state]}
            </Alert>
          ) : (
            <Typography variant="body2" color="textSecondary" data-testid="push-state" data-state={state}>
              {hint[state]}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
