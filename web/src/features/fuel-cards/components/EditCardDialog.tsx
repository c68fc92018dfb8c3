import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectInput, TextInput } from '@/components/form';
import { usePermissions } from '@/lib/auth';
import { maskCardNumber } from '@/lib/format';
import { applyServerError, useZodForm } from '@/lib/forms';
import { GroupSelectInput, groupChoice, groupIdOf } from '@/lib/groups';
import { notify } from '@/lib/notifier';
import { useSetCardGroupMutation, useUpdateFuelCardMutation, type FuelCard } from '../api/fuel-cards-api';
import { CARD_PROMPTS, EDIT_CARD_FIELDS, editCardSchema, type EditCardValues } from '../model/schemas';
import '@/lib/i18n/texts/fuelCards';

/**
 * 'Edit Card Details': driver name, driver ID, unit number, what the pump asks for and, for owners
 * and admins, the card's group; server field errors per field (docs/product.md §2.10, §5).
 */
export function EditCardDialog({ card, onClose }: { card: FuelCard; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const { can } = usePermissions();
  const mayChooseGroup = can('groups.write');
  const schema = useMemo(() => editCardSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { driverName: card.driverName, driverId: card.driverId, unitNumber: card.unitNumber, prompt: card.prompt, groupId: groupChoice(card.groupId) },
  });
  const [updateCard, updating] = useUpdateFuelCardMutation();
  const [setCardGroup, grouping] = useSetCardGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ groupId, ...details }: EditCardValues) => {
    setFailure(null);
    try {
      await updateCard({ cardNumber: card.cardNumber, status: card.status, ...details }).unwrap();
      if (mayChooseGroup && groupId !== groupChoice(card.groupId)) await setCardGroup({ cardNumber: card.cardNumber, groupId: groupIdOf(groupId) }).unwrap();
      notify.success(t('toasts.detailsUpdated'));
      onClose();
    } catch (error) {
      // Known fields show their own errors; anything else is the one failure message.
      if (applyServerError(error, form.setError, EDIT_CARD_FIELDS, '') !== undefined) setFailure(t('toasts.detailsFailed'));
    }
  };

  return (
    <FormDialog title={t('edit.title')} form={form} onSubmit={submit} onClose={onClose} busy={updating.isLoading || grouping.isLoading}
      submitLabel={t('common:actions.save')} failure={failure}>
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
      {mayChooseGroup && <GroupSelectInput name="groupId" label={t('edit.group')} noneLabel={t('edit.noGroup')} helperText={t('edit.groupHelp')} />}
    </FormDialog>
  );
}
