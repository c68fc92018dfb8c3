import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { selectRole, selectUser, usePermissions } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/hooks';
import { useAppSelector } from '@/lib/store';
import { useGetTransactionCardOptionsQuery, type TransactionScope } from '../api/transactions-api';
import { LIST_MIN_HEIGHT } from '../model/scroll';
import { filtersFromSearch, filtersToSearch, toQuery, type TransactionFilters } from '../model/transaction-filters';
import { BulkCodingBar } from './BulkCodingBar';
import { ExportButton } from './ExportButton';
import { OverrideRequestPanel } from './OverrideRequestPanel';
import { TransactionFilterBar } from './TransactionFilterBar';
import { TransactionList } from './TransactionList';
import '@/lib/i18n/texts/transactions';

/** Search text reaches the API 500 ms after typing stops (docs/product.md §5, §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Memoized: the store's answers that concern only the filter bar (the card options) do not re-render the list around it. */
const TransactionsScreen = memo(function TransactionsScreen({ scope, filterBar }: { scope: TransactionScope; filterBar: (props: FilterBarSlot) => ReactNode }) {
  const { t } = useTranslation('transactions');
  // The filters live in the URL: back from a purchase (or a reload, or a shared link) finds them.
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: TransactionFilters) => setSearchParams((current) => filtersToSearch(next, current), { replace: true }),
    [setSearchParams],
  );
  const debouncedSearch = useDebouncedValue(filters.searchText, SEARCH_DEBOUNCE_MS);
  // Emptying the box applies at once; typing waits for the debounce.
  const searchText = filters.searchText === '' ? '' : debouncedSearch;
  // ?missingJob=true (the dashboard's task): only the purchases still missing a job their card requires.
  const missingJob = searchParams.get('missingJob') === 'true';
  const query = useMemo(
    () => ({ ...toQuery(scope, { ...filters, searchText }), ...(missingJob ? { missingJob: 'true' as const } : {}) }),
    [scope, filters, searchText, missingJob],
  );
  // A member who codes purchases ticks rows and codes them at once.
  const codes = usePermissions().can('transactions.code') && scope === 'company';
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (id: number) =>
      setSelected((ids) => {
        const next = new Set(ids);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);

  return (
    <Page
      title={t('title')}
      maxWidth="md"
      leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}
      actions={<ExportButton query={query} />}
    >
      {filterBar({ filters, onChange: setFilters })}
      {/*
       * The screen below the filters: what is said above the list (the latest decline, a filter's
       * note) takes its room from the list's box, so that the page itself does not scroll as
       * well (phones keep a 64 px bottom bar: at least five rows show at 390×844 without a note).
       */}
      <Box
        data-testid="transactions-screen"
        sx={{ display: 'flex', flexDirection: 'column', height: { xs: 'calc(100dvh - 236px)', md: 'calc(100dvh - 256px)' }, minHeight: LIST_MIN_HEIGHT }}
      >
        {missingJob && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="missing-job-filter">
            {t('coding.missingJobOnly')}
          </Alert>
        )}
        {scope === 'driver' && <OverrideRequestPanel query={query} />}
        {codes && <BulkCodingBar ids={[...selected]} onDone={clear} />}
        <TransactionList query={query} selected={codes ? selected : undefined} onToggle={codes ? toggle : undefined} />
      </Box>
    </Page>
  );
});

interface FilterBarSlot {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
}

/** Company users: the card-search list, with a card filter fed by the company's cards. */
function CompanyTransactions() {
  // Only the answer matters here (not the request's progress, which would re-render the whole
  // screen for nothing); deferred, the filter bar takes the cards in a transition.
  const { cards: answer } = useGetTransactionCardOptionsQuery(undefined, { selectFromResult: ({ data }) => ({ cards: data }) });
  const cards = useDeferredValue(answer);
  // The same slot until the deferred cards change: the synchronous render of the answer stops here.
  const filterBar = useCallback((props: FilterBarSlot) => <TransactionFilterBar {...props} cards={cards ?? []} />, [cards]);
  return <TransactionsScreen scope="company" filterBar={filterBar} />;
}

const driverFilterBar = (props: FilterBarSlot) => <TransactionFilterBar {...props} />;

/** Drivers and individual users: the grouped list of their own transactions. */
function DriverTransactions() {
  return <TransactionsScreen scope="driver" filterBar={driverFilterBar} />;
}

/** /transactions (docs/product.md §2.8). */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const role = useAppSelector(selectRole);
  const userLoaded = useAppSelector(selectUser) !== null;
  // Right after sign-in the account is still loading: which list (company or driver) is not known yet.
  if (!userLoaded) {
    return (
      <Page title={t('title')} maxWidth="md">
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      </Page>
    );
  }
  return role === 'ROLE_COMPANY' ? <CompanyTransactions /> : <DriverTransactions />;
}
