import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { errorMessage, errorStatus } from '@/lib/api';
import { formatDollars, formatMonthDayTime } from '@/lib/format';
import { applyServerError, BODY_MAX_LENGTH, useZodForm } from '@/lib/forms';
import { useRequestOverride } from '../model/request-override';
import '@/lib/i18n/texts/transactions';

/** The longest message the server takes. */
const OVERRIDE_MESSAGE_MAX = BODY_MAX_LENGTH.OverrideRequestCreate.message;

const requestSchema = (t: (key: string, options?: Record<string, unknown>) => string) =>
  z.object({
    message: z
      .string()
      .trim()
      .max(OVERRIDE_MESSAGE_MAX, t('override.messageMax', { max: OVERRIDE_MESSAGE_MAX })),
  });

/** The declined purchase an override request is about, as the dialog names it. */
export interface DeclinedPurchase {
  locationName: string;
  attemptedAmount: number;
  transactionDate: string;
}

/** "Request override" for the declined purchase, with an optional message; loaded when the driver opens it. */
export function RequestOverrideDialog({ declined, onClose }: { declined: DeclinedPurchase; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const schema = useMemo(() => requestSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { message: '' } });
  const requestOverride = useRequestOverride();
  const [isLoading, setLoading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async ({ message }: { message: string }) => {
    setFormError(null);
    setLoading(true);
    try {
      // Offline, the request waits on this phone and is sent when the connection is back.
      await requestOverride(message);
      onClose();
    } catch (error) {
      setLoading(false);
      if (errorStatus(error) === 409) {
        setFormError(errorMessage(error, t('override.conflict')));
        return;
      }
      setFormError(applyServerError(error, form.setError, ['message'], t('override.failed')) ?? null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="override-request-title">
      <Form form={form} onSubmit={submit} aria-label={t('override.dialogTitle')}>
        <DialogTitle id="override-request-title">{t('override.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="override-declined-purchase">
              {t('override.declinedPurchase', {
                station: declined.locationName,
                amount: formatDollars(declined.attemptedAmount),
                time: formatMonthDayTime(declined.transactionDate),
              })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('override.dialogExplain')}
            </Typography>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {/* Its label stays above the box: inside an empty box at full size it was cut on a 320 px phone. */}
            <TextInput name="message" label={t('override.message')} multiline minRows={3} autoFocus fullWidth slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={isLoading}>{t('override.send')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
