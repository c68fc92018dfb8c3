import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import {
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  type NotificationPreference,
  type NotificationSettings,
} from '../api/notification-settings-api';
import '@/lib/i18n/texts/alerts';

const CHANNELS = ['push', 'email', 'inApp'] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * "What you are told of": per event, push / e-mail / in the app, and quiet hours on the company's
 * clock (docs/notifications.md). Owners' in-app channel is their alerts page, always on.
 */
export function NotificationSettingsCard({ owner }: { owner: boolean }) {
  const { t } = useTranslation('alerts');
  const { data, isLoading, isError, isFetching, refetch } = useGetNotificationSettingsQuery();
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h3" component="h2">
            {t('notifications.preferences.title')}
          </Typography>
          {isLoading && <Skeleton variant="rounded" height={160} />}
          {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('notifications.preferences.loadFailed')} />}
          {data && <SettingsForm key={JSON.stringify(data)} settings={data} owner={owner} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings, owner }: { settings: NotificationSettings; owner: boolean }) {
  const { t } = useTranslation('alerts');
  const [events, setEvents] = useState<NotificationPreference[]>(settings.events);
  const [quiet, setQuiet] = useState(settings.quietHours !== null);
  const [start, setStart] = useState(settings.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(settings.quietHours?.end ?? '07:00');
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveNotificationSettingsMutation();

  const toggle = (index: number, channel: Channel, on: boolean) =>
    setEvents((list) => list.map((p, i) => (i === index ? { ...p, [channel]: on } : p)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await save({
        events: events.map(({ event: name, push, email, inApp }) => ({ event: name, push, email, inApp })),
        quietHours: quiet ? { start, end } : null,
      }).unwrap();
      notify.success(t('notifications.preferences.saved'));
    } catch (error) {
      setFailure(errorMessage(error, t('notifications.preferences.failed')));
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack spacing={2}>
        <Typography variant="body2" color="textSecondary">
          {t('notifications.preferences.intro')}
        </Typography>
        {events.map((pref, index) => (
          <Box component="fieldset" key={pref.event} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }} data-testid="notification-event">
            <Typography component="legend" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {t(`notifications.preferences.events.${pref.event}`)}
            </Typography>
            {pref.urgent && (
              <Typography variant="caption" color="textSecondary">
                {t('notifications.preferences.urgent')}
              </Typography>
            )}
            <FormGroup row sx={{ columnGap: 1 }}>
              {CHANNELS.map((channel) => (
                <FormControlLabel
                  key={channel}
                  control={
                    <Checkbox
                      checked={pref[channel]}
                      disabled={owner && channel === 'inApp'}
                      onChange={(e) => toggle(index, channel, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `${t(`notifications.preferences.events.${pref.event}`)}: ${t(`notifications.preferences.${channel}`)}` } }}
                    />
                  }
                  label={t(`notifications.preferences.${channel}`)}
                />
              ))}
            </FormGroup>
          </Box>
        ))}
        {owner && (
          <Typography variant="caption" color="textSecondary">
            {t('notifications.preferences.ownerInApp')}
          </Typography>
        )}
        <FormControlLabel
          control={<Switch checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />}
          label={t('notifications.preferences.quietHours')}
        />
        {quiet && (
          <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }}>
            <TextField
              type="time"
              label={t('notifications.preferences.quietStart')}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 140, flex: 1 }}
            />
            <TextField
              type="time"
              label={t('notifications.preferences.quietEnd')}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 140, flex: 1 }}
            />
          </Stack>
        )}
        <Typography variant="body2" color="textSecondary">
          {t('notifications.preferences.quietHoursHint', { zone: settings.timeZone })}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('notifications.preferences.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
