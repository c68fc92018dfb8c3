import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { TransactionListItem } from '../api/transactions-api';
import { TransactionRow } from './TransactionRow';

const purchase: TransactionListItem = {
  transactionId: 7,
  transactionDate: '2026-11-21T14:03:00',
  invoiceRef: 'INV-000007',
  locationName: 'Pilot Travel Center #412',
  driverCardName: 'Sam Carter',
  cardNumber: '7071000000000001234',
  fundedTotal: 512.4,
  attemptedAmount: 512.4,
  discAmount: 38.2,
  status: 'APPROVED',
  productCode: 'DSL',
  declineCode: null,
  declineReason: null,
};

function renderRow(transaction: TransactionListItem) {
  renderWithProviders(
    <MemoryRouter>
      <ul>
        <TransactionRow transaction={transaction} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByTestId('transaction-row');
}

describe('transaction row: who held the card', () => {
  it('names the signed-up driver who held the card when the card was named for someone else', () => {
    expect(renderRow({ ...purchase, holderName: 'Ned Next' })).toHaveTextContent('Sam Carter · held by Ned Next');
  });

  it('says nothing more when the holder is the card’s named driver, or nobody held it', () => {
    expect(renderRow({ ...purchase, holderName: 'Sam Carter' })).not.toHaveTextContent('held by');
    cleanup();
    expect(renderRow({ ...purchase, holderName: null })).not.toHaveTextContent('held by');
  });
});
