import AddCardIcon from '@mui/icons-material/AddCard';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DriverRequests } from './DriverRequests';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '@/lib/api';
import { paths } from '@/lib/paths';
import { LoadError } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { usePermissions } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/hooks';
import { notify } from '@/lib/notifier';
import { useGetFuelCardsQuery, useUpdateFuelCardMutation, type FuelCard } from '../api/fuel-cards-api';
import { useStatusLock } from '../model/use-status-lock';
import { AuthorizationTimeoutCard } from './AuthorizationTimeoutCard';
import { ControlsDialog, type ControlsTarget } from './ControlsDialog';
import { DeactivateCardDialog } from './DeactivateCardDialog';
import { EditCardDialog } from './EditCardDialog';
import { OrderCardDialog } from './OrderCardDialog';
import { OverrideDialog } from './OverrideDialog';
import { FuelCardRow } from './FuelCardRow';
import '@/lib/i18n/texts/fuelCards';

// Below the cards list: its code loads after the page's.
const PumpCheckCard = lazy(() => import('./PumpCheckCard').then((m) => ({ default: m.PumpCheckCard })));

/** The card search reaches the server 500 ms after typing stops (docs/product.md §9). */
export const CARD_SEARCH_DEBOUNCE_MS = 500;

/** /fuel-cards, company role only (docs/product.md §2.10). */
export function FuelCardsPage() {
  const { t } = useTranslation('fuelCards');
  // Until the permissions arrive everything is offered, as before roles: the server refuses the rest.
  const { can } = usePermissions();
  const mayChangeCards = can('cards.write');
  // An alert opens the screen on its card (fuelCardPath).
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('card') ?? '');
  const searchText = useDebouncedValue(search.trim(), CARD_SEARCH_DEBOUNCE_MS);
  const { data: cards, isLoading, isFetching, isError, refetch } = useGetFuelCardsQuery({ searchText });
  const [updateCard] = useUpdateFuelCardMutation();
  const { locks, lock, releaseLater } = useStatusLock();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<FuelCard | null>(null);
  const [controlsOf, setControlsOf] = useState<ControlsTarget | null>(null);
  const [overrideCard, setOverrideCard] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<FuelCard | null>(null);
  const [ordering, setOrdering] = useState(false);
  // The dialog follows the card row, so a granted or ended override shows at once.
  const overriding = overrideCard ? cards?.find((card) => card.cardNumber === overrideCard) : undefined;

  const toggleStatus = async (card: FuelCard) => {
    const activate = card.status !== 'ACTIVE';
    lock(card.cardNumber, activate ? 'activating' : 'deactivating');
    try {
      const { cardNumber, driverName, driverId, unitNumber } = card;
      await updateCard({ cardNumber, driverName, driverId, unitNumber, status: activate ? 'ACTIVE' : 'INACTIVE' }).unwrap();
      notify.success(t('toasts.statusUpdated'));
    } catch (error) {
      // 503: the card's issuer could not change the status, and the server says so (docs/issuing.md).
      notify.error(errorStatus(error) === 503 ? errorMessage(error, t('toasts.statusFailed')) : t('toasts.statusFailed'));
    } finally {
      releaseLater(card.cardNumber);
    }
  };

  return (
    <Page title={t('title')} maxWidth="md" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        {can('drivers.approve') && <DriverRequests />}
        {mayChangeCards && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddCardIcon />} onClick={() => setOrdering(true)}>
              {t('actions.orderCard')}
            </Button>
            {can('company.settings') && (
              <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setControlsOf({ kind: 'company' })}>
                {t('actions.companyControls')}
              </Button>
            )}
          </Stack>
        )}
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
            <Box sx={{ m: 2 }}>
              <LoadError onRetry={refetch} retrying={isFetching} />
            </Box>
          )}
          {cards && cards.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }}>
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
                  onControls={() => setControlsOf({ kind: 'card', card })}
                  onOverride={() => setOverrideCard(card.cardNumber)}
                  // Deactivating declines every purchase on the card from then on: asked first. Activating is not.
                  onToggleStatus={() => (card.status === 'ACTIVE' ? setDeactivating(card) : void toggleStatus(card))}
                  lockedAs={locks[card.cardNumber]}
                />
              ))}
            </List>
          )}
        </Card>
        {can('company.settings') && <AuthorizationTimeoutCard />}
        {can('pump-check.manage') && (
          <Suspense fallback={null}>
            <PumpCheckCard canReadGroups={can('groups.read')} />
          </Suspense>
        )}
      </Stack>
      {deactivating && (
        <DeactivateCardDialog
          card={deactivating}
          onCancel={() => setDeactivating(null)}
          onConfirm={() => {
            setDeactivating(null);
            void toggleStatus(deactivating);
          }}
        />
      )}
      {editing && <EditCardDialog card={editing} onClose={() => setEditing(null)} />}
      {ordering && <OrderCardDialog onClose={() => setOrdering(false)} />}
      {controlsOf && <ControlsDialog target={controlsOf} onClose={() => setControlsOf(null)} />}
      {overriding && <OverrideDialog card={overriding} onClose={() => setOverrideCard(null)} />}
    </Page>
  );
}
