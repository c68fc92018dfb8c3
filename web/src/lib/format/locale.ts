import dayjs from 'dayjs';
import 'dayjs/locale/es';

/**
 * The language dates are written in (src/lib/i18n sets it with the app's language). Numbers and
 * money read the same in both: US Spanish (es-US) writes $1,234.50 and 152.3 as en-US does.
 */
export type FormatLanguage = 'en' | 'es';

let language: FormatLanguage = 'en';

export function setFormatLanguage(next: FormatLanguage) {
  language = next;
  dayjs.locale(next);
}

export const formatLanguage = (): FormatLanguage => language;

/** The Intl locale of the current language: en-US or es-US. */
export const formatLocale = (): string => (language === 'es' ? 'es-US' : 'en-US');
