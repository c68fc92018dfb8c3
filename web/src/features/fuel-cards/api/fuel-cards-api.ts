import { api, type QueryParams, type ResponseBody, type Schema } from '@/lib/api';

/** A company fuel card (docs/product.md §3, http/openapi.json) with its controls' summary. */
export type FuelCard = Schema<'CardListItem'>;

/** POST /api/wex/company/cards body: a new card for a driver (docs/issuing.md). */
export type CardOrder = Schema<'CardOrder'>;

/** PUT /api/wex/company/update-card body (docs/product.md §3). */
export type CardUpdate = Schema<'CardUpdate'>;

export const fuelCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Server-side search on card number, driver name, unit number and driver id (docs/decisions.md). */
    getFuelCards: build.query<FuelCard[], { searchText: string }>({
      query: ({ searchText }) => ({
        url: '/wex/company/get-cards',
        params: searchText ? ({ searchText } satisfies QueryParams<'/api/wex/company/get-cards', 'get'>) : undefined,
      }),
      transformResponse: (response: ResponseBody<'/api/wex/company/get-cards', 'get'>) => response.value,
      providesTags: ['FuelCard'],
    }),
    /** Fuel cards are refetched after an update (docs/product.md §4), here and on the dashboard. */
    updateFuelCard: build.mutation<ResponseBody<'/api/wex/company/update-card', 'put'>, CardUpdate>({
      query: (body) => ({ url: '/wex/company/update-card', method: 'PUT', body }),
      // A card's unit number assigns it to a vehicle: the vehicle list shows it.
      invalidatesTags: ['FuelCard', 'Vehicle'],
    }),
    /** PUT …/cards/{cardNumber}/group (owners and admins): the card's group, null for none. */
    setCardGroup: build.mutation<void, { cardNumber: string; groupId: number | null }>({
      query: ({ cardNumber, groupId }) => ({ url: `/wex/company/cards/${encodeURIComponent(cardNumber)}/group`, method: 'PUT', body: { groupId } }),
      // The groups count their cards; a vehicle shows only its group's cards to a member limited to one.
      invalidatesTags: (_result, error) => (error ? [] : ['FuelCard', 'Group', 'Vehicle']),
    }),
    /** The new card joins the list: the cards are refetched, here and on the dashboard. */
    orderFuelCard: build.mutation<ResponseBody<'/api/wex/company/cards', 'post'>, CardOrder>({
      query: (body) => ({ url: '/wex/company/cards', method: 'POST', body }),
      invalidatesTags: ['FuelCard'],
    }),
  }),
});

export const { useGetFuelCardsQuery, useUpdateFuelCardMutation, useOrderFuelCardMutation, useSetCardGroupMutation } = fuelCardsApi;
