import dayjs, { type Dayjs } from 'dayjs';
import dayOfYear from 'dayjs/plugin/dayOfYear';

dayjs.extend(dayOfYear);

/** Period buttons of the savings tiles, in display order (docs/product.md §2.6). */
export const SAVINGS_PERIODS = ['today', 'week', 'month', 'year', 'allTime'] as const;
export type SavingsPeriod = (typeof SAVINGS_PERIODS)[number];

export const COMPANY_DEFAULT_PERIOD: SavingsPeriod = 'week';
export const SPENDINGS_DEFAULT_PERIOD: SavingsPeriod = 'month';
/** Where the company tile goes once when the default period saved nothing (docs/product.md §4). */
export const COMPANY_FALLBACK_PERIOD: SavingsPeriod = 'year';
const ALL_TIME_DAYS = 3650;

/** lastDays sent for a period (docs/product.md §7, §9): today 1, week 7, month = day of month, year = day of year, all time 3650. */
export function periodDays(period: SavingsPeriod, now: Dayjs = dayjs()): number {
  switch (period) {
    case 'today':
      return 1;
    case 'week':
      return 7;
    case 'month':
      return now.date();
    case 'year':
      return now.dayOfYear();
    case 'allTime':
      return ALL_TIME_DAYS;
  }
}
