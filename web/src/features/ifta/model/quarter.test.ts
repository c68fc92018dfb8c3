import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultEntryDate, formatRate, previousQuarter, quarterOf } from './quarter';

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
});
