/**
 * Wire shapes of the stations, maps and assistant calls (http/openapi.json, docs/product.md §3),
 * named from the OpenAPI document (http/openapi.json → src/lib/api/schema.d.ts).
 */
import type { RequestBody, ResponseBody, Schema } from '@/lib/api';

export type RoutePoint = Schema<'Point'>;

/**
 * A fuel station with its prices: dollars per gallon (3 decimals), savings in cents off per gallon.
 * `distanceMiles` only from GET /locations; `alongMiles`/`offMiles` only from near-route searches.
 */
export type Station = Schema<'Station'>;

export type ChainOption = Schema<'Code'>;

export type SortBy = 'price' | 'discount';
export type SortDirection = 'asc' | 'desc';

/** The station search as the planner holds it; `orderByParam` etc. turn it into GET /locations' query. */
export interface LocationSearch extends RoutePoint {
  radius: number;
  sortBy: SortBy;
  direction: SortDirection;
  chainCodes: string[];
}

/** A place of GET /maps/geocode and /maps/reverse. */
export type GeocodedPlace = Schema<'Place'>;

/** A place from the search box, geolocation or reverse geocoding (a bare geolocation has no kind). */
export type Place = Omit<GeocodedPlace, 'kind'> & Partial<Pick<GeocodedPlace, 'kind'>>;

export type DrivingRoute = Schema<'Route'>;

export type RouteRequest = RequestBody<'/api/maps/route', 'post'>;

export type RouteResult = ResponseBody<'/api/maps/route', 'post'>;

export type BestPlanRequest = RequestBody<'/api/assistant/plan', 'post'>;

export type FuelPlanEntry = Schema<'FuelPlanStop'>;

/** `naiveCost`/`naivetotalGallons` are null when a driver without a plan cannot make the trip. */
export type FuelPlan = Schema<'FuelPlan'>;

export type MapConfig = Pick<Schema<'Config'>, 'mapStyleUrl'>;

/** GET /locations/map: clusters of two or more stations and the stations shown alone. */
export type MapViewResult = Schema<'MapView'>;

export type MapCluster = Schema<'MapCluster'>;

/** GET /maps/basemap: the built-in Interstates and places as GeoJSON. */
export type Basemap = Schema<'Basemap'>;
