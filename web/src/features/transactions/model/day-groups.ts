import dayjs, { type Dayjs } from 'dayjs';
import { viewerTime } from '@/lib/format';
import type { TransactionListItem } from '../api/transactions-api';

export interface DayGroup {
  /** YYYY-MM-DD of the viewer's day. */
  day: string;
  heading: { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; day: string };
  transactions: TransactionListItem[];
}

/** 'Today', 'Yesterday', otherwise the day (YYYY-MM-DD), written in numbers in the viewer's language (docs/product.md §2.8). */
export function dayHeading(date: Dayjs, now: Dayjs = dayjs()): DayGroup['heading'] {
  if (date.isSame(now, 'day')) return { kind: 'today' };
  if (date.isSame(now.subtract(1, 'day'), 'day')) return { kind: 'yesterday' };
  return { kind: 'date', day: date.format('YYYY-MM-DD') };
}

/** Rows grouped by day, most recent day first and most recent row first within a day. */
export function groupByDay(transactions: readonly TransactionListItem[], now: Dayjs = dayjs()): DayGroup[] {
  const sorted = [...transactions].sort((a, b) => viewerTime(b.transactionDate).valueOf() - viewerTime(a.transactionDate).valueOf());
  const groups: DayGroup[] = [];
  for (const transaction of sorted) {
    const date = viewerTime(transaction.transactionDate);
    const day = date.format('YYYY-MM-DD');
    const last = groups.at(-1);
    if (last?.day === day) last.transactions.push(transaction);
    else groups.push({ day, heading: dayHeading(date, now), transactions: [transaction] });
  }
  return groups;
}
