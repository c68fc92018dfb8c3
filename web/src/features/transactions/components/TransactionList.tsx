import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SavedAtNote } from '@/components/feedback/SavedAtNote';
import { formatNumericDay } from '@/lib/format';
import { useGetTransactionsInfiniteQuery, type TransactionListItem, type TransactionQuery } from '../api/transactions-api';
import { groupByDay, type DayGroup } from '../model/day-groups';
import { LIST_MIN_HEIGHT, needsMoreToScroll, scrolledPast } from '../model/scroll';
import { TransactionRow } from './TransactionRow';
import '@/lib/i18n/texts/transactions';

/** Skeleton rows while the first page loads (docs/product.md §9). */
export const SKELETON_ROWS = 3;

function SkeletonRow() {
  return (
    <Stack direction="row" spacing={2} sx={{ px: 2, py: 1.5 }} data-testid="transaction-skeleton">
      <Box sx={{ flexGrow: 1 }}>
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="40%" />
      </Box>
      <Box sx={{ width: 90 }}>
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </Box>
    </Stack>
  );
}

function Heading({ heading }: { heading: DayGroup['heading'] }) {
  const { t } = useTranslation('transactions');
  const text = heading.kind === 'date' ? formatNumericDay(heading.day) : t(`days.${heading.kind}`);
  return (
    <ListSubheader sx={{ bgcolor: 'background.paper', lineHeight: '36px', fontWeight: 600, px: 3, zIndex: 2 }}>
      {text}
    </ListSubheader>
  );
}

/** Rows of all loaded pages, without repeats when a new purchase shifted the pages meanwhile. */
function uniqueRows(pages: { content: TransactionListItem[] }[]): TransactionListItem[] {
  const seen = new Set<number>();
  const rows: TransactionListItem[] = [];
  for (const row of pages.flatMap((page) => page.content)) {
    if (seen.has(row.transactionId)) continue;
    seen.add(row.transactionId);
    rows.push(row);
  }
  return rows;
}

/**
 * Keeps the list's scroll position with the history entry (as the browser does for a page's own
 * scroll), so that back from a purchase the list is where it was: saved as it scrolls, put back
 * once the rows are there again.
 */
function useRememberedScroll(hasRows: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const key = `transactions-scroll:${useLocation().key}`;
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (restoredKey !== null || !hasRows || !element) return;
    const saved = Number(sessionStorage.getItem(key));
    if (saved > 0) element.scrollTop = saved;
    setRestoredKey(key);
  }, [hasRows, key, restoredKey]);
  const remember = () => {
    const element = scroller.current;
    if (element && restoredKey !== null) sessionStorage.setItem(key, String(Math.round(element.scrollTop)));
  };
  return { scroller, remember };
}

/**
 * The day-grouped list with infinite scroll (docs/product.md §2.8, §4): the query's filters are one
 * cache entry, so new filters start at page 0 with an empty list.
 */
export const TransactionList = memo(function TransactionList({
  query,
  selected,
  onToggle,
}: {
  query: TransactionQuery;
  /** The ticked purchases, with onToggle, for a member who codes purchases. */
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
}) {
  const { t } = useTranslation('transactions');
  const result = useGetTransactionsInfiniteQuery(query, { refetchOnMountOrArgChange: true });
  // The store's answers re-render synchronously (useSyncExternalStore): deferred, the rows of a
  // new page render in a transition that yields to the browser every few milliseconds instead
  // of one long task, while the urgent render keeps what is on screen.
  const { currentData, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, isError, refetch } = useDeferredValue(result);

  const rows = useMemo(() => uniqueRows(currentData?.pages ?? []), [currentData]);
  const groups = useMemo(() => groupByDay(rows), [rows]);
  const canLoadMore = hasNextPage && !isFetching;

  const { scroller, remember: rememberScroll } = useRememberedScroll(rows.length > 0);
  const loadMoreIfScrolled = () => {
    rememberScroll();
    const element = scroller.current;
    if (element && canLoadMore && scrolledPast(element)) void fetchNextPage();
  };

  // A first page shorter than the box leaves nothing to scroll: load on until it fills.
  useEffect(() => {
    const element = scroller.current;
    if (element && canLoadMore && needsMoreToScroll(element)) void fetchNextPage();
  }, [rows, canLoadMore, fetchNextPage, scroller]);

  const firstLoad = !currentData && (isFetching || !isError);

  return (
    <Box
      ref={scroller}
      onScroll={loadMoreIfScrolled}
      // Scrollable by keyboard too (axe scrollable-region-focusable).
      tabIndex={0}
      data-testid="transactions-scroller"
      sx={{
        // The rest of the screen's height (TransactionsPage), and never less than a few rows.
        flex: '1 1 0',
        minHeight: LIST_MIN_HEIGHT,
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRadius: 3,
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <SavedAtNote endpoint="getTransactions" testId="transactions-updated" sx={{ px: 2, pt: 1 }} />
      {firstLoad && (
        <Box role="status" aria-busy="true" aria-label={t('common:loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <SkeletonRow key={index} />
          ))}
        </Box>
      )}
      {isError && !currentData && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('common:errors.unableToFetchData')}
        </Alert>
      )}
      {currentData && rows.length === 0 && (
        <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }}>
          {t('list.empty')}
        </Typography>
      )}
      {groups.length > 0 && (
        <List disablePadding aria-label={t('title')}>
          {groups.map((group) => (
            <Box component="li" key={group.day} sx={{ listStyle: 'none' }} data-testid="day-group">
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                <Heading heading={group.heading} />
                {group.transactions.map((transaction) => (
                  <TransactionRow
                    key={transaction.transactionId}
                    transaction={transaction}
                    selected={selected?.has(transaction.transactionId)}
                    onToggle={onToggle}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </List>
      )}
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('list.loadingMore')} />
        </Box>
      )}
      {currentData && rows.length > 0 && !hasNextPage && (
        <Typography variant="body2" color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('list.noMore')}
        </Typography>
      )}
    </Box>
  );
});
