import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxInput, Form, SubmitButton, TextInput } from '@/components/form';
import { errorMessage } from '@/lib/api';
import { maskCardNumber } from '@/lib/format';
import { applyServerError, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useEndOverrideMutation, useGrantOverrideMutation } from '../api/controls-api';
import type { FuelCard } from '../api/fuel-cards-api';
import { formatUntil, OVERRIDE_HOURS, overrideActive, overrideSchema, type OverrideFormOutput } from '../model/override-form';
import '@/lib/i18n/texts/fuelCards';

const TITLE_ID = 'override-dialog-title';

/**
 * Override: lifts the card's rules (never the wallet or credit limit) for some hours, or
 * shows the active one with End override.
 */
export function OverrideDialog({ card, onClose }: { card: FuelCard; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const schema = useMemo(() => overrideSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { hours: String(OVERRIDE_HOURS.default), liftsPrompt: false } });
  const [grant, { isLoading: granting }] = useGrantOverrideMutation();
  const [end, { isLoading: ending }] = useEndOverrideMutation();
  const active = overrideActive(card.overrideUntil);

  const submit = async ({ hours, liftsPrompt }: OverrideFormOutput) => {
    try {
      const answer = await grant({ cardNumber: card.cardNumber, hours, liftsPrompt }).unwrap();
      notify.success(t('override.granted', { until: formatUntil(answer.until) }));
      onClose();
    } catch (error) {
      const formError = applyServerError(error, form.setError, ['hours'], t('override.failed'));
      if (formError) notify.error(formError);
    }
  };

  const endNow = async () => {
    try {
      await end(card.cardNumber).unwrap();
      notify.success(t('override.ended'));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('override.failed')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID}>
      <Form form={form} onSubmit={submit} aria-label={t('override.title')}>
        <DialogTitle id={TITLE_ID}>{t('override.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="textSecondary" sx={{ fontFamily: 'monospace' }}>
              {maskCardNumber(card.cardNumber)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('override.explain')}
            </Typography>
            {active ? (
              <Alert severity="warning" data-testid="override-active">
                {t('override.activeUntil', { until: formatUntil(card.overrideUntil!) })}
              </Alert>
            ) : (
              <TextInput
                name="hours"
                label={t('override.hours')}
                autoFocus
                slotProps={{
                  htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
                  input: { endAdornment: <InputAdornment position="end">{t('override.hoursUnit')}</InputAdornment> },
                }}
                helperText={t('override.hoursHelp', OVERRIDE_HOURS)}
              />
            )}
            {!active && <CheckboxInput name="liftsPrompt" label={t('override.liftPrompt')} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          {active ? (
            <Button variant="contained" color="error" onClick={() => void endNow()} disabled={ending}>
              {t('override.end')}
            </Button>
          ) : (
            <SubmitButton busy={granting}>{t('override.grant')}</SubmitButton>
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
