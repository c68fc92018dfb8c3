import { api } from '@/lib/api';

export type CardStatus = 'ACTIVE' | 'INACTIVE';

/** A company fuel card (SPEC §3, fleet-api.md). */
export interface FuelCard {
  cardNumber: string;
  status: CardStatus;
  driverName: string;
  driverId: string;
  unitNumber: string;
}

/** PUT /api/wex/company/update-card body (SPEC §3). */
export type CardUpdate = FuelCard;

export const fuelCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Server-side search on card number, driver name, unit number and driver id (PRODUCT.md). */
    getFuelCards: build.query<FuelCard[], { searchText: string }>({
      query: ({ searchText }) => ({
        url: '/wex/company/get-cards',
        params: searchText ? { searchText } : undefined,
      }),
      transformResponse: (response: { value: FuelCard[] }) => response.value,
      providesTags: ['FuelCard'],
    }),
    /** Fuel cards are refetched after an update (SPEC §4), here and on the dashboard. */
    updateFuelCard: build.mutation<FuelCard, CardUpdate>({
      query: (body) => ({ url: '/wex/company/update-card', method: 'PUT', body }),
      invalidatesTags: ['FuelCard'],
    }),
  }),
});

export const { useGetFuelCardsQuery, useUpdateFuelCardMutation } = fuelCardsApi;
