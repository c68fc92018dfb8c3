import dayjs from 'dayjs';
import { viewerTime } from '@/lib/format';

/** transactions-{date}.xlsx, used when the server names no file (docs/product.md §7). */
export const exportFileName = (now = dayjs()) => `transactions-${now.format('YYYY-MM-DD')}.xlsx`;

/** Long US date in the viewer's zone, e.g. "November 21, 2026 at 2:03 PM" (docs/product.md §2.8). */
export function longUsDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(viewerTime(isoDate).toDate());
}
