import { api, type QueryParams, type Schema } from '@/lib/api';

/** GET /api/wex/company/alerts: one page of the owner's alerts, with the unread count. */
export type AlertPage = Schema<'AlertPage'>;
/** One item of the alerts page. */
export type CompanyAlert = Schema<'Alert'>;
export type AlertKind = CompanyAlert['kind'];
/** Every kind of the contract, keyed so that a kind it adds fails to compile until it is listed here. */
const EVERY_KIND: Record<AlertKind, true> = {
  DECLINE: true,
  OVERRIDE_REQUEST: true,
  NEAR_LIMIT: true,
  AUTHORIZATION: true,
  TRIP_REQUEST: true,
  TRIP_ENDED: true,
  TRIP_REPLANNED: true,
  DRIVER_WAITING: true,
  WALLET_LOW: true,
  MPG_DROP: true,
  IFTA_DUE: true,
  STATEMENT_READY: true,
  REFUND: true,
  CARD_SHIPPING: true,
  WEBHOOK_FAILING: true,
};
/** Every kind, in the order the kind filter lists them. */
export const ALERT_KINDS = Object.keys(EVERY_KIND) as readonly AlertKind[];
/** The page the alerts screen asks for (page from 0). */
export type AlertQuery = Required<Pick<QueryParams<'/api/wex/company/alerts', 'get'>, 'page' | 'size'>> &
  Pick<QueryParams<'/api/wex/company/alerts', 'get'>, 'unread' | 'kind'>;
/** An override request, as the owner's list and approve/deny endpoints answer it. */
export type OverrideRequest = Schema<'OverrideRequest'>;
type OverrideRequestList = Schema<'OverrideRequestList'>;
/** POST …/override-requests/{id}/approve body. */
type OverrideApproval = Schema<'OverrideApproval'>;
/** A driver's request to end or re-plan a trip the owner locked. */
export type TripRequest = Schema<'TripRequest'>;
type TripRequestList = Schema<'TripRequestList'>;

/** The unread count polls this often, and again when the window regains focus. */
export const UNREAD_POLL_MS = 60_000;

/** Alerts list page size. */
export const ALERTS_PAGE_SIZE = 20;

/** The owner's alerts and override-request decisions (the API contract). */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Each alert's `text` is in the account's language: saving the account (its language) loads them again. */
    getAlerts: build.query<AlertPage, AlertQuery>({
      query: ({ unread, kind, page, size }) => ({
        url: '/wex/company/alerts',
        params: { ...(unread ? { unread: true } : {}), ...(kind ? { kind } : {}), page, size },
      }),
      providesTags: ['Alert', 'Account'],
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
    decideOverrideRequest: build.mutation<OverrideRequest, { id: number; decision: 'approve' | 'deny'; hours?: number; liftsPrompt?: boolean }>({
      query: ({ id, decision, hours, liftsPrompt }) => ({
        url: `/wex/company/override-requests/${id}/${decision}`,
        method: 'POST',
        body:
          decision === 'approve'
            ? ({ ...(hours !== undefined ? { hours } : {}), ...(liftsPrompt ? { liftsPrompt } : {}) } satisfies Partial<OverrideApproval>)
            : {},
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
