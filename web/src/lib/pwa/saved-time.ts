import { formatClockTime, formatMonthDayTime } from '@/lib/format';

/** "10:42 AM" today, "Nov 25, 3:04 PM" another day: when a saved answer was fetched (ms since 1970). */
export function savedTimeText(savedAt: number, now: number = Date.now()): string {
  const iso = new Date(savedAt).toISOString();
  return new Date(savedAt).toDateString() === new Date(now).toDateString() ? formatClockTime(iso) : formatMonthDayTime(iso);
}
