import { api, type QueryParams, type Schema } from '@/lib/api';
import type { MapViewArgs } from '../model/viewport';
import type {
  BestPlanRequest,
  ChainOption,
  FuelPlan,
  GeocodedPlace,
  Basemap,
  LocationSearch,
  MapConfig,
  MapViewResult,
  RoutePoint,
  RouteRequest,
  RouteResult,
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

/** Stations, chains, maps and assistant calls (http/openapi.json). */
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
        } satisfies QueryParams<'/api/locations', 'get'>,
      }),
      providesTags: ['Station'],
    }),
    getLocationsMap: build.query<MapViewResult, MapViewArgs>({
      query: ({ bbox, zoom, chainCodes }) => ({
        url: '/locations/map',
        params: {
          bbox,
          zoom,
          ...(chainCodes.length > 0 ? { chainCode: chainCodes.join(',') } : {}),
        } satisfies QueryParams<'/api/locations/map', 'get'>,
      }),
      providesTags: ['Station'],
      keepUnusedDataFor: 120,
    }),
    getBasemap: build.query<Basemap, void>({
      query: () => '/maps/basemap',
      keepUnusedDataFor: 3600,
    }),
    getNearRouteStations: build.query<Station[], NearRouteArgs>({
      query: ({ points, chainCodes }) => ({
        url: '/locations/near-route',
        method: 'POST',
        params:
          chainCodes.length > 0
            ? ({ chainCodes: chainCodes.join(',') } satisfies QueryParams<'/api/locations/near-route', 'post'>)
            : undefined,
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
    getAffiliates: build.query<ChainOption[], void>({
      query: () => '/locations/affiliateCodes',
      providesTags: ['Chain'],
      keepUnusedDataFor: 600,
    }),
    geocode: build.query<GeocodedPlace[], string>({
      query: (text) => ({ url: '/maps/geocode', params: { q: text, limit: 5 } satisfies QueryParams<'/api/maps/geocode', 'get'> }),
    }),
    reverseGeocode: build.query<GeocodedPlace, RoutePoint>({
      query: ({ latitude, longitude }) => ({
        url: '/maps/reverse',
        params: { lat: latitude, lon: longitude } satisfies QueryParams<'/api/maps/reverse', 'get'>,
      }),
    }),
    buildRoute: build.mutation<RouteResult, RouteRequest>({
      query: (body) => ({ url: '/maps/route', method: 'POST', body }),
    }),
    getBestPlan: build.mutation<FuelPlan, BestPlanRequest>({
      query: (body) => ({ url: '/assistant/plan', method: 'POST', body }),
    }),
    /** The tank of the vehicle the driver's card carries (GET /wex/card), to start the assistant with; null when no vehicle is known. */
    getCardTank: build.query<number | null, void>({
      query: () => '/wex/card',
      transformResponse: (card: Schema<'DriverCard'>) => card.vehicleTankGallons,
      providesTags: ['CardControls', 'Vehicle'],
    }),
    getMapConfig: build.query<MapConfig, void>({
      query: () => '/config',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetStationsQuery,
  useLazyGetStationsQuery,
  useLazyGetLocationsMapQuery,
  useGetBasemapQuery,
  useGetNearRouteStationsQuery,
  useGetChainsQuery,
  useGetAffiliatesQuery,
  useLazyGeocodeQuery,
  useLazyReverseGeocodeQuery,
  useBuildRouteMutation,
  useGetBestPlanMutation,
  useGetMapConfigQuery,
  useGetCardTankQuery,
} = plannerApi;
