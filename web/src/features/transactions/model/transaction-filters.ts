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

/** The URL's search parameter of each filter: the filters live in the address, so going back from a purchase finds them. */
const searchParamOf = { searchText: 'search', dateFrom: 'from', dateTo: 'to', cardNumber: 'card' } as const satisfies Record<keyof TransactionFilters, string>;

const isInputDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(INPUT_DATE) === value;

/**
 * The filters a URL's search parameters say. An absent parameter is its default (the default
 * month, no search, all cards); a present empty one is a cleared filter; a malformed date is its default.
 */
export function filtersFromSearch(params: URLSearchParams, now: Dayjs = dayjs()): TransactionFilters {
  const defaults = defaultFilters(now);
  const read = (key: keyof TransactionFilters) => params.get(searchParamOf[key]) ?? defaults[key];
  const date = (key: 'dateFrom' | 'dateTo') => {
    const value = read(key);
    return value === '' || isInputDate(value) ? value : defaults[key];
  };
  return { searchText: read('searchText'), dateFrom: date('dateFrom'), dateTo: date('dateTo'), cardNumber: read('cardNumber') };
}

/** The search parameters of `filters` (those at their default left out), merged into `current`'s other parameters. */
export function filtersToSearch(filters: TransactionFilters, current: URLSearchParams = new URLSearchParams(), now: Dayjs = dayjs()): URLSearchParams {
  const defaults = defaultFilters(now);
  const next = new URLSearchParams(current);
  for (const key of Object.keys(searchParamOf) as (keyof TransactionFilters)[]) {
    if (filters[key] === defaults[key]) next.delete(searchParamOf[key]);
    else next.set(searchParamOf[key], filters[key]);
  }
  return next;
}

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
