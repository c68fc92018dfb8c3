import type { TripPlan, TripPoint, TripPurchase, TripStop } from '../api/trip-types';

const EARTH_RADIUS_MILES = 3958.8;
/** Farther than this from the route, the route says nothing about the way to the stop: straight line. */
export const OFF_ROUTE_MILES = 25;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles. */
export function haversineMiles(a: TripPoint, b: TripPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Index of the route point closest to `point` and its distance (miles); -1 for no points. */
export function nearestRoutePoint(route: readonly TripPoint[], point: TripPoint): { index: number; miles: number } {
  let best = { index: -1, miles: Infinity };
  route.forEach((candidate, index) => {
    const miles = haversineMiles(candidate, point);
    if (miles < best.miles) best = { index, miles };
  });
  return best;
}

/** Miles along the route between two of its point indexes (0 when `to` is not ahead of `from`). */
function milesAlong(route: readonly TripPoint[], from: number, to: number): number {
  let miles = 0;
  for (let index = from; index < to; index++) miles += haversineMiles(route[index]!, route[index + 1]!);
  return miles;
}

/**
 * The plan's stops still to make: a stop is made once an approved purchase on the plan was
 * bought at its station. (A purchase off the plan re-plans the trip on the server, so the
 * current plan only ever holds stops ahead of it.)
 */
export function remainingStops(plan: TripPlan, purchases: readonly TripPurchase[] = []): TripStop[] {
  const made = new Set(purchases.filter((purchase) => purchase.status === 'APPROVED' && purchase.onPlan).map((purchase) => purchase.locationId));
  return plan.fuelPlan.filter((stop) => !made.has(stop.location.locationId));
}

export interface NextStop {
  stop: TripStop;
  /** Miles to the stop, 1 decimal. */
  miles: number;
  /** 'position': from where the browser says the driver is; 'route': along the plan from its start or the last stop made. */
  measuredFrom: 'position' | 'route';
  /** The stops after the next one. */
  later: TripStop[];
}

/**
 * The next stop of the plan and how far it is: from the driver's position along the trip's
 * route when the browser gave one (straight line when the driver is off the route), else
 * along the route from the plan's start or the last stop made.
 */
export function nextStop(
  plan: TripPlan,
  routePoints: readonly TripPoint[],
  purchases: readonly TripPurchase[] = [],
  position: TripPoint | null = null,
): NextStop | null {
  const remaining = remainingStops(plan, purchases);
  const [stop, ...later] = remaining;
  if (!stop) return null;
  const round = (miles: number) => Math.round(miles * 10) / 10;
  if (position) {
    const here = nearestRoutePoint(routePoints, position);
    const there = nearestRoutePoint(routePoints, stop.location);
    const onRoute = here.index >= 0 && there.index >= here.index && here.miles <= OFF_ROUTE_MILES;
    const miles = onRoute ? here.miles + milesAlong(routePoints, here.index, there.index) + there.miles : haversineMiles(position, stop.location);
    return { stop, miles: round(miles), measuredFrom: 'position', later };
  }
  const made = plan.fuelPlan.slice(0, plan.fuelPlan.indexOf(stop));
  const start = made.at(-1)?.alongMiles ?? 0;
  return { stop, miles: round(Math.max(0, stop.alongMiles - start)), measuredFrom: 'route', later };
}
