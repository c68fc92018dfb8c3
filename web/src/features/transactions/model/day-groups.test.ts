import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TransactionListItem } from '../api/transactions-api';
import { dayHeading, groupByDay } from './day-groups';

const now = dayjs('2026-11-22T15:00:00');
const row = (transactionId: number, transactionDate: string): TransactionListItem => ({
  transactionId,
  transactionDate,
  invoiceRef: `INV-${transactionId}`,
  locationName: 'Pilot',
  driverCardName: 'Sam Carter',
  cardNumber: '7071000000000001234',
  fundedTotal: 1,
  discAmount: 0.1,
  attemptedAmount: 1.1,
  status: 'APPROVED',
  productCode: 'DSL',
  declineCode: null,
  declineReason: null,
});

describe('dayHeading', () => {
  it.each([
    ['Today for the same day', '2026-11-22T00:00:01', { kind: 'today' }],
    ['Yesterday for the day before', '2026-11-21T23:59:59', { kind: 'yesterday' }],
    ['the day for older days', '2026-11-20T12:00:00', { kind: 'date', day: '2026-11-20' }],
    ['the day across a year', '2025-12-31T12:00:00', { kind: 'date', day: '2025-12-31' }],
  ])('%s', (_name, date, expected) => {
    expect(dayHeading(dayjs(date), now)).toEqual(expected);
  });
});

describe('groupByDay', () => {
  it('groups rows by day, most recent day and row first', () => {
    const groups = groupByDay(
      [row(1, '2026-11-20T08:00:00'), row(2, '2026-11-22T09:00:00'), row(3, '2026-11-22T14:00:00'), row(4, '2026-11-21T10:00:00')],
      now,
    );
    expect(groups.map((group) => group.heading)).toEqual([
      { kind: 'today' },
      { kind: 'yesterday' },
      { kind: 'date', day: '2026-11-20' },
    ]);
    expect(groups.map((group) => group.transactions.map((transaction) => transaction.transactionId))).toEqual([[3, 2], [4], [1]]);
  });

  it('gives no groups for no rows', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
