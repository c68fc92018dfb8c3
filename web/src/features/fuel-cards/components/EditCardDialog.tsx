import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SelectInput, TextInput } from '@/components/form';
import { maskCardNumber } from '@/lib/format';
import { useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useUpdateFuelCardMutation, type FuelCard } from '../api/fuel-cards-api';
import { fieldErrors } from '@/lib/api';
import { CARD_PROMPTS, EDIT_CARD_FIELDS, editCardSchema, type EditCardValues } from '../model/schemas';
import '@/lib/i18n/texts/fuelCards';

/** 'Edit Card Details': driver name, driver ID, unit number, what the pump asks for; server field errors per field (docs/product.md §2.10, §5). */
export function EditCardDialog({ card, onClose }: { card: FuelCard; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const schema = useMemo(() => editCardSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { driverName: card.driverName, driverId: card.driverId, unitNumber: card.unitNumber, prompt: card.prompt },
  });
  const [updateCard, { isLoading }] = useUpdateFuelCardMutation();

  const submit = async (values: EditCardValues) => {
    try {
      await updateCard({ cardNumber: card.cardNumber, status: card.status, ...values }).unwrap();
      notify.success(t('toasts.detailsUpdated'));
      onClose();
    } catch (error) {
      const byField = fieldErrors(error);
      const known = Object.entries(byField ?? {}).filter(([field]) => (EDIT_CARD_FIELDS as readonly string[]).includes(field));
      if (known.length > 0) {
        for (const [field, message] of known) {
          form.setError(field as keyof EditCardValues, { type: 'server', message });
        }
        return;
      }
      notify.error(t('toasts.detailsFailed'));
    }
  };

  const titleId = 'edit-card-title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Form form={form} onSubmit={submit} aria-label={t('edit.title')}>
        <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="textSecondary" sx={{ fontFamily: 'monospace' }}>
              {maskCardNumber(card.cardNumber)}
            </Typography>
            <TextInput name="driverName" label={t('edit.driverName')} autoFocus />
            <TextInput name="driverId" label={t('edit.driverId')} />
            <TextInput name="unitNumber" label={t('edit.unitNumber')} />
            <SelectInput name="prompt" label={t('edit.prompt')} helperText={t('edit.promptHelp')} fullWidth>
              {CARD_PROMPTS.map((prompt) => (
                <MenuItem key={prompt} value={prompt}>
                  {t(`prompts.${prompt}`)}
                </MenuItem>
              ))}
            </SelectInput>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
