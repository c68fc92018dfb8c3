import { formatCalendarDay } from '@/lib/format/instant';
import type { StatementSummary } from './api/statements-api';

/** "Mar 1, 2026 – Mar 31, 2026": a period's first and last days. */
export const periodDates = (s: Pick<StatementSummary, 'startDate' | 'endDate'>) => `${formatCalendarDay(s.startDate)} – ${formatCalendarDay(s.endDate)}`;
