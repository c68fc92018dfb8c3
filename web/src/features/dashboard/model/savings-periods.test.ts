import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodDays, type SavingsPeriod } from './savings-periods';

describe('periodDays', () => {
  const cases: [string, SavingsPeriod, string, number][] = [
    ['today is one day', 'today', '2026-11-22', 1],
    ['week is seven days', 'week', '2026-11-22', 7],
    ['month is the day of the month', 'month', '2026-11-22', 22],
    ['month on the first is one day', 'month', '2026-11-01', 1],
    ['year is the day of the year', 'year', '2026-11-22', 326],
    ['year on 1 January is one day', 'year', '2026-01-01', 1],
    ['year counts 29 February in a leap year', 'year', '2028-03-01', 61],
    ['all time is 3650 days', 'allTime', '2026-11-22', 3650],
  ];
  it.each(cases)('%s', (_name, period, date, expected) => {
    expect(periodDays(period, dayjs(`${date}T10:00:00`))).toBe(expected);
  });
});
