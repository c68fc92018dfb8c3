import { api, type Schema } from '@/lib/api';
import type { CompanyControls, Controls, OverrideAnswer, OverrideGrant } from './contract';

/** A chain as the station catalog lists it (GET /api/locations/chainCodes/filter). */
export type ChainOption = Schema<'Code'>;

const cardPath = (cardNumber: string) => `/wex/company/cards/${encodeURIComponent(cardNumber)}`;

/** Card controls, the company default and overrides (the API contract). Saving refetches the card rows' badges. */
export const controlsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardControls: build.query<Controls, string>({
      query: (cardNumber) => `${cardPath(cardNumber)}/controls`,
      providesTags: (_result, _error, cardNumber) => [{ type: 'CardControls', id: cardNumber }],
    }),
    saveCardControls: build.mutation<Controls, { cardNumber: string; controls: Controls }>({
      query: ({ cardNumber, controls }) => ({ url: `${cardPath(cardNumber)}/controls`, method: 'PUT', body: controls }),
      invalidatesTags: (_result, error, { cardNumber }) => (error ? [] : [{ type: 'CardControls', id: cardNumber }, 'FuelCard']),
    }),
    getCompanyControls: build.query<CompanyControls, void>({
      query: () => '/wex/company/controls',
      providesTags: [{ type: 'CardControls', id: 'COMPANY' }],
    }),
    saveCompanyControls: build.mutation<CompanyControls, CompanyControls>({
      query: (controls) => ({ url: '/wex/company/controls', method: 'PUT', body: controls }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'CardControls', id: 'COMPANY' }, 'FuelCard']),
    }),
    grantOverride: build.mutation<OverrideAnswer, { cardNumber: string } & OverrideGrant>({
      query: ({ cardNumber, hours }) => ({ url: `${cardPath(cardNumber)}/override`, method: 'POST', body: { hours } satisfies OverrideGrant }),
      invalidatesTags: ['FuelCard'],
    }),
    endOverride: build.mutation<void, string>({
      query: (cardNumber) => ({ url: `${cardPath(cardNumber)}/override`, method: 'DELETE' }),
      invalidatesTags: ['FuelCard'],
    }),
    /** The chains the station catalog knows: the allowed/blocked chain choices. */
    getControlChains: build.query<ChainOption[], void>({
      query: () => '/locations/chainCodes/filter',
      providesTags: ['Chain'],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useGetCardControlsQuery,
  useSaveCardControlsMutation,
  useGetCompanyControlsQuery,
  useSaveCompanyControlsMutation,
  useGrantOverrideMutation,
  useEndOverrideMutation,
  useGetControlChainsQuery,
} = controlsApi;
