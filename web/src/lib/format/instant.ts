import dayjs, { type Dayjs } from 'dayjs';
import { formatLanguage } from './locale';

/**
 * Instants from the API are RFC 3339 with Z or an offset (docs/api.md): a purchase's
 * transactionDate, createdAt, overrideUntil, a price's retailPriceDate… Every screen shows them
 * in the viewer's time zone, so an owner and a driver in one zone read the same clock time.
 */

const ZONED = /(?:Z|[+-]\d\d:?\d\d)$/i;

/** The instant as a dayjs in the viewer's zone; a text without a zone is read as UTC. */
export function viewerTime(iso: string): Dayjs {
  return dayjs(ZONED.test(iso) ? iso : `${iso}Z`);
}

/** Each language's order of day and month ("Nov 25" / "25 nov"); dayjs's locale (./locale) names the month. */
const FORMATS = {
  en: { monthDayTime: 'MMM D, h:mm A', dateYearTime: 'MMM D, YYYY h:mm A', dateYear: 'MMM D, YYYY', numeric: 'MM/DD/YYYY h:mm A', numericDay: 'MM/DD/YYYY' },
  es: { monthDayTime: 'D MMM, h:mm A', dateYearTime: 'D MMM YYYY, h:mm A', dateYear: 'D MMM YYYY', numeric: 'DD/MM/YYYY h:mm A', numericDay: 'DD/MM/YYYY' },
};

/** "2:03 PM" */
export const formatClockTime = (iso: string): string => viewerTime(iso).format('h:mm A');

/** "Nov 25, 3:04 PM" (es: "25 nov, 3:04 PM") */
export const formatMonthDayTime = (iso: string): string => viewerTime(iso).format(FORMATS[formatLanguage()].monthDayTime);

/** "Nov 21, 2026 2:03 PM" (es: "21 nov 2026, 2:03 PM") */
export const formatDateYearTime = (iso: string): string => viewerTime(iso).format(FORMATS[formatLanguage()].dateYearTime);

/** "11/21/2026 2:03 PM" (es: "21/11/2026 2:03 PM") */
export const formatNumericDateTime = (iso: string): string => viewerTime(iso).format(FORMATS[formatLanguage()].numeric);

/** "Nov 21, 2026" (es: "21 nov 2026"): the viewer's day of an instant. */
export const formatDateYear = (iso: string): string => viewerTime(iso).format(FORMATS[formatLanguage()].dateYear);

/** "Jan 31, 2027" (es: "31 ene 2027"): a calendar day (YYYY-MM-DD, a due date), read as the day it is in every zone. */
export const formatCalendarDay = (day: string): string => dayjs(day).format(FORMATS[formatLanguage()].dateYear);

/** "11/21/2026" (es: "21/11/2026"): a calendar day (YYYY-MM-DD) in numbers, as a list's day heading. */
export const formatNumericDay = (day: string): string => dayjs(day).format(FORMATS[formatLanguage()].numericDay);

/** "2026-11-21": the viewer's day the instant falls on. */
export const viewerDay = (iso: string): string => viewerTime(iso).format('YYYY-MM-DD');

/**
 * A query bound as the API takes it: the start (or the end) of the viewer's day `date`
 * (YYYY-MM-DD) with the viewer's offset, e.g. 2026-11-22T23:59:59.999-06:00.
 */
export function viewerDayBound(date: string, end: 'start' | 'end'): string {
  const day = dayjs(date);
  return (end === 'start' ? day.startOf('day') : day.endOf('day')).format('YYYY-MM-DDTHH:mm:ss.SSSZ');
}
