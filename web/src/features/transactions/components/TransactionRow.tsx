import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { transactionDetailPath } from '@/lib/paths';
import { formatDollars } from '@/lib/format';
import type { TransactionListItem } from '../api/transactions-api';
import { declineSentence } from '../model/decline';

/** Declined purchases carry a red chip; the rule they broke is a sentence beside it (DeclineReason). */
export function DeclinedChip() {
  const { t } = useTranslation('transactions');
  return (
    <Chip
      size="small"
      color="error"
      data-testid="declined-chip"
      // The theme's error red under white text is 3.5:1; this darker red is 6.5:1 (WCAG AA).
      sx={{ bgcolor: '#b3261e', color: '#fff', maxWidth: '100%' }}
      label={t('row.declined')}
    />
  );
}

/** The sentence naming the broken rule (issue 11: every decline names its rule); wraps on phones. */
export function DeclineReason({
  transaction,
  variant = 'body2',
  oneLine = false,
}: {
  transaction: Pick<TransactionListItem, 'declineCode' | 'declineReason'>;
  variant?: 'body1' | 'body2';
  /** On a row: one line, cut with an ellipsis (the detail shows it whole). */
  oneLine?: boolean;
}) {
  const { t } = useTranslation('transactions');
  const sentence = declineSentence(t, transaction.declineCode, transaction.declineReason);
  if (!sentence) return null;
  return (
    <Typography
      variant={variant}
      color="error.dark"
      data-testid="decline-reason"
      noWrap={oneLine}
      title={oneLine ? sentence : undefined}
      sx={{ overflowWrap: 'anywhere', maxWidth: '100%' }}
    >
      {sentence}
    </Typography>
  );
}

/**
 * One transaction: invoice reference, location, driver, 'ID: ' + invoice, '$' total, '$' discount saved (docs/product.md §2.8).
 * Memoized: a row re-renders only when its transaction changes (the cache keeps unchanged
 * rows' objects), not with every next page or filter bar change of the list around it.
 */
export const TransactionRow = memo(function TransactionRow({ transaction }: { transaction: TransactionListItem }) {
  const { t } = useTranslation('transactions');
  const declined = transaction.status === 'DECLINED';
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
    <ListItemButton
      component={ReactRouterLink}
      to={transactionDetailPath(transaction.transactionId)}
      data-testid="transaction-row"
      data-status={transaction.status ?? 'APPROVED'}
      sx={{
        gap: 2,
        py: { xs: 0.75, sm: 1.5 },
        mx: 1,
        alignItems: 'flex-start',
        borderRadius: '10px',
        ...(declined && {
          bgcolor: (theme) => alpha(theme.palette.error.main, 0.08),
          boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.error.main}`,
        }),
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {transaction.invoiceRef}
        </Typography>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {transaction.locationName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {transaction.driverCardName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {t('row.id', { ref: transaction.invoiceRef })} · {dayjs(transaction.transactionDate).format('h:mm A')}
          {/* Diesel is the usual product: only the others are worth a word on the row. */}
          {transaction.productCode && transaction.productCode !== 'DSL' && ` · ${t(`products.${transaction.productCode}`)}`}
        </Typography>
      </Box>
      {/* A declined row says why under its chip, so it is no taller than the others (five rows fit a phone). */}
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0, maxWidth: '45%', minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 700 }}
          color={declined ? 'text.secondary' : 'text.primary'}
        >
          {formatDollars(transaction.fundedTotal)}
        </Typography>
        {declined ? (
          <>
            <DeclinedChip />
            <DeclineReason transaction={transaction} oneLine />
          </>
        ) : (
          <Typography variant="body2" color="success.main">
            {t('row.saved', { amount: formatDollars(transaction.discAmount) })}
          </Typography>
        )}
      </Stack>
    </ListItemButton>
    </Box>
  );
});
