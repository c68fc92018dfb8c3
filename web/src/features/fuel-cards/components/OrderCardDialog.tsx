import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SelectInput, TextInput } from '@/components/form';
import { errorMessage, fieldErrors } from '@/lib/api';
import { maskCardNumber } from '@/lib/format';
import { useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useOrderFuelCardMutation } from '../api/fuel-cards-api';
import { CARD_TYPES, ORDER_CARD_FIELDS, orderCardSchema, type OrderCardValues } from '../model/schemas';
import '@/lib/i18n/texts/fuelCards';

/**
 * 'Order a card': driver name, driver ID, unit number and virtual or physical. The server's field errors
 * show on their fields; an issuer that cannot be reached or refuses shows its message in the dialog
 * (docs/issuing.md).
 */
export function OrderCardDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const schema = useMemo(() => orderCardSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { driverName: '', driverId: '', unitNumber: '', type: 'virtual' },
  });
  const [orderCard, { isLoading }] = useOrderFuelCardMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: OrderCardValues) => {
    setFailure(null);
    try {
      const card = await orderCard(values).unwrap();
      notify.success(t('order.ordered', { card: maskCardNumber(card.cardNumber) }));
      onClose();
    } catch (error) {
      const known = Object.entries(fieldErrors(error) ?? {}).filter(([field]) =>
        (ORDER_CARD_FIELDS as readonly string[]).includes(field),
      );
      if (known.length > 0) {
        for (const [field, message] of known) {
          form.setError(field as keyof OrderCardValues, { type: 'server', message });
        }
        return;
      }
      setFailure(errorMessage(error, t('order.failed')));
    }
  };

  const titleId = 'order-card-title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Form form={form} onSubmit={submit} aria-label={t('order.title')}>
        <DialogTitle id={titleId}>{t('order.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="textSecondary" data-testid="order-next">
              {t(form.watch('type') === 'physical' ? 'order.nextPhysical' : 'order.nextVirtual')}
            </Typography>
            <TextInput name="driverName" label={t('edit.driverName')} autoFocus />
            <TextInput name="driverId" label={t('edit.driverId')} />
            <TextInput name="unitNumber" label={t('edit.unitNumber')} />
            <SelectInput name="type" label={t('order.type')}>
              {CARD_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`order.types.${type}`)}
                </MenuItem>
              ))}
            </SelectInput>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('order.ordering') : t('order.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
