import dayjs, { type Dayjs } from 'dayjs';
import { viewerDayBound } from '@/lib/format';
import type { TransactionQuery, TransactionScope } from '../api/transactions-api';

/** Filters as the screen holds them: dates as the date inputs' YYYY-MM-DD, '' when unset. */
export interface TransactionFilters {
  searchText: string;
  dateFrom: string;
  dateTo: string;
  cardNumber: string;
}

const INPUT_DATE = 'YYYY-MM-DD';

/** Default range: one month ago at start of day to end of today (docs/product.md §4). */
export function defaultFilters(now: Dayjs = dayjs()): TransactionFilters {
  return {
    searchText: '',
    dateFrom: now.subtract(1, 'month').format(INPUT_DATE),
    dateTo: now.format(INPUT_DATE),
    cardNumber: '',
  };
}

export const clearedFilters: TransactionFilters = { searchText: '', dateFrom: '', dateTo: '', cardNumber: '' };

/** 'Clear Filters' shows when any filter is set (docs/product.md §2.8). */
export function anyFilterSet(filters: TransactionFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** Start of the From day in the viewer's zone, e.g. 2026-10-22T00:00:00.000-05:00. */
export const apiDateFrom = (date: string) => viewerDayBound(date, 'start');
/** End of the To day in the viewer's zone, e.g. 2026-11-22T23:59:59.999-06:00. */
export const apiDateTo = (date: string) => viewerDayBound(date, 'end');

/** End date cannot precede start date (docs/product.md §2.8). */
export function isValidRange(dateFrom: string, dateTo: string): boolean {
  return !dateFrom || !dateTo || dateFrom <= dateTo;
}

/** The query the API gets for these filters (search already debounced by the caller). */
export function toQuery(scope: TransactionScope, filters: TransactionFilters): TransactionQuery {
  return {
    scope,
    searchText: filters.searchText.trim() || undefined,
    dateFrom: filters.dateFrom ? apiDateFrom(filters.dateFrom) : undefined,
    dateTo: filters.dateTo ? apiDateTo(filters.dateTo) : undefined,
    cardNumber: scope === 'company' && filters.cardNumber ? filters.cardNumber : undefined,
  };
}
