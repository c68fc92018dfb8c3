import type { RoutePoint } from './types';

/** Planner and map constants (docs/product.md §9). */

/** Geographic centre of the contiguous United States. */
export const US_CENTER: RoutePoint = { latitude: 39.8283, longitude: -98.5795 };
export const DEFAULT_SEARCH_RADIUS_MILES = 5000;
/** The station list's order when the planner opens: the cheapest first. */
export const OPENING_SORT = { sortBy: 'price', direction: 'asc' } as const;
/** The contiguous United States [west, south, east, north]: the map opens on it at any screen size. */
export const US_BOUNDS: [number, number, number, number] = [-125, 24, -66.9, 49.5];
export const DEFAULT_PLAN_SEARCH_RADIUS = 5;
export const DEFAULT_MIN_GALLONS_PURCHASE = 5;
/** The plan request's domain (openapi.json PlanRequest); the server answers 400 outside it. */
export const MAX_TANK_GALLONS = 400;
export const MIN_GALLONS_PURCHASE = 1;
export const MAX_PLAN_SEARCH_RADIUS = 100;

export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

export const MAP_MIN_ZOOM = 2;
export const MAP_MAX_ZOOM = 18;
export const MAP_INITIAL_ZOOM = 4;
export const ZOOM_AFTER_LOCATING = 12;
export const ZOOM_AFTER_DEPARTURE = 11;
export const CLUSTER_RADIUS = 100;
export const CLUSTER_MAX_ZOOM = 16;
export const CLUSTER_MIN_POINTS = 2;
export const CLUSTER_CLICK_MAX_ZOOM = 20;

/**
 * The list is windowed on known heights: a closed card's holds its tallest case, the chips on two
 * lines (as at 320 px in Spanish). A plan card adds its stop's line (30 px); open, a card gives its
 * details 350 px (a plan card 450).
 */
const CLOSED_CARD_HEIGHT = 146;
export const CARD_HEIGHT = { collapsed: CLOSED_CARD_HEIGHT, expanded: CLOSED_CARD_HEIGHT + 350 } as const;
export const PLAN_CARD_HEIGHT = { collapsed: CLOSED_CARD_HEIGHT + 30, expanded: CLOSED_CARD_HEIGHT + 450 } as const;
/**
 * Plan cards grow by this much for the net saving line when the plan counts detour costs, and
 * so do near-route cards that show a station's net saving after a dropped plan.
 */
export const PLAN_CARD_DETOUR_EXTRA = 22;
/** Vertical gap between cards in the list. */
export const CARD_GAP = 12;

export const SKELETONS = { general: 8, nearRoute: 6, plan: 5 } as const;

export const ROUTE_COLORS = { selected: '#2f7cf6', alternative: '#8a93a3' } as const;
export const MAX_ALTERNATIVE_ROUTES = 3;
/** The near-route and plan calls accept at most this many route points. */
export const MAX_ROUTE_POINTS = 20_000;

export const GEOCODE_MIN_CHARS = 2;
export const GEOCODE_DEBOUNCE_MS = 250;

/** Logo shown for AMBEST and stations without a chain (the server answers its default logo). */
export const DEFAULT_CHAIN_LOGO = '/api/locations/logos/DEFAULT.svg';
export const DEFAULT_LOGO_CHAINS = new Set(['AMBEST']);
