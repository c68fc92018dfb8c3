import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { sendOrQueue } from '@/lib/outbox/outbox';
import { useAppDispatch } from '@/lib/store';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

const MAX_ODOMETER = 9_999_999;

/** Drivers: the odometer of their card's vehicle, now (POST /api/wex/odometer; docs/product.md, Pump prompts). */
export function OdometerTile() {
  const { t } = useTranslation('dashboard');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const miles = Number(value);
    if (value.trim() === '' || !Number.isInteger(miles) || miles < 0 || miles > MAX_ODOMETER) {
      setError(t('common:serverMessages.odometerBounds'));
      return;
    }
    setError(undefined);
    setLoading(true);
    try {
      // Offline, the reading waits on this phone (with the time it was read) until the connection is back.
      const outcome = await dispatch(sendOrQueue('odometer', { odometer: miles }));
      notify[outcome === 'queued' ? 'info' : 'success'](t(outcome === 'queued' ? 'common:outbox.queued' : 'odometer.saved'));
      setValue('');
    } catch (err) {
      const byField = fieldErrors(err);
      setError(byField?.odometer ?? errorMessage(err, t('odometer.failed')));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Tile title={t('odometer.title')} testId="odometer-tile">
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit} noValidate sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('odometer.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('odometer.help')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ minHeight: 56, flexShrink: 0 }}>
          {t('odometer.save')}
        </Button>
      </Stack>
    </Tile>
  );
}
