/**
 * Display helpers shared by the dashboard, transactions, fuel-card and IFTA screens.
 * Amounts arrive from the API in dollars with 2 decimals (http/openapi.json); they are
 * only formatted here, never computed with.
 */
/**
 * A non-negative number with `places` decimals and comma thousands separators: what
 * `Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places })`
 * prints (fleet.test.ts compares them), without it: the first NumberFormat a page makes loads the
 * browser's number data, a ~70 ms task on a phone in the middle of the signed-in pages' first load.
 */
function fixedDecimals(amount: number, places: number): string {
  // Rounded as ICU rounds: half away from zero on the number's shortest decimal form ("0.015"
  // → "0.02"), not on its binary value as toFixed does ("0.01").
  if (!Number.isFinite(amount)) return amount.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
  const shortest = String(amount);
  if (!/^\d+(\.\d+)?$/.test(shortest)) return amount.toFixed(places); // exponent forms
  const [whole, fraction = ''] = shortest.split('.');
  let scaled = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  if (fraction.length > places && fraction[places] >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${groupThousands(digits.slice(0, -places))}.${digits.slice(-places)}`;
}

const twoDecimals = (amount: number) => fixedDecimals(amount, 2);

/** Digits with a comma before every group of three from the right: "1234567" → "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** 152.3, 1,234.6: one decimal and thousands separators; a negative that rounds to zero is -0.0, as Intl prints it. */
export function formatOneDecimal(n: number): string {
  const text = fixedDecimals(Math.abs(n), 1);
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}

/** '$' + amount with 2 decimals and thousands separators; negatives as -$12.50. */
export function formatDollars(amount: number): string {
  const text = `$${twoDecimals(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/**
 * Whole miles or gallons with thousands separators, as `toLocaleString('en-US', { maximumFractionDigits: 0 })`
 * prints them (fleet.test.ts compares them), without it: the first number format a page makes loads
 * the browser's number data, a ~70 ms task on a phone before a page's first paint.
 */
export function formatWhole(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  // Half away from zero, as ICU rounds (a half is exact in binary, so the number's value decides).
  const whole = groupThousands(String(Math.round(Math.abs(n))));
  return n < 0 || Object.is(n, -0) ? `-${whole}` : whole;
}

const VISIBLE_LEADING = 4;
const VISIBLE_TRAILING = 4;

/**
 * A card number masked as its first and last four digits around one group of bullets, so the last
 * four digits, which drivers and owners read, stand as a group (docs/product.md §3):
 * 7071000000000008754 → "7071 •••• 8754". A number the server already masked (asterisks) reads the
 * same; a number of 8 digits or fewer is only grouped.
 */
export function maskCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/\s+/g, '');
  if (compact.length <= VISIBLE_LEADING + VISIBLE_TRAILING) return compact.match(/.{1,4}/g)?.join(' ') ?? compact;
  return `${compact.slice(0, VISIBLE_LEADING)} •••• ${compact.slice(-VISIBLE_TRAILING)}`;
}
