import { api, type QueryParams, type ResponseBody, type Schema } from '@/lib/api';

/** A company fuel card (SPEC §3, fleet-api.md). */
export type FuelCard = Schema<'Card'>;

export type CardStatus = FuelCard['status'];

/** PUT /api/wex/company/update-card body (SPEC §3). */
export type CardUpdate = Schema<'CardUpdate'>;

export const fuelCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Server-side search on card number, driver name, unit number and driver id (PRODUCT.md). */
    getFuelCards: build.query<FuelCard[], { searchText: string }>({
      query: ({ searchText }) => ({
        url: '/wex/company/get-cards',
        params: searchText ? ({ searchText } satisfies QueryParams<'/api/wex/company/get-cards', 'get'>) : undefined,
      }),
      transformResponse: (response: ResponseBody<'/api/wex/company/get-cards', 'get'>) => response.value,
      providesTags: ['FuelCard'],
    }),
    /** Fuel cards are refetched after an update (SPEC §4), here and on the dashboard. */
    updateFuelCard: build.mutation<ResponseBody<'/api/wex/company/update-card', 'put'>, CardUpdate>({
      query: (body) => ({ url: '/wex/company/update-card', method: 'PUT', body }),
      invalidatesTags: ['FuelCard'],
    }),
  }),
});

export const { useGetFuelCardsQuery, useUpdateFuelCardMutation } = fuelCardsApi;
