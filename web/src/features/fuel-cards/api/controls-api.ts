import { api, type Schema } from '@/lib/api';

/**
 * PUT /api/wex/company/cards/{cardNumber}/controls body: absent or null = no rule at this level
 * (a card's null inherits the company default). Dollars and gallons as numbers.
 */
export type Controls = Schema<'Controls'>;
/** A card's controls as GET and PUT answer them: every field present, null = no rule. */
export type ControlsResult = Schema<'ControlsResult'>;
/** PUT /api/wex/company/controls body: the company default, with the zone of days, hours and weeks. */
export type CompanyControls = Schema<'CompanyControls'>;
/** The company default as GET and PUT answer it. */
export type CompanyControlsResult = Schema<'CompanyControlsResult'>;
/** POST …/cards/{cardNumber}/override body, and its answer. */
type OverrideGrant = Schema<'OverrideGrant'>;
type OverrideAnswer = Schema<'Override'>;

/** GET|PUT /api/wex/company/authorization-settings: the answer to a card authorization not decided in time. */
export type AuthorizationSettings = Schema<'AuthorizationSettings'>;

/** A chain as the station catalog lists it (GET /api/locations/chainCodes/filter). */
export type ChainOption = Schema<'Code'>;

const cardPath = (cardNumber: string) => `/wex/company/cards/${encodeURIComponent(cardNumber)}`;

/** Card controls, the company default and overrides (the API contract). Saving refetches the card rows' badges. */
export const controlsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardControls: build.query<ControlsResult, string>({
      query: (cardNumber) => `${cardPath(cardNumber)}/controls`,
      providesTags: (_result, _error, cardNumber) => [{ type: 'CardControls', id: cardNumber }],
    }),
    saveCardControls: build.mutation<ControlsResult, { cardNumber: string; controls: Controls }>({
      query: ({ cardNumber, controls }) => ({ url: `${cardPath(cardNumber)}/controls`, method: 'PUT', body: controls }),
      invalidatesTags: (_result, error, { cardNumber }) => (error ? [] : [{ type: 'CardControls', id: cardNumber }, 'FuelCard']),
    }),
    getCompanyControls: build.query<CompanyControlsResult, void>({
      query: () => '/wex/company/controls',
      providesTags: [{ type: 'CardControls', id: 'COMPANY' }],
    }),
    saveCompanyControls: build.mutation<CompanyControlsResult, CompanyControls>({
      query: (controls) => ({ url: '/wex/company/controls', method: 'PUT', body: controls }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'CardControls', id: 'COMPANY' }, 'FuelCard']),
    }),
    grantOverride: build.mutation<OverrideAnswer, { cardNumber: string } & Required<OverrideGrant>>({
      query: ({ cardNumber, hours, liftsPrompt }) => ({
        url: `${cardPath(cardNumber)}/override`,
        method: 'POST',
        body: { hours, liftsPrompt } satisfies OverrideGrant,
      }),
      invalidatesTags: ['FuelCard'],
    }),
    endOverride: build.mutation<void, string>({
      query: (cardNumber) => ({ url: `${cardPath(cardNumber)}/override`, method: 'DELETE' }),
      invalidatesTags: ['FuelCard'],
    }),
    getAuthorizationSettings: build.query<AuthorizationSettings, void>({
      query: () => '/wex/company/authorization-settings',
      providesTags: ['AuthorizationSettings'],
    }),
    saveAuthorizationSettings: build.mutation<AuthorizationSettings, AuthorizationSettings>({
      query: (settings) => ({ url: '/wex/company/authorization-settings', method: 'PUT', body: settings }),
      invalidatesTags: (_result, error) => (error ? [] : ['AuthorizationSettings']),
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
  useGetAuthorizationSettingsQuery,
  useSaveAuthorizationSettingsMutation,
} = controlsApi;
