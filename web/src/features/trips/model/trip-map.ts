import type { TripPlan, TripPoint, TripPurchase, TripStop } from '../api/trip-types';
import { remainingStops } from './next-stop';

export type StopState = 'made' | 'next' | 'later';

export interface MapStop {
  stop: TripStop;
  /** 1-based, as the plan's list numbers it. */
  number: number;
  state: StopState;
}

export interface TripMapData {
  /** The route as GeoJSON coordinates, [longitude, latitude]. */
  route: [number, number][];
  stops: MapStop[];
  /** [west, south, east, north] around the route, the stops and the driver's position; null when there is nothing to show. */
  bounds: [number, number, number, number] | null;
}

/**
 * What the active trip's map draws: the route, each planned stop as made (an approved purchase
 * on the plan there), next (the first one still to make) or later, and a box that holds them and
 * the driver's position when it is known.
 */
export function tripMapData(plan: TripPlan, routePoints: readonly TripPoint[], purchases: readonly TripPurchase[] = [], position: TripPoint | null = null): TripMapData {
  const remaining = remainingStops(plan, purchases);
  const next = remaining[0];
  const left = new Set(remaining.map((stop) => stop.location.locationId));
  const stops = plan.fuelPlan.map((stop, index): MapStop => ({
    stop,
    number: index + 1,
    state: stop === next ? 'next' : left.has(stop.location.locationId) ? 'later' : 'made',
  }));
  const points: TripPoint[] = [...routePoints, ...plan.fuelPlan.map((stop) => stop.location), ...(position ? [position] : [])];
  let bounds: TripMapData['bounds'] = null;
  for (const { latitude, longitude } of points) {
    bounds = bounds
      ? [Math.min(bounds[0], longitude), Math.min(bounds[1], latitude), Math.max(bounds[2], longitude), Math.max(bounds[3], latitude)]
      : [longitude, latitude, longitude, latitude];
  }
  return { route: routePoints.map((point) => [point.longitude, point.latitude]), stops, bounds };
}
