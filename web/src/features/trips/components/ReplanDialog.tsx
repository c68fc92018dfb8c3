import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { applyServerError, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import type { Trip } from '../api/trip-types';
import { useReplanTripMutation, useRequestTripReplanMutation } from '../api/trips-api';
import { replanFormSchema, type ReplanFormInput } from '../model/replan-form';
import { useCurrentPosition } from '../model/use-position';
import '@/lib/i18n/texts/trips';

/**
 * Re-plan from the current position (the browser's when allowed, else typed) and fuel level;
 * asRequest: a driver on a trip their fleet manager locked asks for it instead.
 */
export function ReplanDialog({ trip, open, onClose, asRequest = false }: { trip: Trip; open: boolean; onClose: () => void; asRequest?: boolean }) {
  const { t } = useTranslation('trips');
  const titleId = useId();
  const schema = useMemo(() => replanFormSchema(t, trip.tankCapacity), [t, trip.tankCapacity]);
  const form = useZodForm(schema, { defaultValues: { latitude: '', longitude: '', currentFuel: '' } satisfies ReplanFormInput });
  const { position, status, locate } = useCurrentPosition();
  const [replanNow, replanning] = useReplanTripMutation();
  const [askReplan, asking] = useRequestTripReplanMutation();
  const isLoading = replanning.isLoading || asking.isLoading;

  // The position fills the fields, whether tapped for or already allowed when the page opened.
  useEffect(() => {
    if (!position) return;
    form.setValue('latitude', position.latitude.toFixed(5), { shouldValidate: form.formState.isSubmitted });
    form.setValue('longitude', position.longitude.toFixed(5), { shouldValidate: form.formState.isSubmitted });
  }, [position, form]);
  const fillFromLocation = () => void locate();

  const submit = async (values: { latitude: number; longitude: number; currentFuel: number }) => {
    try {
      if (asRequest) {
        await askReplan({ id: trip.id, ...values }).unwrap();
        notify.success(t('requests.sent'));
      } else {
        await replanNow({ id: trip.id, ...values }).unwrap();
        notify.success(t('actions.replanned'));
      }
      onClose();
    } catch (error) {
      console.warn('Re-plan failed', error);
      const formError = applyServerError(error, form.setError, ['latitude', 'longitude', 'currentFuel'], t('actions.failed'));
      if (formError) notify.error(formError);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{asRequest ? t('requests.replanTitle') : t('replan.title')}</DialogTitle>
      <Form form={form} onSubmit={submit} aria-label={asRequest ? t('requests.replanTitle') : t('replan.title')}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <Typography variant="body2" color="textSecondary">
              {asRequest ? t('requests.replanHint') : t('replan.hint')}
            </Typography>
            <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={fillFromLocation} disabled={status === 'locating'}>
              {status === 'locating' ? t('replan.locating') : t('replan.useLocation')}
            </Button>
            {status === 'located' && <Alert severity="success">{t('replan.located')}</Alert>}
            {status === 'unavailable' && <Alert severity="info">{t('replan.noLocation')}</Alert>}
            <Stack direction="row" spacing={1.5}>
              <TextInput name="latitude" label={t('replan.latitude')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
              <TextInput name="longitude" label={t('replan.longitude')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            </Stack>
            <TextInput name="currentFuel" label={t('replan.currentFuel')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} autoFocus />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={isLoading}>{asRequest ? t('requests.send') : t('replan.submit')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
