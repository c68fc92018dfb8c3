import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type ResponseBody } from '@/lib/api';
import { attachmentName, blobOrErrorBody, saveFile } from '@/lib/files';
import type {
  CardOption,
  ComplianceQuery,
  ComplianceRow,
  CreateTripRequest,
  EndRequestBody,
  ReplanRequest,
  ReplanRequestBody,
  Trip,
  TripDetail,
  TripListQuery,
  TripPage,
  TripPlanPage,
  TripRequest,
  TripUnits,
} from './trip-types';

/** Trips page size (like transactions, docs/product.md §9). */
export const TRIPS_PAGE_SIZE = 20;

/** Plan versions per page (the server allows up to 20: each carries its stops). */
export const TRIP_PLANS_PAGE_SIZE = 10;

/** More pages exist while the current page number is below totalPages − 1. */
export function nextTripsPage(last: TripPage | TripPlanPage): number | undefined {
  return last.page.number < last.page.totalPages - 1 ? last.page.number + 1 : undefined;
}

const tripPath = (id: number | string) => `/trips/${encodeURIComponent(String(id))}`;

/** Every mutation of one trip changes it, the lists, its requests and the compliance figures. */
const tripChanged = (id: number | string) => [
  { type: 'Trip' as const, id: String(id) },
  { type: 'Trip' as const, id: 'LIST' },
  { type: 'TripRequest' as const, id: String(id) },
  'Compliance' as const,
];

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Pages 0, 1, 2… of one filter set (one cache entry per filter set, like transactions). */
    getTrips: build.infiniteQuery<TripPage, TripListQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => nextTripsPage(lastPage),
        refetchCachedPages: false,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/trips',
        params: {
          page: pageParam,
          size: TRIPS_PAGE_SIZE,
          ...(queryArg.status ? { status: queryArg.status } : {}),
          ...(queryArg.cardNumber ? { cardNumber: queryArg.cardNumber } : {}),
        },
      }),
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
    /** The signed-in driver's (or the company's newest) active trip, if any. */
    getActiveTrip: build.query<Trip | null, void>({
      query: () => ({ url: '/trips', params: { page: 0, size: 1, status: 'ACTIVE' } }),
      transformResponse: (response: TripPage) => response.content[0] ?? null,
      providesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
    getTrip: build.query<TripDetail, number | string>({
      query: (id) => tripPath(id),
      providesTags: (_result, _error, id) => [{ type: 'Trip', id: String(id) }],
    }),
    /** The trip's plan versions, newest first, a page at a time. */
    getTripPlans: build.infiniteQuery<TripPlanPage, number | string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => nextTripsPage(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `${tripPath(queryArg)}/plans`,
        params: { page: pageParam, size: TRIP_PLANS_PAGE_SIZE },
      }),
      providesTags: (_result, _error, id) => [{ type: 'Trip', id: String(id) }],
    }),
    createTrip: build.mutation<Trip, CreateTripRequest>({
      query: (body) => ({ url: '/trips', method: 'POST', body }),
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }, 'Compliance'],
    }),
    replanTrip: build.mutation<Trip, ReplanRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${tripPath(id)}/replan`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => tripChanged(id),
    }),
    /** The requests on a trip (newest first): a driver's to end or re-plan a trip the owner locked. */
    getTripRequests: build.query<TripRequest[], number | string>({
      query: (id) => `${tripPath(id)}/requests`,
      transformResponse: (response: { content: TripRequest[] }) => response.content,
      providesTags: (_result, _error, id) => [{ type: 'TripRequest', id: String(id) }],
    }),
    /** The driver asks the owner to end the trip the owner locked. */
    requestTripEnd: build.mutation<TripRequest, EndRequestBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${tripPath(id)}/end-request`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TripRequest', id: String(id) }],
    }),
    /** The driver asks the owner to re-plan the trip the owner locked from here. */
    requestTripReplan: build.mutation<TripRequest, ReplanRequestBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${tripPath(id)}/replan-request`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TripRequest', id: String(id) }],
    }),
    /** The owner approves or denies a driver's request: an approval ends or re-plans the trip. */
    decideTripRequest: build.mutation<TripRequest, { id: number; tripId: number; decision: 'approve' | 'deny' }>({
      query: ({ id, decision }) => ({ url: `/wex/company/trip-requests/${id}/${decision}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { tripId }) => [...tripChanged(tripId), 'Alert'],
    }),
    completeTrip: build.mutation<Trip, number>({
      query: (id) => ({ url: `${tripPath(id)}/complete`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => tripChanged(id),
    }),
    cancelTrip: build.mutation<Trip, number>({
      query: (id) => ({ url: `${tripPath(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => tripChanged(id),
    }),
    /** The company's cards (owner): the card filter and the card to save a trip for. */
    getTripCardOptions: build.query<CardOption[], void>({
      query: () => '/wex/company/get-cards',
      transformResponse: (response: ResponseBody<'/api/wex/company/get-cards', 'get'>) => response.value,
      providesTags: ['FuelCard'],
    }),
    /** The units (vehicles in service) the caller may name on a trip they save. */
    getTripUnits: build.query<TripUnits, void>({
      query: () => '/trips/units',
      providesTags: ['Vehicle'],
    }),
    getCompliance: build.query<ComplianceRow[], ComplianceQuery>({
      query: (params) => ({ url: '/wex/company/compliance', params }),
      providesTags: ['Compliance'],
    }),
    /** …/compliance/export as an xlsx saved by the browser; the result is the file name. */
    exportCompliance: build.mutation<string, ComplianceQuery & { fallbackFileName: string }>({
      async queryFn({ fallbackFileName, ...params }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: '/wex/company/compliance/export', params, responseHandler: blobOrErrorBody });
        if (result.error) return { error: result.error };
        const fileName = attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? fallbackFileName;
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const {
  useGetTripsInfiniteQuery,
  useGetActiveTripQuery,
  useGetTripQuery,
  useGetTripPlansInfiniteQuery,
  useCreateTripMutation,
  useReplanTripMutation,
  useGetTripRequestsQuery,
  useRequestTripEndMutation,
  useRequestTripReplanMutation,
  useDecideTripRequestMutation,
  useCompleteTripMutation,
  useCancelTripMutation,
  useGetTripCardOptionsQuery,
  useGetTripUnitsQuery,
  useGetComplianceQuery,
  useExportComplianceMutation,
} = tripsApi;
