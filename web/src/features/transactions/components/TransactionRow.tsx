import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { transactionDetailPath } from '@/app/paths';
import { formatDollars } from '@/lib/format';
import type { TransactionListItem } from '../api/transactions-api';

/** Declined purchases carry a red chip with the reason (PRODUCT.md: inactive card, funds, limit). */
export function DeclinedChip({ reason }: { reason?: string | null }) {
  const { t } = useTranslation('transactions');
  const reasonText = reason ? t(`declineReasons.${reason}`, { defaultValue: reason }) : null;
  return (
    <Chip
      size="small"
      color="error"
      data-testid="declined-chip"
      label={reasonText ? `${t('row.declined')} · ${reasonText}` : t('row.declined')}
    />
  );
}

/** One transaction: invoice reference, location, driver, 'ID: ' + invoice, '$' total, '$' discount saved (SPEC §2.8). */
export function TransactionRow({ transaction }: { transaction: TransactionListItem }) {
  const { t } = useTranslation('transactions');
  const declined = transaction.status === 'DECLINED';
  return (
    <ListItemButton
      component={ReactRouterLink}
      to={transactionDetailPath(transaction.transactionId)}
      data-testid="transaction-row"
      data-status={transaction.status ?? 'APPROVED'}
      sx={{
        gap: 2,
        py: 1.5,
        mx: 1,
        alignItems: 'flex-start',
        borderRadius: 3,
        borderLeft: '3px solid',
        borderLeftColor: declined ? 'error.main' : 'transparent',
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
        <Typography variant="caption" color="text.secondary">
          {t('row.id', { ref: transaction.invoiceRef })} · {dayjs(transaction.transactionDate).format('h:mm A')}
        </Typography>
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography
          sx={{ fontWeight: 700, textDecoration: declined ? 'line-through' : undefined }}
          color={declined ? 'text.secondary' : 'text.primary'}
        >
          {formatDollars(transaction.fundedTotal)}
        </Typography>
        {declined ? (
          <DeclinedChip reason={transaction.declineReason} />
        ) : (
          <Typography variant="body2" color="success.main">
            {t('row.saved', { amount: formatDollars(transaction.discAmount) })}
          </Typography>
        )}
      </Stack>
    </ListItemButton>
  );
}
