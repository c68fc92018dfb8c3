import type { MapFocus } from '../../model/planner-state';
import type { DrivingRoute, MapViewResult, RoutePoint, Station } from '../../model/types';
import type { MapViewport } from '../../model/viewport';

/**
 * What the planner asks of its map. The MapLibre implementation (PlannerMap) needs WebGL,
 * so unit tests pass a stand-in with these props instead.
 */
export interface PlannerMapProps {
  /** Stations the map clusters itself (near a route, a plan's stops); ignored while `view` is set. */
  stations: readonly Station[];
  /**
   * The server's answer for the current view (GET /locations/map) when no route is active: drawn
   * as it is, clusters and single stations; undefined while a route is active.
   */
  view?: MapViewResult | null;
  /** The map stopped moving (and once loaded): its box and zoom. */
  onViewChange?: (view: MapViewport) => void;
  /** The clock price ages are judged at (milliseconds). */
  now?: number;
  routes: readonly DrivingRoute[];
  selectedRouteIndex: number;
  /** Changes with every successful build: the map fits the routes then. */
  routeBuild: number;
  departure: RoutePoint | null;
  destination: RoutePoint | null;
  /** A focus asked for before the map loaded is applied when it does (routes, if any, win). */
  focus: MapFocus | null;
  /** Phones: one finger scrolls the page past the map, two move the map. */
  phone?: boolean;
  onSelectRoute: (index: number) => void;
  onStationClick: (locationId: number) => void;
}
