export { formatDollars, formatOneDecimal, formatWhole, maskCardNumber } from './fleet';
export {
  formatCalendarDay,
  formatClockTime,
  formatDateYear,
  formatDateYearTime,
  formatMonthDayTime,
  formatNumericDateTime,
  formatNumericDay,
  viewerDay,
  viewerDayBound,
  viewerTime,
} from './instant';
export { formatLanguage, formatLocale, setFormatLanguage } from './locale';
