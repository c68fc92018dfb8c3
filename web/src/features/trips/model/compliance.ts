import dayjs, { type Dayjs } from 'dayjs';
import type { ComplianceQuery, ComplianceRow } from '../api/trip-types';

const DAY = 'YYYY-MM-DD';

/** Default period: the last month up to today, as the transactions list. */
export function defaultComplianceRange(now: Dayjs = dayjs()): ComplianceQuery {
  return { dateFrom: now.subtract(1, 'month').format(DAY), dateTo: now.format(DAY) };
}

/** Worst first: the most missed savings, then the most off-plan gallons (the server orders too; this keeps it stable). */
export function worstFirst(rows: readonly ComplianceRow[]): ComplianceRow[] {
  return [...rows].sort((a, b) => b.missedSavings - a.missedSavings || b.offPlanGallons - a.offPlanGallons || a.driverName.localeCompare(b.driverName));
}

/** compliance-{from}-{to}.xlsx when the server names no file. */
export const complianceFileName = ({ dateFrom, dateTo }: ComplianceQuery) => `compliance-${dateFrom}-${dateTo}.xlsx`;
