import Supercluster from 'supercluster';
import { CLUSTER_CLICK_MAX_ZOOM, CLUSTER_MAX_ZOOM, CLUSTER_MIN_POINTS, CLUSTER_RADIUS } from './constants';
import type { Station } from './types';

interface StationProps {
  locationId: number;
  minPrice: number;
}

interface ClusterProps {
  minPrice: number;
}

export type StationBadge =
  | { kind: 'station'; id: number; latitude: number; longitude: number; price: number }
  | { kind: 'cluster'; id: number; latitude: number; longitude: number; price: number; count: number };

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/**
 * Clusters stations for the map (docs/product.md §9: radius 100, max zoom 16, at least 2 points).
 * A cluster's badge shows the minimum net price of its stations.
 */
export class StationClusters {
  private readonly index: Supercluster<StationProps, ClusterProps>;
  private readonly byId: Map<number, Station>;

  constructor(stations: readonly Station[]) {
    this.byId = new Map(stations.map((station) => [station.locationId, station]));
    this.index = new Supercluster<StationProps, ClusterProps>({
      radius: CLUSTER_RADIUS,
      maxZoom: CLUSTER_MAX_ZOOM,
      minPoints: CLUSTER_MIN_POINTS,
      map: (props) => ({ minPrice: props.minPrice }),
      reduce: (accumulated, props) => {
        accumulated.minPrice = Math.min(accumulated.minPrice, props.minPrice);
      },
    });
    this.index.load(
      stations
        .filter((station) => Number.isFinite(station.latitude) && Number.isFinite(station.longitude))
        .map((station) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [station.longitude, station.latitude] },
          properties: { locationId: station.locationId, minPrice: station.netPrice },
        })),
    );
  }

  /** The badges to draw inside `bounds` at `zoom`: only what is in view. */
  badges(bounds: Bounds, zoom: number): StationBadge[] {
    return this.index.getClusters(bounds, Math.floor(zoom)).map((feature) => {
      const [longitude, latitude] = feature.geometry.coordinates;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        return {
          kind: 'cluster',
          id: props.cluster_id,
          latitude,
          longitude,
          price: props.minPrice,
          count: props.point_count,
        };
      }
      // Single points come back reprojected: draw them at the station's own coordinates.
      const { locationId, minPrice } = props as StationProps;
      const station = this.byId.get(locationId);
      return {
        kind: 'station',
        id: locationId,
        latitude: station?.latitude ?? latitude,
        longitude: station?.longitude ?? longitude,
        price: minPrice,
      };
    });
  }

  /** The station a single badge stands for. */
  station(locationId: number): Station | undefined {
    return this.byId.get(locationId);
  }

  /** The zoom a click on a cluster goes to: where it splits, at most 20. */
  expansionZoom(clusterId: number): number {
    return Math.min(this.index.getClusterExpansionZoom(clusterId), CLUSTER_CLICK_MAX_ZOOM);
  }
}
