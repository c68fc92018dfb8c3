import { api } from '@/lib/api';

/** Closing the signed-in owner's company (docs/product.md, closing a company). */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    closeCompany: build.mutation<void, void>({
      query: () => ({ url: '/wex/company/close', method: 'POST' }),
    }),
  }),
});

export const { useCloseCompanyMutation } = companyApi;
