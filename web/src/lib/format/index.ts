export { formatDollars, maskCardNumber } from './fleet';
export {
  formatClockTime,
  formatDateYearTime,
  formatMonthDayTime,
  viewerDay,
  viewerDayBound,
  viewerTime,
} from './instant';
export { formatLanguage, formatLocale, setFormatLanguage } from './locale';
