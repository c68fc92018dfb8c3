import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { IftaReturn } from '../api/ifta-types';
import { closeBlock, daysLate, defaultEntryDate, formatRate, fuelFromSearch, periodSearch, previousQuarter, quarterFromSearch, quarterOf } from './quarter';

describe('IFTA quarters', () => {
  it('names the quarter of a day and the one before, across a year', () => {
    expect(quarterOf(dayjs('2026-11-27'))).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf(dayjs('2026-01-01'))).toEqual({ year: 2026, quarter: 1 });
    expect(previousQuarter({ year: 2026, quarter: 1 })).toEqual({ year: 2025, quarter: 4 });
    expect(previousQuarter({ year: 2026, quarter: 3 })).toEqual({ year: 2026, quarter: 2 });
  });

  it('dates a new entry today in the current quarter, else on the quarter’s last day', () => {
    const now = dayjs('2026-11-27');
    expect(defaultEntryDate({ year: 2026, quarter: 4 }, now)).toBe('2026-11-27');
    expect(defaultEntryDate({ year: 2026, quarter: 3 }, now)).toBe('2026-09-30');
    expect(defaultEntryDate({ year: 2025, quarter: 4 }, now)).toBe('2025-12-31');
  });

  it('writes a rate with four decimals, and no rate as a dash', () => {
    expect(formatRate(0.285)).toBe('$0.2850');
    expect(formatRate(null)).toBe('—');
  });

  it('keeps the quarter and fuel in the address, and reads them back', () => {
    const search = new URLSearchParams(periodSearch({ year: 2026, quarter: 3, fuelType: 'gasoline' }));
    expect(search.toString()).toBe('year=2026&quarter=3&fuelType=gasoline');
    expect(quarterFromSearch(search)).toEqual({ year: 2026, quarter: 3 });
    expect(fuelFromSearch(search)).toBe('gasoline');
    expect(fuelFromSearch(new URLSearchParams('fuelType=jet'))).toBe('diesel');
  });

  const draft: Pick<IftaReturn, 'status' | 'closedAt' | 'dueDate' | 'totalMiles' | 'totalGallons' | 'warnings'> = {
    status: 'closed',
    closedAt: null,
    dueDate: '2026-10-31',
    totalMiles: 1200,
    totalGallons: 200,
    warnings: [],
  };

  it('counts the days a draft return with figures is late, from the day after its due date', () => {
    expect(daysLate(draft, '2026-12-06')).toBe(36);
    expect(daysLate(draft, '2026-11-01')).toBe(1);
    expect(daysLate(draft, '2026-10-31')).toBeNull();
    expect(daysLate({ ...draft, closedAt: '2026-11-02T10:00:00Z' }, '2026-12-06')).toBeNull();
    expect(daysLate({ ...draft, totalMiles: 0, totalGallons: 0 }, '2026-12-06')).toBeNull();
  });

  it('says why a return cannot be closed: the quarter still runs, or the jurisdictions without a rate', () => {
    expect(closeBlock({ ...draft, status: 'open' })).toEqual({ kind: 'quarterOpen' });
    expect(closeBlock({ ...draft, warnings: [{ code: 'missing_rate', jurisdictions: ['OR', 'WA'], message: 'm' }] })).toEqual({
      kind: 'missingRate',
      jurisdictions: ['OR', 'WA'],
    });
    // A rate of 0 is a rate.
    expect(closeBlock({ ...draft, warnings: [{ code: 'zero_rate', jurisdictions: ['OR'], message: 'm' }] })).toBeNull();
  });
});
