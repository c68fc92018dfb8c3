import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { transactionDetailPath } from '@/lib/paths';
import { formatClockTime, formatDollars } from '@/lib/format';
import type { TransactionListItem } from '../api/transactions-api';
import { declineSentence } from '../model/decline';
import { shownAmount } from '../model/formats';
import { FROM_LIST } from '../model/history';
import '@/components/layout/RowLink.css';
import './TransactionRow.css';
import '@/lib/i18n/texts/transactions';

/** Declined purchases carry a red chip; the rule they broke is a sentence under it (DeclineReason). */
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

/** The sentence naming the broken rule (every decline names its rule), in full: it wraps between words on phones. */
export function DeclineReason({
  transaction,
  variant = 'body2',
  className,
}: {
  transaction: Pick<TransactionListItem, 'declineCode' | 'declineReason'>;
  variant?: 'body1' | 'body2';
  className?: string;
}) {
  const { t } = useTranslation('transactions');
  const sentence = declineSentence(t, transaction.declineCode, transaction.declineReason);
  if (!sentence) return null;
  return (
    <Typography
      variant={variant}
      data-testid="decline-reason"
      className={className}
      // The theme's light red: error.main is under 4.5:1 on a declined row's red tint.
      sx={{ color: 'error.light', overflowWrap: 'break-word', maxWidth: '100%' }}
    >
      {sentence}
    </Typography>
  );
}

/**
 * One transaction: invoice reference, location, driver, 'ID: ' + invoice, '$' total, '$' discount saved (docs/product.md §2.8).
 * Plain elements styled by TransactionRow.css, not MUI's: a page of 20 rows was ~200 styled
 * components, whose styles (emotion) and effects (ButtonBase's ripple) made most of the list's
 * first commit, one long task on a phone. The CSS gives the same boxes, type and colours as
 * ListItemButton and Typography did, and the theme's hover and keyboard focus ring; a declined
 * row's chip and sentence stay MUI's (DeclinedChip, DeclineReason: the detail page's too).
 * Memoized: a row re-renders only when its transaction changes (the cache keeps unchanged
 * rows' objects), not with every next page or filter bar change of the list around it.
 */
export const TransactionRow = memo(function TransactionRow({
  transaction,
  selected,
  onToggle,
}: {
  transaction: TransactionListItem;
  /** With onToggle (a member who codes purchases): the row's checkbox, an approved purchase's only. */
  selected?: boolean;
  onToggle?: (id: number) => void;
}) {
  const { t } = useTranslation('transactions');
  const declined = transaction.status === 'DECLINED';
  return (
    <li className={onToggle ? 'transaction-row transaction-row-selectable' : 'transaction-row'}>
      {onToggle &&
        (declined ? (
          <span className="transaction-row-check" />
        ) : (
          <input
            type="checkbox"
            className="transaction-row-check"
            checked={selected ?? false}
            onChange={() => onToggle(transaction.transactionId)}
            aria-label={t('coding.selectPurchase', { ref: transaction.invoiceRef })}
          />
        ))}
      <ReactRouterLink
        to={transactionDetailPath(transaction.transactionId)}
        state={FROM_LIST}
        className={declined ? 'row-link transaction-row-link transaction-row-declined' : 'row-link transaction-row-link'}
        data-testid="transaction-row"
        data-status={transaction.status ?? 'APPROVED'}
      >
        <div className="transaction-row-main">
          <span className="transaction-row-ref">{transaction.invoiceRef}</span>
          <p className="transaction-row-location">{transaction.locationName}</p>
          <p className="transaction-row-driver">
            {transaction.driverCardName}
            {/* The signed-up driver who held the card, when the card's name says someone else. */}
            {transaction.holderName &&
              transaction.holderName !== transaction.driverCardName &&
              ` · ${t('row.heldBy', { name: transaction.holderName })}`}
          </p>
          <p className="transaction-row-meta">
            {t('row.id', { ref: transaction.invoiceRef })} · {formatClockTime(transaction.transactionDate)}
            {/* Diesel is the usual product: only the others are worth a word on the row. */}
            {transaction.productCode && transaction.productCode !== 'DSL' && ` · ${t(`products.${transaction.productCode}`)}`}
            {/* A card that requires a job: the driver is asked for it, the office sees the task. */}
            {transaction.missingJob && ` · ${t('coding.jobNeeded')}`}
          </p>
        </div>
        <div className="transaction-row-amounts">
          <p className="transaction-row-total">{formatDollars(shownAmount(transaction))}</p>
          {declined ? (
            <DeclinedChip />
          ) : (
            <p className="transaction-row-saved">{t('row.saved', { amount: formatDollars(transaction.discAmount) })}</p>
          )}
        </div>
        {/* Why, in full: the row's whole width under the purchase, wrapped between words (a driver looks for it here). */}
        {declined && <DeclineReason transaction={transaction} className="transaction-row-reason" />}
      </ReactRouterLink>
    </li>
  );
});
