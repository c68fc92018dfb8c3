/** Wire shapes of the stations, maps and assistant calls (notes/planner-api.md, SPEC §3). */

export interface RoutePoint {
  latitude: number;
  longitude: number;
}

/** A fuel station with its prices: dollars per gallon (3 decimals), savings in cents off per gallon. */
export interface Station extends RoutePoint {
  locationId: number;
  name: string;
  stationLocation?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  retailPrice: number;
  netPrice: number;
  savings: number;
  retailPriceDate?: string | null;
  iftaRefund?: number | null;
  chain?: string | null;
  affiliate?: string | null;
  /** GET /locations only: miles from the search centre. */
  distanceMiles?: number;
  /** Near-route only: miles along the route and off it. */
  alongMiles?: number;
  offMiles?: number;
}

export interface ChainOption {
  value: string;
  label: string;
  imageUrl: string;
}

export type SortBy = 'price' | 'discount';
export type SortDirection = 'asc' | 'desc';

export interface LocationSearch extends RoutePoint {
  radius: number;
  sortBy: SortBy;
  direction: SortDirection;
  chainCodes: string[];
}

/** A place from the search box, geolocation or reverse geocoding. */
export interface Place extends RoutePoint {
  label: string;
  kind?: string;
}

export interface DrivingRoute {
  points: RoutePoint[];
  distanceMeters: number;
  durationSeconds: number;
  distanceText: string;
  durationText: string;
  summary?: string;
}

export interface RouteRequest {
  origin: RoutePoint;
  destination: RoutePoint;
  waypoints: RoutePoint[];
}

export interface BestPlanRequest {
  amountOfFuel: number;
  trunkCapacity: number;
  routePoints: RoutePoint[];
  searchRadius: number;
  minGallonsPurchase: number;
  chainCodes?: string[];
}

export interface FuelPlanEntry {
  location: Station;
  gallons: number;
  /** Dollars, 2 decimals. */
  cost: number;
  arrivalFuel?: number;
  alongMiles?: number;
}

export interface FuelPlan {
  fuelPlan: FuelPlanEntry[];
  totalCost: number;
  totalGallons: number;
  naiveCost: number;
  naivetotalGallons: number;
}

export interface MapConfig {
  mapStyleUrl?: string | null;
}
