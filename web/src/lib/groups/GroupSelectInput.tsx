import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '@/components/form';
import { useGetGroupsQuery } from './groups-api';

/**
 * A form's group choice (its value '' for none, else the group's id as text): the company's groups,
 * and `noneLabel` first. While the groups load the list is disabled; when they fail it says so.
 */
export function GroupSelectInput({ name, label, noneLabel, helperText }: { name: string; label: string; noneLabel: string; helperText?: string }) {
  const { t } = useTranslation('common');
  const groups = useGetGroupsQuery();
  let help = helperText;
  if (!groups.data && groups.isError) help = t('groups.loadFailed');
  else if (!groups.data) help = t('groups.loading');
  return (
    <SelectInput name={name} label={label} helperText={help} disabled={!groups.data} fullWidth slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{noneLabel}</MenuItem>
      {groups.data?.map((group) => (
        <MenuItem key={group.id} value={String(group.id)} sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {group.name}
        </MenuItem>
      ))}
    </SelectInput>
  );
}
