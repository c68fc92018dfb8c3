import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxInput, Form, SelectInput, SubmitButton, TextInput } from '@/components/form';
import { errorMessage, errorStatus } from '@/lib/api';
import { applyServerError, BODY_MAX_LENGTH, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useAddIftaMilesMutation, useAddIftaPurchaseMutation } from '../api/ifta-api';
import type { FuelType } from '../api/ifta-types';
import { IFTA_MEMBERS } from '../model/quarter';
import '@/lib/i18n/texts/ifta';

/** The server's bounds of one entry (ifta.MaxEntryMiles, ifta.MaxEntryGallons). */
const MAX_MILES = 50_000;
const MAX_GALLONS = 20_000;

type T = (key: string, options?: Record<string, unknown>) => string;

const text = (t: T, max: number, required: boolean) => {
  const base = z.string().trim().max(max, t('form.tooLong', { max }));
  return required ? base.min(1, t('form.required')) : base;
};
const amount = (t: T, max: number, tooMuch: string) =>
  z
    .string()
    .trim()
    .min(1, t('form.required'))
    .refine((v) => /^\d*\.?\d+$/.test(v) && Number(v) > 0, t('form.positive'))
    .refine((v) => Number(v) <= max, t(tooMuch, { max: max.toLocaleString('en-US') }));

const milesSchema = (t: T) =>
  z.object({
    unitNumber: text(t, BODY_MAX_LENGTH.IFTAMilesCreate.unitNumber, true),
    date: z.string().min(1, t('form.required')),
    jurisdiction: z.string().min(1, t('form.required')),
    miles: amount(t, MAX_MILES, 'form.milesMax'),
    note: text(t, BODY_MAX_LENGTH.IFTAMilesCreate.note, false),
  });

const fuelSchema = (t: T) =>
  z.object({
    unitNumber: text(t, BODY_MAX_LENGTH.IFTAPurchaseCreate.unitNumber, true),
    date: z.string().min(1, t('form.required')),
    jurisdiction: z.string().min(1, t('form.required')),
    gallons: amount(t, MAX_GALLONS, 'form.gallonsMax'),
    taxPaid: z.boolean(),
    vendor: text(t, BODY_MAX_LENGTH.IFTAPurchaseCreate.vendor, false),
  });

function JurisdictionSelect() {
  const { t } = useTranslation('ifta');
  return (
    <SelectInput name="jurisdiction" label={t('form.jurisdiction')} fullWidth slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}>
      {IFTA_MEMBERS.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </SelectInput>
  );
}

interface DialogProps {
  defaultDate: string;
  minDate: string;
  maxDate: string;
  onClose: () => void;
}

/** "Add miles": a unit's miles in one jurisdiction on a day (odometer or trip sheet). */
export function AddMilesDialog({ defaultDate, minDate, maxDate, onClose }: DialogProps) {
  const { t } = useTranslation('ifta');
  const schema = useMemo(() => milesSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { unitNumber: '', date: defaultDate, jurisdiction: '', miles: '', note: '' } });
  const [add, { isLoading }] = useAddIftaMilesMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: z.output<typeof schema>) => {
    setFormError(null);
    try {
      await add({ ...values, jurisdiction: values.jurisdiction as (typeof IFTA_MEMBERS)[number], miles: Number(values.miles) }).unwrap();
      notify.success(t('form.saved'));
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['unitNumber', 'date', 'jurisdiction', 'miles', 'note'], t('form.failed')) ?? null);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="ifta-miles-title">
      <Form form={form} onSubmit={submit} aria-label={t('entries.addMiles')}>
        <DialogTitle id="ifta-miles-title">{t('entries.addMiles')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput name="unitNumber" label={t('form.unitNumber')} autoFocus fullWidth />
            <TextInput name="date" type="date" label={t('form.date')} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate, max: maxDate } }} />
            <JurisdictionSelect />
            <TextInput name="miles" label={t('form.miles')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <TextInput name="note" label={t('form.note')} fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={isLoading}>{t('form.save')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** "Add off-card fuel": fuel bought without the card (another card, the yard's bulk tank). */
export function AddFuelDialog({ defaultDate, minDate, maxDate, fuelType, onClose }: DialogProps & { fuelType: FuelType }) {
  const { t } = useTranslation('ifta');
  const schema = useMemo(() => fuelSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { unitNumber: '', date: defaultDate, jurisdiction: '', gallons: '', taxPaid: true, vendor: '' } });
  const [add, { isLoading }] = useAddIftaPurchaseMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: z.output<typeof schema>) => {
    setFormError(null);
    try {
      await add({ ...values, jurisdiction: values.jurisdiction as (typeof IFTA_MEMBERS)[number], gallons: Number(values.gallons), fuelType }).unwrap();
      notify.success(t('form.saved'));
      onClose();
    } catch (error) {
      if (errorStatus(error) === 409) {
        setFormError(errorMessage(error, t('form.failed')));
        return;
      }
      setFormError(applyServerError(error, form.setError, ['unitNumber', 'date', 'jurisdiction', 'gallons', 'vendor'], t('form.failed')) ?? null);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="ifta-fuel-title">
      <Form form={form} onSubmit={submit} aria-label={t('entries.addFuel')}>
        <DialogTitle id="ifta-fuel-title">
          {t('entries.addFuel')} ({t(`fuel.${fuelType}`)})
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput name="unitNumber" label={t('form.unitNumber')} autoFocus fullWidth />
            <TextInput name="date" type="date" label={t('form.date')} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate, max: maxDate } }} />
            <JurisdictionSelect />
            <TextInput name="gallons" label={t('form.gallons')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <CheckboxInput name="taxPaid" label={t('form.taxPaid')} />
            <TextInput name="vendor" label={t('form.vendor')} fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={isLoading}>{t('form.save')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
