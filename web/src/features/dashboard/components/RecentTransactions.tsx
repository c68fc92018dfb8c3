import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { paths, transactionDetailPath } from '@/lib/paths';
import type { RoleCode } from '@/lib/auth';
import { formatDollars, formatNumericDateTime } from '@/lib/format';
import { LoadError } from '@/components/feedback/LoadStates';
import { SavedAtNote } from '@/components/feedback/SavedAtNote';
import { useGetRecentTransactionsQuery, type RecentTransaction } from '../api/dashboard-api';
import { Tile } from './Tile';
import '@/components/layout/RowLink.css';
import './RecentTransactions.css';
import '@/lib/i18n/texts/dashboard';

/**
 * One of the newest transactions, linking to its detail. Plain elements styled by
 * RecentTransactions.css (the boxes, type and colours ListItemButton and Typography gave it, the
 * theme's hover and focus ring): three rows of MUI components were a part of the dashboard's
 * first commit (emotion's styles) worth no more than this. A declined row's chip stays MUI's.
 */
function Row({ transaction }: { transaction: RecentTransaction }) {
  const { t } = useTranslation('dashboard');
  const declined = transaction.status === 'DECLINED';
  return (
    <ReactRouterLink to={transactionDetailPath(transaction.transactionId)} className="row-link recent-transaction" data-testid="recent-transaction">
      <div className="recent-transaction-main">
        <p className="recent-transaction-location">{transaction.locationName}</p>
        <p className="recent-transaction-detail">
          {transaction.driverCardName} · {formatNumericDateTime(transaction.transactionDate)}
        </p>
      </div>
      <div className="recent-transaction-amounts">
        <p className={declined ? 'recent-transaction-total recent-transaction-declined' : 'recent-transaction-total'}>
          {/* Declined: nothing was paid; the struck-through amount is what was attempted at the pump. */}
          {formatDollars(declined ? transaction.attemptedAmount : transaction.fundedTotal)}
        </p>
        {declined ? (
          <Chip size="small" color="error" label={t('recent.declined')} sx={{ bgcolor: '#b3261e', color: '#fff' }} />
        ) : (
          <p className="recent-transaction-saved">{t('recent.saved', { amount: formatDollars(transaction.discAmount) })}</p>
        )}
      </div>
    </ReactRouterLink>
  );
}

/** The 3 newest transactions, each linking to its detail, and View All (docs/product.md §2.6). */
export function RecentTransactions({ role }: { role: RoleCode }) {
  const { t } = useTranslation('dashboard');
  const { data: transactions, isLoading, isError, isFetching, refetch } = useGetRecentTransactionsQuery({ role });
  const viewAll = (
    <Button component={ReactRouterLink} to={paths.transactions} size="small" sx={{ minHeight: 32 }}>
      {t('recent.viewAll')}
    </Button>
  );
  return (
    <Tile title={t('recent.title')} action={viewAll} testId="recent-transactions-tile">
      {isLoading && [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={56} />)}
      {isError && <LoadError onRetry={refetch} retrying={isFetching} />}
      {transactions && transactions.length === 0 && <Typography color="textSecondary">{t('recent.empty')}</Typography>}
      {transactions && transactions.length > 0 && (
        <List disablePadding component="div">
          {transactions.map((transaction) => (
            <Row key={transaction.transactionId} transaction={transaction} />
          ))}
        </List>
      )}
      <SavedAtNote endpoint="getRecentTransactions" testId="recent-transactions-updated" />
    </Tile>
  );
}
