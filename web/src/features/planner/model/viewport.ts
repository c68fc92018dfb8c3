import { DEFAULT_SEARCH_RADIUS_MILES, MAP_MIN_ZOOM, US_BOUNDS, US_CENTER } from './constants';
import type { Bounds } from './clusters';
import type { LocationSearch, MapCluster, MapViewResult, SortBy, SortDirection, Station } from './types';

/** What the map shows: its box ([west, south, east, north], degrees) and zoom. */
export interface MapViewport {
  bounds: Bounds;
  zoom: number;
}

/** The view the map opens on (the contiguous United States), before it has reported its own. */
export const OPENING_VIEW: MapViewport = { bounds: US_BOUNDS, zoom: MAP_MIN_ZOOM };

/** GET /locations/map's query for a view (http/openapi.json). */
export interface MapViewArgs {
  bbox: string;
  zoom: number;
  chainCodes: string[];
}

const EARTH_RADIUS_MILES = 3958.8;
/** Box edges are rounded outward to this many degrees, so small jitters of the view share a request. */
const BBOX_STEP = 1e-3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const down = (value: number) => Math.floor(value / BBOX_STEP) * BBOX_STEP;
const up = (value: number) => Math.ceil(value / BBOX_STEP) * BBOX_STEP;
const text = (value: number) => String(Number(value.toFixed(3)));

/**
 * The map request for a view: the box clamped to the server's domain (longitudes -180 to 180,
 * latitudes -90 to 90, west ≤ east) and rounded outward to 0.001°, the zoom floored (the server
 * floors it too, so 4.2 and 4.8 are one request).
 */
export function mapViewArgs(view: MapViewport, chainCodes: readonly string[]): MapViewArgs {
  const [west, south, east, north] = view.bounds;
  const w = clamp(down(west), -180, 180);
  const e = clamp(up(east), -180, 180);
  const s = clamp(down(south), -90, 90);
  const n = clamp(up(north), -90, 90);
  return {
    bbox: [w, s, Math.max(w, e), Math.max(s, n)].map(text).join(','),
    zoom: clamp(Math.floor(view.zoom), 0, 24),
    chainCodes: [...chainCodes],
  };
}

/** Great-circle miles between two points. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The list's search for a view: the cheapest (or best-discount) stations of the circle around the
 * view's centre that holds the whole box (GET /locations ranks all of the circle, then keeps the
 * first 500); `inView` then keeps those inside the box.
 */
export function listSearchFor(view: MapViewport, sortBy: SortBy, direction: SortDirection, chainCodes: readonly string[]): LocationSearch {
  // The whole country in view: the product's opening request (docs/product.md), the country's cheapest.
  if (showsCountry(view)) return { ...US_CENTER, radius: DEFAULT_SEARCH_RADIUS_MILES, sortBy, direction, chainCodes: [...chainCodes] };
  const [west, south, east, north] = view.bounds;
  const centre = { latitude: round((south + north) / 2), longitude: round((west + east) / 2) };
  const corners = [
    { latitude: south, longitude: west },
    { latitude: south, longitude: east },
    { latitude: north, longitude: west },
    { latitude: north, longitude: east },
  ];
  const reach = Math.max(...corners.map((corner) => milesBetween(centre, corner)));
  return {
    ...centre,
    radius: clamp(Math.ceil(reach), 1, DEFAULT_SEARCH_RADIUS_MILES),
    sortBy,
    direction,
    chainCodes: [...chainCodes],
  };
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** The view holds the whole contiguous United States. */
export function showsCountry(view: MapViewport): boolean {
  const [west, south, east, north] = view.bounds;
  return west <= US_BOUNDS[0] && south <= US_BOUNDS[1] && east >= US_BOUNDS[2] && north >= US_BOUNDS[3];
}

/** The list's stations of a view: inside the box (edges included), in their order; all of them in the country view. */
export function inView(stations: readonly Station[], view: MapViewport): Station[] {
  if (showsCountry(view)) return [...stations];
  const [west, south, east, north] = view.bounds;
  return stations.filter((s) => s.longitude >= west && s.longitude <= east && s.latitude >= south && s.latitude <= north);
}

/** How many stations the view holds: each is in one cluster or listed alone. */
export const countInView = (view: MapViewResult): number =>
  view.clusters.reduce((sum: number, cluster: MapCluster) => sum + cluster.count, 0) + view.stations.length;
