import { api } from '@/lib/api';
import type {
  BestPlanRequest,
  ChainOption,
  DrivingRoute,
  FuelPlan,
  LocationSearch,
  MapConfig,
  Place,
  RoutePoint,
  RouteRequest,
  Station,
} from '../model/types';

export interface NearRouteArgs {
  /** Identifies the route (build number + alternative index): the cache key instead of the points. */
  routeKey: string;
  points: RoutePoint[];
  chainCodes: string[];
}

/** `price,asc` etc. as GET /locations expects it. */
export const orderByParam = (search: Pick<LocationSearch, 'sortBy' | 'direction'>): string =>
  `${search.sortBy},${search.direction}`;

/** Stations, chains, maps and assistant calls (notes/planner-api.md). */
export const plannerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStations: build.query<Station[], LocationSearch>({
      query: (search) => ({
        url: '/locations',
        params: {
          latitude: search.latitude,
          longitude: search.longitude,
          radius: search.radius,
          orderBy: orderByParam(search),
          ...(search.chainCodes.length > 0 ? { chainCode: search.chainCodes.join(',') } : {}),
        },
      }),
      providesTags: ['Station'],
    }),
    getNearRouteStations: build.query<Station[], NearRouteArgs>({
      query: ({ points, chainCodes }) => ({
        url: '/locations/near-route',
        method: 'POST',
        params: chainCodes.length > 0 ? { chainCodes: chainCodes.join(',') } : undefined,
        body: points,
      }),
      // Thousands of route points: key the cache by route identity, not by serialising them.
      serializeQueryArgs: ({ queryArgs }) => `${queryArgs.routeKey}|${queryArgs.chainCodes.join(',')}`,
      providesTags: ['Station'],
    }),
    getChains: build.query<ChainOption[], void>({
      query: () => '/locations/chainCodes/filter',
      providesTags: ['Chain'],
      keepUnusedDataFor: 600,
    }),
    geocode: build.query<Place[], string>({
      query: (text) => ({ url: '/maps/geocode', params: { q: text, limit: 5 } }),
    }),
    reverseGeocode: build.query<Place, RoutePoint>({
      query: ({ latitude, longitude }) => ({ url: '/maps/reverse', params: { lat: latitude, lon: longitude } }),
    }),
    buildRoute: build.mutation<{ routes: DrivingRoute[] }, RouteRequest>({
      query: (body) => ({ url: '/maps/route', method: 'POST', body }),
    }),
    getBestPlan: build.mutation<FuelPlan, BestPlanRequest>({
      query: (body) => ({ url: '/assistant/plan', method: 'POST', body }),
    }),
    getMapConfig: build.query<MapConfig, void>({
      query: () => '/config',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetStationsQuery,
  useGetNearRouteStationsQuery,
  useGetChainsQuery,
  useLazyGeocodeQuery,
  useLazyReverseGeocodeQuery,
  useBuildRouteMutation,
  useGetBestPlanMutation,
  useGetMapConfigQuery,
} = plannerApi;
