/** Display rules of SPEC §9: prices with 2 decimals, savings in cents off, ft under 0.1 mi. */

const METERS_PER_MILE = 1609.34;
const FEET_PER_MILE = 5280;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** $3.58 — a per-gallon price or an amount of dollars, always 2 decimals. */
export const formatPrice = (dollars: number): string => usd.format(dollars);

/** 28¢ off, 28.5¢ off — savings per gallon in cents. */
export const formatCentsOff = (cents: number): string => `${upToOneDecimal.format(cents)}¢`;

/** 152.3 — gallons with one decimal. */
export const formatGallons = (gallons: number): string => oneDecimal.format(gallons);

/** 500 ft under 0.1 mile, otherwise 1,234.5 mi. */
export function formatDistance(meters: number): string {
  const miles = meters / METERS_PER_MILE;
  if (miles < 0.1) return `${Math.round(miles * FEET_PER_MILE)} ft`;
  return `${oneDecimal.format(miles)} mi`;
}

/** 19 h 5 min; 45 min under an hour. */
export function formatDuration(seconds: number): string {
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** A position along the route: 'Mile 812.4' (miles, 1 decimal, no unit). */
export const formatMileMarker = (miles: number): string => oneDecimal.format(miles);

/** Miles given in miles (along/off route, distance from centre): 1 decimal. */
export const formatMiles = (miles: number): string => formatDistance(miles * METERS_PER_MILE);

/** Dollars on the wire → integer cents, so that differences of money never use float arithmetic. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * What the plan saves against buying without one, in dollars (computed in cents); null when
 * there is no cost without a plan (the server's naiveCost is null: no plan cannot make the trip).
 */
export function planSavings(plan: { totalCost: number; naiveCost: number }): number;
export function planSavings(plan: { totalCost: number; naiveCost: number | null }): number | null;
export function planSavings(plan: { totalCost: number; naiveCost: number | null }): number | null {
  return plan.naiveCost === null ? null : (toCents(plan.naiveCost) - toCents(plan.totalCost)) / 100;
}
