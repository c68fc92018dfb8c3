import ClearIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/components/layout/AppShell';
import { CardSelect } from '@/components/form/CardSelect';
import type { CardOption } from '../api/transactions-api';
import { anyFilterSet, clearedFilters, isValidRange, type TransactionFilters } from '../model/transaction-filters';
import '@/lib/i18n/texts/transactions';

interface TransactionFilterBarProps {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
  /** The company's cards; when given, the card filter is shown (company list). */
  cards?: CardOption[];
}

/** Search, From/To dates, the card filter (company) and Clear Filters (docs/product.md §2.8). */
export function TransactionFilterBar({ filters, onChange, cards }: TransactionFilterBarProps) {
  const { t } = useTranslation('transactions');
  const [rangeError, setRangeError] = useState<'from' | 'to' | null>(null);
  const phone = useIsPhone();
  const [showFilters, setShowFilters] = useState(false);
  const panelId = useId();

  const setDate = (field: 'dateFrom' | 'dateTo', value: string) => {
    const next = { ...filters, [field]: value };
    if (!isValidRange(next.dateFrom, next.dateTo)) {
      setRangeError(field === 'dateFrom' ? 'from' : 'to');
      return;
    }
    setRangeError(null);
    onChange(next);
  };

  const dateSlotProps = (min?: string, max?: string) => ({
    inputLabel: { shrink: true },
    htmlInput: { min: min || undefined, max: max || undefined },
  });

  const clear = () => {
    setRangeError(null);
    onChange(clearedFilters);
  };
  const filtering = anyFilterSet(filters);
  const activeCount = [filters.dateFrom, filters.dateTo, filters.cardNumber].filter(Boolean).length;
  // Phones fold the dates and the card filter behind a button, so the list keeps the screen.
  const open = !phone || showFilters || rangeError !== null;
  // Folded on a phone, the dates and the card filter are rendered only once first unfolded (the
  // panel itself stays, so nothing moves): three text fields' worth of MUI components were a
  // good part of the list's first commit on a phone.
  const [fieldsMounted, setFieldsMounted] = useState(open);
  if (open && !fieldsMounted) setFieldsMounted(true);

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          type="search"
          // One word: beside the two filter buttons of a 320 px phone "Search transactions..." was cut; the name says it in full.
          placeholder={t('filters.searchShort')}
          value={filters.searchText}
          onChange={(event) => onChange({ ...filters, searchText: event.target.value })}
          slotProps={{
            htmlInput: { 'aria-label': t('filters.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone && (
          <IconButton
            // The badge's count is shown, so the name holds it too (an aria-label must contain what is shown).
            aria-label={activeCount > 0 ? t('filters.toggleWithCount', { count: activeCount }) : t('filters.toggle')}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setShowFilters((shown) => !shown)}
            sx={{ width: 48, height: 48 }}
          >
            <Badge badgeContent={activeCount || undefined} color="primary">
              <TuneIcon />
            </Badge>
          </IconButton>
        )}
        {phone && filtering && (
          <IconButton aria-label={t('filters.clear')} onClick={clear} sx={{ width: 48, height: 48 }}>
            <ClearIcon />
          </IconButton>
        )}
      </Stack>
      <Collapse in={open} id={panelId}>
        {fieldsMounted && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              type="date"
              label={t('filters.fromDate')}
              value={filters.dateFrom}
              onChange={(event) => setDate('dateFrom', event.target.value)}
              error={rangeError === 'from'}
              helperText={rangeError === 'from' ? t('filters.rangeInvalid') : undefined}
              slotProps={dateSlotProps(undefined, filters.dateTo)}
            />
            <TextField
              type="date"
              label={t('filters.toDate')}
              value={filters.dateTo}
              onChange={(event) => setDate('dateTo', event.target.value)}
              error={rangeError === 'to'}
              helperText={rangeError === 'to' ? t('filters.rangeInvalid') : undefined}
              slotProps={dateSlotProps(filters.dateFrom, undefined)}
            />
            {cards && (
              <CardSelect
                label={t('filters.card')}
                allLabel={t('filters.allCards')}
                value={filters.cardNumber}
                cards={cards}
                onChange={(cardNumber) => onChange({ ...filters, cardNumber })}
              />
            )}
            {!phone && filtering && (
              <Button
                variant="text"
                startIcon={<ClearIcon />}
                onClick={clear}
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' }, minHeight: 56 }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </Stack>
        )}
      </Collapse>
    </Stack>
  );
}
