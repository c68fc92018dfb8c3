import dayjs from 'dayjs';
import { formatDateYearTime, formatLanguage, formatLocale, viewerTime } from '@/lib/format';

/** transactions-{date}.xlsx, used when the server names no file (docs/product.md §7). */
export const exportFileName = (now = dayjs()) => `transactions-${now.format('YYYY-MM-DD')}.xlsx`;

/**
 * Long US date in the viewer's zone, e.g. "November 21, 2026 at 2:03 PM" (docs/product.md §2.8);
 * Spanish writes the app's Spanish date, "21 nov 2026, 2:03 PM" (docs/product.md, "Languages").
 */
export function longUsDate(isoDate: string): string {
  if (formatLanguage() === 'es') return formatDateYearTime(isoDate);
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'long', timeStyle: 'short' }).format(viewerTime(isoDate).toDate());
}

/** The amount a row shows: what was paid, or for a declined purchase (nothing paid) what was attempted at the pump. */
export function shownAmount(t: { status?: string; fundedTotal: number; attemptedAmount: number }): number {
  return t.status === 'DECLINED' ? t.attemptedAmount : t.fundedTotal;
}
