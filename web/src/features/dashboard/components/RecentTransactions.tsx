import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { paths, transactionDetailPath } from '@/lib/paths';
import type { RoleCode } from '@/lib/auth';
import { formatDollars } from '@/lib/format';
import { LoadError } from '@/components/feedback/LoadStates';
import { useGetRecentTransactionsQuery, type RecentTransaction } from '../api/dashboard-api';
import { Tile } from './Tile';

function Row({ transaction }: { transaction: RecentTransaction }) {
  const { t } = useTranslation('dashboard');
  const declined = transaction.status === 'DECLINED';
  return (
    <ListItemButton
      component={ReactRouterLink}
      to={transactionDetailPath(transaction.transactionId)}
      divider
      data-testid="recent-transaction"
      sx={{ px: 1, alignItems: 'flex-start', gap: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {transaction.locationName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {transaction.driverCardName} · {dayjs(transaction.transactionDate).format('MM/DD/YYYY h:mm A')}
        </Typography>
      </Box>
      <Stack sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 600, textDecoration: declined ? 'line-through' : undefined }}>
          {formatDollars(transaction.fundedTotal)}
        </Typography>
        {declined ? (
          <Chip size="small" color="error" label={t('recent.declined')} sx={{ bgcolor: '#b3261e', color: '#fff' }} />
        ) : (
          <Typography variant="body2" color="success.main">
            {t('recent.saved', { amount: formatDollars(transaction.discAmount) })}
          </Typography>
        )}
      </Stack>
    </ListItemButton>
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
      {transactions && transactions.length === 0 && <Typography color="text.secondary">{t('recent.empty')}</Typography>}
      {transactions && transactions.length > 0 && (
        <List disablePadding component="div">
          {transactions.map((transaction) => (
            <Row key={transaction.transactionId} transaction={transaction} />
          ))}
        </List>
      )}
    </Tile>
  );
}
