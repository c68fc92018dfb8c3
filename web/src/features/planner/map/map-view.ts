import type { MapFocus } from '../model/planner-state';
import type { DrivingRoute, RoutePoint, Station } from '../model/types';

/**
 * What the planner asks of its map. The MapLibre implementation (PlannerMap) needs WebGL,
 * so unit tests pass a stand-in with these props instead.
 */
export interface PlannerMapProps {
  stations: readonly Station[];
  routes: readonly DrivingRoute[];
  selectedRouteIndex: number;
  /** Changes with every successful build: the map fits the routes then. */
  routeBuild: number;
  departure: RoutePoint | null;
  destination: RoutePoint | null;
  focus: MapFocus | null;
  onLoad: () => void;
  onSelectRoute: (index: number) => void;
  onStationClick: (locationId: number) => void;
}
