/**
 * Display helpers shared by the dashboard, transactions and fuel-card screens.
 * Amounts arrive from the API in dollars with 2 decimals (http/openapi.json); they are
 * only formatted here, never computed with.
 */
const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$' + amount with 2 decimals and thousands separators; negatives as -$12.50. */
export function formatDollars(amount: number): string {
  const text = `$${dollars.format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

const VISIBLE_LEADING = 4;
const VISIBLE_TRAILING = 4;

/**
 * A card number in groups of 4 with the middle digits as asterisks (docs/product.md §3):
 * 7071000000000004321 → "7071 **** **** ***4 321". A number that already carries
 * asterisks is only grouped.
 */
export function maskCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/\s+/g, '');
  const masked =
    compact.includes('*') || compact.length <= VISIBLE_LEADING + VISIBLE_TRAILING
      ? compact
      : compact.slice(0, VISIBLE_LEADING) +
        '*'.repeat(compact.length - VISIBLE_LEADING - VISIBLE_TRAILING) +
        compact.slice(-VISIBLE_TRAILING);
  return masked.match(/.{1,4}/g)?.join(' ') ?? masked;
}
