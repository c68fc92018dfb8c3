import { api } from '@/lib/api';
import type { AlertPage, AlertQuery, OverrideApproval, OverrideRequest, OverrideRequestList, TripRequest, TripRequestList } from './contract';

/** The unread count polls this often, and again when the window regains focus. */
export const UNREAD_POLL_MS = 60_000;

/** Alerts list page size. */
export const ALERTS_PAGE_SIZE = 20;

/** The owner's alerts and override-request decisions (the API contract). */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<AlertPage, AlertQuery>({
      query: ({ unread, page, size }) => ({
        url: '/wex/company/alerts',
        params: { ...(unread ? { unread: true } : {}), page, size },
      }),
      providesTags: ['Alert'],
    }),
    /** The navigation's badge: the smallest page of unread alerts, for its unreadCount. */
    getUnreadAlertCount: build.query<number, void>({
      query: () => ({ url: '/wex/company/alerts', params: { unread: true, page: 0, size: 1 } }),
      transformResponse: (response: AlertPage) => response.unreadCount,
      providesTags: ['Alert'],
    }),
    markAlertRead: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/alerts/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Alert'],
    }),
    markAllAlertsRead: build.mutation<void, void>({
      query: () => ({ url: '/wex/company/alerts/read-all', method: 'POST' }),
      invalidatesTags: ['Alert'],
    }),
    getPendingOverrideRequests: build.query<OverrideRequest[], void>({
      query: () => ({ url: '/wex/company/override-requests', params: { status: 'PENDING' } }),
      transformResponse: (response: OverrideRequestList) => response.content,
      providesTags: ['OverrideRequest'],
    }),
    /** Approving grants the card an override: the card rows refetch too. */
    decideOverrideRequest: build.mutation<OverrideRequest, { id: number; decision: 'approve' | 'deny'; hours?: number }>({
      query: ({ id, decision, hours }) => ({
        url: `/wex/company/override-requests/${id}/${decision}`,
        method: 'POST',
        body: decision === 'approve' ? ({ hours } satisfies OverrideApproval) : {},
      }),
      invalidatesTags: ['OverrideRequest', 'Alert', 'FuelCard'],
    }),
    getPendingTripRequests: build.query<TripRequest[], void>({
      query: () => ({ url: '/wex/company/trip-requests', params: { status: 'PENDING' } }),
      transformResponse: (response: TripRequestList) => response.content,
      providesTags: ['TripRequest'],
    }),
    /** Approving ends or re-plans the trip: its views refetch too. */
    answerTripRequest: build.mutation<TripRequest, { id: number; decision: 'approve' | 'deny' }>({
      query: ({ id, decision }) => ({ url: `/wex/company/trip-requests/${id}/${decision}`, method: 'POST' }),
      invalidatesTags: ['TripRequest', 'Alert', 'Trip', 'Compliance'],
    }),
  }),
});

export const {
  useGetAlertsQuery,
  useGetUnreadAlertCountQuery,
  useMarkAlertReadMutation,
  useMarkAllAlertsReadMutation,
  useGetPendingOverrideRequestsQuery,
  useDecideOverrideRequestMutation,
  useGetPendingTripRequestsQuery,
  useAnswerTripRequestMutation,
} = alertsApi;
