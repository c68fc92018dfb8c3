import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ChainOption } from '../model/types';
import '@/lib/i18n/texts/planner';

interface ChainSelectProps {
  chains: readonly ChainOption[];
  value: string[];
  onChange: (chainCodes: string[]) => void;
  loading?: boolean;
}

/** Multi-select of chains with their logos (placeholder 'Select chains', a clear button). */
export function ChainSelect({ chains, value, onChange, loading = false }: ChainSelectProps) {
  const { t } = useTranslation('planner');
  const selected = chains.filter((chain) => value.includes(chain.value));
  return (
    <Autocomplete
      multiple
      size="small"
      options={chains as ChainOption[]}
      value={selected}
      loading={loading}
      disableCloseOnSelect
      limitTags={2}
      clearText={t('filters.clearChains')}
      // The clear button shows whenever chains are chosen, not only on hover (touch screens have none).
      sx={{ '& .MuiAutocomplete-clearIndicator': { visibility: 'visible' } }}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      onChange={(_, next) => onChange(next.map((chain) => chain.value))}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar variant="rounded" src={option.imageUrl} alt="" sx={{ width: 24, height: 24, bgcolor: '#fff', p: 0.25 }} />
          {option.label}
        </Box>
      )}
      renderValue={(options, getItemProps) =>
        options.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={option.label}
              avatar={<Avatar src={option.imageUrl} alt="" sx={{ bgcolor: '#fff' }} />}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t('filters.chains')} placeholder={selected.length === 0 ? t('filters.selectChains') : undefined} />
      )}
    />
  );
}
