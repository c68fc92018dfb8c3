import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { useDebouncedValue } from '@/lib/hooks';
import { notify } from '@/lib/notifier';
import { useGetFuelCardsQuery, useUpdateFuelCardMutation, type FuelCard } from '../api/fuel-cards-api';
import { useStatusLock } from '../use-status-lock';
import { EditCardDialog } from './EditCardDialog';
import { FuelCardRow } from './FuelCardRow';

/** The card search reaches the server 500 ms after typing stops (SPEC §9). */
export const CARD_SEARCH_DEBOUNCE_MS = 500;

/** /fuel-cards, company role only (SPEC §2.10). */
export function FuelCardsPage() {
  const { t } = useTranslation('fuelCards');
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim(), CARD_SEARCH_DEBOUNCE_MS);
  const { data: cards, isLoading, isFetching, isError } = useGetFuelCardsQuery({ searchText });
  const [updateCard] = useUpdateFuelCardMutation();
  const { locks, lock, releaseLater } = useStatusLock();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<FuelCard | null>(null);

  const toggleStatus = async (card: FuelCard) => {
    const activate = card.status !== 'ACTIVE';
    lock(card.cardNumber, activate ? 'activating' : 'deactivating');
    try {
      await updateCard({ ...card, status: activate ? 'ACTIVE' : 'INACTIVE' }).unwrap();
      notify.success(t('toasts.statusUpdated'));
    } catch {
      notify.error(t('toasts.statusFailed'));
    } finally {
      releaseLater(card.cardNumber);
    }
  };

  return (
    <Page title={t('title')} maxWidth="md" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        <TextField
          type="search"
          placeholder={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Card>
          <Box sx={{ height: 4 }}>{isFetching && !isLoading && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {isLoading && (
            <Stack spacing={1} sx={{ p: 2 }}>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="rounded" height={56} />
              ))}
            </Stack>
          )}
          {isError && !cards && (
            <Alert severity="error" sx={{ m: 2 }}>
              {t('common:errors.unableToFetchData')}
            </Alert>
          )}
          {cards && cards.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
              {t('empty')}
            </Typography>
          )}
          {cards && cards.length > 0 && (
            <List aria-label={t('title')} sx={{ px: 1 }}>
              {cards.map((card) => (
                <FuelCardRow
                  key={card.cardNumber}
                  card={card}
                  expanded={expanded === card.cardNumber}
                  onToggleExpanded={() => setExpanded((open) => (open === card.cardNumber ? null : card.cardNumber))}
                  onEdit={() => setEditing(card)}
                  onToggleStatus={() => void toggleStatus(card)}
                  lockedAs={locks[card.cardNumber]}
                />
              ))}
            </List>
          )}
        </Card>
      </Stack>
      {editing && <EditCardDialog card={editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}
