import { describe, expect, it } from 'vitest';
import { parsePriceDate, priceAge } from './price-age';

const at = Date.parse('2026-11-21T06:00:00Z');
const hours = (n: number) => at + n * 3_600_000;

describe('priceAge', () => {
  it('reads the wire date (UTC without a zone) as UTC', () => {
    expect(parsePriceDate('2026-11-21T06:00:00')).toBe(at);
    expect(parsePriceDate('2026-11-21T06:00:00Z')).toBe(at);
  });

  it('says just now, minutes, hours under 48 and days after', () => {
    expect(priceAge('2026-11-21T06:00:00', at + 30_000)).toEqual({ unit: 'justNow', count: 0 });
    expect(priceAge('2026-11-21T06:00:00', at + 59 * 60_000)).toEqual({ unit: 'minutes', count: 59 });
    expect(priceAge('2026-11-21T06:00:00', hours(2))).toEqual({ unit: 'hours', count: 2 });
    expect(priceAge('2026-11-21T06:00:00', hours(47.9))).toEqual({ unit: 'hours', count: 47 });
    expect(priceAge('2026-11-21T06:00:00', hours(48))).toEqual({ unit: 'days', count: 2 });
    expect(priceAge('2026-11-21T06:00:00', hours(24 * 3 + 5))).toEqual({ unit: 'days', count: 3 });
  });

  it('counts a future date as just now and gives null for an unreadable one', () => {
    expect(priceAge('2026-11-21T06:00:00', at - 3_600_000)).toEqual({ unit: 'justNow', count: 0 });
    expect(priceAge('yesterday', at)).toBeNull();
  });
});
