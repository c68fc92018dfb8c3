import { MAX_ROUTE_POINTS } from './constants';
import type { RoutePoint } from './types';

/** At most `limit` points, evenly sampled, always keeping the first and the last. */
export function limitRoutePoints(points: readonly RoutePoint[], limit: number = MAX_ROUTE_POINTS): RoutePoint[] {
  if (points.length <= limit) return points.map(({ latitude, longitude }) => ({ latitude, longitude }));
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, index) => {
    const { latitude, longitude } = points[Math.round(index * step)];
    return { latitude, longitude };
  });
}
