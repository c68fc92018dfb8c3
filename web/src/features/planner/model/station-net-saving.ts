import { detourCostsApplied, toCents } from './format';
import type { FuelPlan, Station } from './types';

/**
 * What a station card off the plan needs to show a net saving after the detour (docs/product.md
 * §2.7), kept from the plan when the list turns to all the stations near its route.
 */
export interface DetourBasis {
  /** The contract's costs, dollars (from the plan answer). */
  outOfRouteCostPerMile: number;
  costPerStop: number;
  /** The contract's card fee per purchase, dollars: a stop pays it too. */
  feePerPurchase: number;
  /** Gallons a stop off the plan is taken to buy: the plan's average stop. */
  gallonsPerStop: number;
  /** Gallons the plan buys at each of its stations, by location id. */
  plannedGallons: Record<number, number>;
}

/**
 * The basis of the plan's station cards, or null when the plan does not weigh detour costs (the
 * contract sets none, so the cards show no net saving, as plan cards do) or makes no stop.
 */
export function detourBasis(plan: FuelPlan): DetourBasis | null {
  if (!detourCostsApplied(plan) || plan.fuelPlan.length === 0) return null;
  const plannedGallons: Record<number, number> = {};
  let gallons = 0;
  for (const stop of plan.fuelPlan) {
    plannedGallons[stop.location.locationId] = (plannedGallons[stop.location.locationId] ?? 0) + stop.gallons;
    gallons += stop.gallons;
  }
  return {
    outOfRouteCostPerMile: plan.outOfRouteCostPerMile ?? 0,
    costPerStop: plan.costPerStop ?? 0,
    feePerPurchase: plan.feePerPurchase ?? 0,
    gallonsPerStop: gallons / plan.fuelPlan.length,
    plannedGallons,
  };
}

export interface StationNetSaving {
  /** Dollars (from whole cents); negative: the detour costs more than the discount saves. */
  netSaving: number;
  gallons: number;
  detourMiles: number;
  /** The detour there and back plus the stop and the card's fee, dollars. */
  detourCost: number;
}

/**
 * A stop's net saving at a station near the route: its discount per gallon (retail less net,
 * `savings` in cents) on the gallons a stop there buys (what the plan buys there, or off the plan
 * the plan's average stop) less the detour: 2 × the station's distance off the route × the cost
 * per mile, plus the cost per stop and the card's fee per purchase. Each term is rounded to the
 * cent, then subtracted. Null for a station without a distance off the route.
 */
export function stationNetSaving(station: Station, basis: DetourBasis): StationNetSaving | null {
  if (station.offMiles === undefined) return null;
  const gallons = basis.plannedGallons[station.locationId] ?? basis.gallonsPerStop;
  const detourMiles = 2 * station.offMiles;
  const savedCents = Math.round(station.savings * gallons);
  const detourCents =
    Math.round(detourMiles * basis.outOfRouteCostPerMile * 100) + toCents(basis.costPerStop) + toCents(basis.feePerPurchase);
  return { netSaving: (savedCents - detourCents) / 100, gallons, detourMiles, detourCost: detourCents / 100 };
}
