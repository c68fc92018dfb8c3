import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDay, formatClockTime, formatDateYear, formatDateYearTime, formatMonthDayTime, formatNumericDateTime, formatNumericDay, viewerDay, viewerDayBound, viewerTime } from './instant';
import { setFormatLanguage } from './locale';

// Node reads the process's TZ on each Date call: each case sets the viewer's zone (vitest runs in
// Node; the app's tsconfig has no Node types, hence the cast).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const originalZone = env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete env.TZ;
  else env.TZ = originalZone;
});
const inZone = <T>(zone: string, fn: () => T): T => {
  env.TZ = zone;
  return fn();
};

describe('instants in the viewer’s zone', () => {
  // A purchase at 9:52 AM on a Dallas station's clock, as the API answers it.
  const purchase = '2026-11-20T15:52:00Z';

  it.each([
    ['America/Chicago', '9:52 AM', 'Nov 20, 9:52 AM', 'Nov 20, 2026 9:52 AM', '2026-11-20'],
    ['America/Denver', '8:52 AM', 'Nov 20, 8:52 AM', 'Nov 20, 2026 8:52 AM', '2026-11-20'],
    ['America/New_York', '10:52 AM', 'Nov 20, 10:52 AM', 'Nov 20, 2026 10:52 AM', '2026-11-20'],
    ['Asia/Tokyo', '12:52 AM', 'Nov 21, 12:52 AM', 'Nov 21, 2026 12:52 AM', '2026-11-21'],
  ])('in %s', (zone, clock, monthDay, full, day) => {
    inZone(zone, () => {
      expect(formatClockTime(purchase)).toBe(clock);
      expect(formatMonthDayTime(purchase)).toBe(monthDay);
      expect(formatDateYearTime(purchase)).toBe(full);
      expect(viewerDay(purchase)).toBe(day);
    });
  });

  it('reads an offset and Z as the same instant', () => {
    inZone('America/Chicago', () => {
      expect(formatClockTime('2026-11-20T08:52:00-07:00')).toBe('9:52 AM');
      expect(viewerTime('2026-11-20T09:52:00-06:00').valueOf()).toBe(Date.parse(purchase));
    });
  });

  it('shows an override’s end alike to the owner and the driver', () => {
    // The card list (owner) and the driver's request answer one instant; both screens use one formatter.
    const until = '2026-11-20T23:42:00Z';
    inZone('America/Chicago', () => expect(formatMonthDayTime(until)).toBe('Nov 20, 5:42 PM'));
  });

  it('keeps the wall clock across the daylight-saving changes', () => {
    inZone('America/Chicago', () => {
      expect(formatClockTime('2026-03-08T07:59:00Z')).toBe('1:59 AM'); // CST
      expect(formatClockTime('2026-03-08T08:00:00Z')).toBe('3:00 AM'); // CDT: 2 AM is skipped
      expect(formatClockTime('2026-11-01T06:30:00Z')).toBe('1:30 AM'); // CDT
      expect(formatClockTime('2026-11-01T07:30:00Z')).toBe('1:30 AM'); // CST: the hour again
    });
  });

  it('reads a text without a zone as UTC', () => {
    inZone('America/Chicago', () => expect(formatClockTime('2026-11-20T15:52:00')).toBe('9:52 AM'));
  });

  it.each([
    ['America/Chicago', '2026-11-22', '2026-11-22T00:00:00.000-06:00', '2026-11-22T23:59:59.999-06:00'],
    ['America/Denver', '2026-11-22', '2026-11-22T00:00:00.000-07:00', '2026-11-22T23:59:59.999-07:00'],
    ['America/Chicago', '2026-03-08', '2026-03-08T00:00:00.000-06:00', '2026-03-08T23:59:59.999-05:00'],
  ])('bounds the viewer’s day in %s', (zone, date, start, end) => {
    inZone(zone, () => {
      expect(viewerDayBound(date, 'start')).toBe(start);
      expect(viewerDayBound(date, 'end')).toBe(end);
    });
  });
});

describe('dates in each language (docs/product.md, "Languages")', () => {
  afterEach(() => setFormatLanguage('en'));
  const purchase = '2026-11-20T15:52:00Z';

  it.each([
    ['en', 'Nov 20, 2026 9:52 AM', 'Nov 20, 2026', '11/20/2026 9:52 AM', 'Jan 31, 2027', '01/31/2027'],
    ['es', '20 nov 2026, 9:52 AM', '20 nov 2026', '20/11/2026 9:52 AM', '31 ene 2027', '31/01/2027'],
  ] as const)('writes %s dates in its order and month names', (language, full, day, numeric, due, numericDue) => {
    setFormatLanguage(language);
    inZone('America/Chicago', () => {
      expect(formatDateYearTime(purchase)).toBe(full);
      expect(formatDateYear(purchase)).toBe(day);
      expect(formatNumericDateTime(purchase)).toBe(numeric);
    });
    // A due date is a calendar day: the same day east and west of UTC.
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo'])
      inZone(zone, () => {
        expect(formatCalendarDay('2027-01-31')).toBe(due);
        expect(formatNumericDay('2027-01-31')).toBe(numericDue);
      });
  });
});
