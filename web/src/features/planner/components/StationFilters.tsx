import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainOption, SortBy, SortDirection } from '../model/types';
import { ChainSelect } from './ChainSelect';
import '@/lib/i18n/texts/planner';

interface StationFiltersProps {
  sortBy: SortBy;
  direction: SortDirection;
  chainCodes: string[];
  chains: readonly ChainOption[];
  chainsLoading: boolean;
  onSortByChange: (sortBy: SortBy) => void;
  onDirectionToggle: () => void;
  onChainCodesChange: (chainCodes: string[]) => void;
}

/** Sort by (Price, Discount), asc/desc toggle and chains filter of the general station list (memoised, as TopBar). */
export const StationFilters = memo(function StationFilters(props: StationFiltersProps) {
  const { t } = useTranslation('planner');
  const ascending = props.direction === 'asc';
  return (
    <Stack spacing={1.5} sx={{ px: 2, pt: 2, pb: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" fullWidth>
          <InputLabel id="planner-sort-by">{t('filters.sortBy')}</InputLabel>
          <Select
            labelId="planner-sort-by"
            label={t('filters.sortBy')}
            value={props.sortBy}
            onChange={(event) => props.onSortByChange(event.target.value as SortBy)}
          >
            <MenuItem value="price">{t('filters.sortPrice')}</MenuItem>
            <MenuItem value="discount">{t('filters.sortDiscount')}</MenuItem>
          </Select>
        </FormControl>
        <Tooltip title={ascending ? t('filters.ascending') : t('filters.descending')}>
          <IconButton
            onClick={props.onDirectionToggle}
            aria-label={t('filters.toggleDirection')}
            data-direction={props.direction}
            sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2 }}
          >
            {ascending ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
      <ChainSelect chains={props.chains} value={props.chainCodes} onChange={props.onChainCodesChange} loading={props.chainsLoading} />
    </Stack>
  );
});
