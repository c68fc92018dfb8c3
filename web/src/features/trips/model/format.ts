import { formatDateYearTime, formatLanguage, formatLocale, formatOneDecimal as oneDecimal, viewerTime } from '@/lib/format';

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const dateTime = () => {
  const locale = formatLocale();
  let format = dateTimes.get(locale);
  if (!format) dateTimes.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })));
  return format;
};

/** 152.3 — gallons and miles with one decimal. */
export const formatOneDecimal = (value: number): string => oneDecimal(value);

/** "Nov 21, 2026, 2:03 PM" (es: "21 nov 2026, 2:03 PM", the app's Spanish date) in the viewer's zone for an instant from the API. */
export const formatDateTime = (iso: string): string => (formatLanguage() === 'es' ? formatDateYearTime(iso) : dateTime().format(viewerTime(iso).toDate()));
