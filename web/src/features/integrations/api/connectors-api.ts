import { api, type RequestBody, type Schema } from '@/lib/api';

/** A telematics pull connector of the company (never its token). */
export type TelematicsConnector = Schema<'TelematicsConnector'>;
export type TelematicsVendor = TelematicsConnector['vendor'];
/** PUT /wex/company/telematics/connectors/{vendor} body. */
export type TelematicsConnectorInput = RequestBody<'/api/wex/company/telematics/connectors/{vendor}', 'put'>;

/** The company's Samsara, Geotab and Motive connectors (docs/feeds.md). */
export const connectorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConnectors: build.query<TelematicsConnector[], void>({
      query: () => ({ url: '/wex/company/telematics/connectors' }),
      transformResponse: (response: { connectors: TelematicsConnector[] }) => response.connectors,
      providesTags: ['TelematicsSettings'],
    }),
    saveConnector: build.mutation<TelematicsConnector, { vendor: TelematicsVendor; body: TelematicsConnectorInput }>({
      query: ({ vendor, body }) => ({ url: `/wex/company/telematics/connectors/${vendor}`, method: 'PUT', body }),
      invalidatesTags: ['TelematicsSettings'],
    }),
    deleteConnector: build.mutation<void, TelematicsVendor>({
      query: (vendor) => ({ url: `/wex/company/telematics/connectors/${vendor}`, method: 'DELETE' }),
      invalidatesTags: ['TelematicsSettings'],
    }),
  }),
});

export const { useGetConnectorsQuery, useSaveConnectorMutation, useDeleteConnectorMutation } = connectorsApi;
