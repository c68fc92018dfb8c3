import { api, type Schema } from '@/lib/api';

/** A driver's pending request to join the company (GET /api/wex/company/driver-requests). */
export type DriverRequest = Schema<'DriverRequest'>;

export const driverRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDriverRequests: build.query<DriverRequest[], void>({
      query: () => ({ url: '/wex/company/driver-requests' }),
      providesTags: ['DriverRequest'],
    }),
    /** Approve or decline; the list is refetched, and the cards (a declined card is free again). */
    decideDriverRequest: build.mutation<unknown, { id: number; decision: 'approve' | 'reject' }>({
      query: ({ id, decision }) => ({ url: `/wex/company/driver-requests/${id}/${decision}`, method: 'POST' }),
      invalidatesTags: ['DriverRequest', 'FuelCard'],
    }),
  }),
});

export const { useGetDriverRequestsQuery, useDecideDriverRequestMutation } = driverRequestsApi;
