import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { useIsPhone } from '@/components/layout/AppShell';
import { errorMessage, fieldErrors } from '@/lib/api';
import { formatDateYearTime } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { useAddVehicleOdometerMutation, useGetVehicleOdometerQuery, type Vehicle } from '../api/vehicles-api';
import { MpgText, mpgChange } from './MpgText';
import '@/lib/i18n/texts/vehicles';

const MAX_ODOMETER = 9_999_999;
const miles = (value: number) => value.toLocaleString('en-US');

/** The vehicle's fuel economy over the last 30 days and the 30 before, with the trend between them. */
function MpgSummary({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const { current, prior, currentMiles, currentGallons } = vehicle.mpg;
  const change = mpgChange(vehicle.mpg);
  return (
    <Box component="section" aria-label={t('odometer.mpgTitle')} data-testid="odometer-mpg">
      <Typography variant="subtitle2" component="h3">
        {t('odometer.mpgTitle')}
      </Typography>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        <MpgText vehicle={vehicle} />
      </Typography>
      {current != null && (
        <Typography variant="body2" color="textSecondary">
          {t('odometer.mpgBasis', { miles: miles(currentMiles), gallons: currentGallons.toLocaleString('en-US', { maximumFractionDigits: 1 }) })}
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary">
        {prior == null ? t('odometer.trendNone') : t(change != null && change < 0 ? 'odometer.trendDown' : 'odometer.trendUp', { prior: prior.toFixed(1) })}
      </Typography>
    </Box>
  );
}

/** Adds an owner's reading: whole miles, read now or at a time given (not in the future). */
function AddReading({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const [value, setValue] = useState('');
  const [readAt, setReadAt] = useState('');
  const [errors, setErrors] = useState<{ odometer?: string; readAt?: string }>({});
  const [add, { isLoading }] = useAddVehicleOdometerMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const odometer = Number(value);
    if (value.trim() === '' || !Number.isInteger(odometer) || odometer < 0 || odometer > MAX_ODOMETER) {
      setErrors({ odometer: t('odometer.bounds') });
      return;
    }
    const at = readAt ? dayjs(readAt) : null;
    if (at && (!at.isValid() || at.isAfter(dayjs()))) {
      setErrors({ readAt: t('odometer.future') });
      return;
    }
    setErrors({});
    try {
      await add({ id: vehicle.id, reading: at ? { odometer, readAt: at.toISOString() } : { odometer } }).unwrap();
      notify.success(t('odometer.saved'));
      setValue('');
      setReadAt('');
    } catch (err) {
      const byField = fieldErrors(err);
      if (byField?.odometer || byField?.readAt) setErrors({ odometer: byField.odometer, readAt: byField.readAt });
      else notify.error(errorMessage(err, t('odometer.failed')));
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate aria-label={t('odometer.addTitle')}>
      <Typography variant="subtitle2" component="h3">
        {t('odometer.addTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label={t('odometer.value')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(errors.odometer)}
          helperText={errors.odometer}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          fullWidth
        />
        <TextField
          label={t('odometer.readAt')}
          type="datetime-local"
          value={readAt}
          onChange={(event) => setReadAt(event.target.value)}
          error={Boolean(errors.readAt)}
          helperText={errors.readAt ?? t('odometer.readAtHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </Stack>
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {t('odometer.add')}
      </Button>
    </Stack>
  );
}

/** The readings, newest first: when, from where, how many miles. */
function Readings({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const { data, isFetching, isError, refetch } = useGetVehicleOdometerQuery(vehicle.id);
  if (!data && isError) return <LoadError onRetry={refetch} retrying={isFetching} />;
  if (!data) return <LoadingRows rows={3} height={40} />;
  if (data.length === 0) return <EmptyState testId="odometer-empty">{t('odometer.empty')}</EmptyState>;
  return (
    <Box component="ol" aria-label={t('odometer.listTitle')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {data.map((reading) => (
        <Box
          component="li"
          key={reading.id}
          data-testid="odometer-reading"
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, py: 1, borderBottom: 1, borderColor: 'divider', justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{formatDateYearTime(reading.readAt)}</Typography>
            <Typography variant="caption" color="textSecondary">
              {t(`odometer.source.${reading.source}`)}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('odometer.miles', { miles: miles(reading.odometer) })}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A vehicle's odometer: its MPG and trend, a reading to add, and the readings (GET|POST …/vehicles/{id}/odometer). */
export function OdometerDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const phone = useIsPhone();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('odometer.title', { unit: vehicle.unitNumber })}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <MpgSummary vehicle={vehicle} />
          <AddReading vehicle={vehicle} />
          <Box component="section" aria-label={t('odometer.listTitle')}>
            <Typography variant="subtitle2" component="h3">
              {t('odometer.listTitle')}
            </Typography>
            <Readings vehicle={vehicle} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
