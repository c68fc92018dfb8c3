/** Display rules of docs/product.md §9: prices with 2 decimals, savings in cents off, ft under 0.1 mi. */
import { formatDollars, formatOneDecimal as oneDecimal } from '@/lib/format';

const METERS_PER_MILE = 1609.34;
const FEET_PER_MILE = 5280;

// Without Intl (src/lib/format/fleet.ts says why), printing what its en-US formats print.
/** $3.58 — a per-gallon price or an amount of dollars, always 2 decimals. */
export const formatPrice = (dollars: number): string => formatDollars(dollars);

/** 28¢ off, 28.5¢ off — savings per gallon in cents. */
export const formatCentsOff = (cents: number): string => `${oneDecimal(cents).replace(/\.0$/, '')}¢`;

/** 152.3 — gallons with one decimal. */
export const formatGallons = (gallons: number): string => oneDecimal(gallons);

/** 500 ft under 0.1 mile, otherwise 1,234.5 mi. */
export function formatDistance(meters: number): string {
  const miles = meters / METERS_PER_MILE;
  if (miles < 0.1) return `${Math.round(miles * FEET_PER_MILE)} ft`;
  return `${oneDecimal(miles)} mi`;
}

/** A position along the route: 'Mile 812.4' (miles, 1 decimal, no unit). */
export const formatMileMarker = (miles: number): string => oneDecimal(miles);

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

/** The plan answer's detour fields (all optional on the wire: other plan sources may omit them). */
interface DetourCosts {
  outOfRouteCostPerMile?: number;
  costPerStop?: number;
}

/** Whether the company's contract made the plan weigh detour or stop costs (docs/decisions.md). */
export const detourCostsApplied = (plan: DetourCosts): boolean =>
  (plan.outOfRouteCostPerMile ?? 0) > 0 || (plan.costPerStop ?? 0) > 0;

/** Dollars a + b, added in cents. */
export const addDollars = (...amounts: readonly number[]): number => amounts.reduce((sum, a) => sum + toCents(a), 0) / 100;
