import dayjs from 'dayjs';
import { api } from '@/lib/api';

/**
 * GET /api/wex/company/compliance rows, reduced to what the dashboard shows (typed by hand).
 */
interface ComplianceRow {
  missedSavings: number;
}

/** The compliance dates for the dashboard's lastDays: today and the days before it. */
export function periodRange(lastDays: number, now = dayjs()): { dateFrom: string; dateTo: string } {
  return { dateFrom: now.subtract(Math.max(1, lastDays) - 1, 'day').format('YYYY-MM-DD'), dateTo: now.format('YYYY-MM-DD') };
}

/** Dollars summed in whole cents, so that many rows never add float error. */
export function sumMissedSavings(rows: readonly ComplianceRow[]): number {
  return rows.reduce((cents, row) => cents + Math.round(row.missedSavings * 100), 0) / 100;
}

export const missedSavingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The company's missed savings over the last `lastDays` days (owner dashboard). */
    getMissedSavings: build.query<number, { lastDays: number }>({
      query: ({ lastDays }) => ({ url: '/wex/company/compliance', params: periodRange(lastDays) }),
      transformResponse: (rows: ComplianceRow[]) => sumMissedSavings(rows),
      providesTags: ['Compliance'],
    }),
  }),
});

export const { useGetMissedSavingsQuery } = missedSavingsApi;
