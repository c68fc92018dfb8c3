import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxInput, Form, SelectInput, TextInput } from '@/components/form';
import { usePermissions } from '@/lib/auth';
import { applyServerError, useZodForm } from '@/lib/forms';
import { GroupSelectInput, groupChoice, groupIdOf } from '@/lib/groups';
import { notify } from '@/lib/notifier';
import { useCreateVehicleMutation, useSetVehicleGroupMutation, useUpdateVehicleMutation, type Vehicle } from '../api/vehicles-api';
import { PLATE_JURISDICTIONS } from '../model/jurisdictions';
import { VEHICLE_FIELDS, VEHICLE_LIMITS, toVehicleInput, vehicleFormDefaults, vehicleSchema, type VehicleFormValues } from '../model/vehicle-form';
import '@/lib/i18n/texts/vehicles';

/** Add a vehicle (no `vehicle`) or edit one; the server's field errors land on their fields. */
export function VehicleDialog({ vehicle, onClose }: { vehicle?: Vehicle; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const schema = useMemo(() => vehicleSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: vehicleFormDefaults(vehicle) });
  const [createVehicle, creating] = useCreateVehicleMutation();
  const [updateVehicle, updating] = useUpdateVehicleMutation();
  const [setVehicleGroup, grouping] = useSetVehicleGroupMutation();
  const mayChooseGroup = usePermissions().can('groups.write');
  const busy = creating.isLoading || updating.isLoading || grouping.isLoading;
  const titleId = useId();
  const title = vehicle ? t('form.editTitle') : t('form.addTitle');

  const submit = async (values: VehicleFormValues) => {
    try {
      const body = toVehicleInput(values);
      const saved = vehicle ? await updateVehicle({ id: vehicle.id, vehicle: body }).unwrap() : await createVehicle(body).unwrap();
      if (mayChooseGroup && values.groupId !== groupChoice(saved.groupId)) await setVehicleGroup({ id: saved.id, groupId: groupIdOf(values.groupId) }).unwrap();
      notify.success(vehicle ? t('toasts.saved') : t('toasts.added'));
      onClose();
    } catch (error) {
      const formError = applyServerError(error, form.setError, VEHICLE_FIELDS, t('toasts.saveFailed'));
      if (formError) notify.error(formError);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="body">
      <Form form={form} onSubmit={submit} aria-label={title}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextInput
              name="unitNumber"
              label={t('form.unitNumber')}
              helperText={t('form.unitNumberHelp')}
              autoFocus
              required
              slotProps={{ htmlInput: { maxLength: VEHICLE_LIMITS.unitNumber } }}
            />
            <TextInput
              name="vin"
              label={t('form.vin')}
              helperText={t('form.vinHelp')}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: VEHICLE_LIMITS.vin, style: { textTransform: 'uppercase', fontFamily: 'monospace' } } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput
                name="plate"
                label={t('form.plate')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: VEHICLE_LIMITS.plate, style: { textTransform: 'uppercase' } } }}
              />
              <SelectInput name="plateState" label={t('form.plateState')} fullWidth>
                <MenuItem value="">{t('form.plateStateNone')}</MenuItem>
                {PLATE_JURISDICTIONS.map(({ code, name }) => (
                  <MenuItem key={code} value={code}>
                    {code} · {name}
                  </MenuItem>
                ))}
              </SelectInput>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectInput name="fuelType" label={t('form.fuelType')} fullWidth required>
                <MenuItem value="diesel">{t('fuel.diesel')}</MenuItem>
                <MenuItem value="gasoline">{t('fuel.gasoline')}</MenuItem>
              </SelectInput>
              <TextInput
                name="tankCapacityGallons"
                label={t('form.tankCapacityGallons')}
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
            {mayChooseGroup && <GroupSelectInput name="groupId" label={t('form.group')} noneLabel={t('form.noGroup')} helperText={t('form.groupHelp')} />}
            <Stack>
              <CheckboxInput name="iftaQualified" label={t('form.iftaQualified')} />
              <CheckboxInput name="active" label={t('form.active')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
