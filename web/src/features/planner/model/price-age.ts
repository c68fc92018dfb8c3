/** How old a station's price is (docs/product.md §9): "2 h ago", stale past 48 hours. */

export const PRICE_STALE_AFTER_HOURS = 48;

export type PriceAgeUnit = 'justNow' | 'minutes' | 'hours' | 'days';

export interface PriceAge {
  unit: PriceAgeUnit;
  count: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** retailPriceDate is UTC without a zone ("2026-11-21T06:00:00"): read it as UTC. */
export function parsePriceDate(text: string): number {
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`;
  return Date.parse(zoned);
}

/**
 * The age of a price at `now`: under a minute "just now", then whole minutes, hours (under 48)
 * and days. A date in the future (clock skew) counts as just now; null for an unreadable date.
 */
export function priceAge(retailPriceDate: string, now: number): PriceAge | null {
  const at = parsePriceDate(retailPriceDate);
  if (Number.isNaN(at)) return null;
  const age = Math.max(0, now - at);
  if (age < MINUTE) return { unit: 'justNow', count: 0 };
  if (age < HOUR) return { unit: 'minutes', count: Math.floor(age / MINUTE) };
  if (age < PRICE_STALE_AFTER_HOURS * HOUR) return { unit: 'hours', count: Math.floor(age / HOUR) };
  return { unit: 'days', count: Math.floor(age / DAY) };
}
