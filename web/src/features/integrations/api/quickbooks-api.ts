import { api, type RequestBody, type Schema } from '@/lib/api';

/** The company's QuickBooks Online connection (never a token). */
export type QuickBooksStatus = Schema<'QBOStatus'>;
export type QuickBooksAccount = Schema<'QBOAccount'>;
export type QuickBooksMapping = Schema<'QBOMapping'>;
export type QuickBooksPushRun = Schema<'QBOPushRun'>;
/** POST /wex/company/accounting/qbo/push body. */
export type QuickBooksPushRange = RequestBody<'/api/wex/company/accounting/qbo/push', 'post'>;

/** QuickBooks Online: connect (OAuth at Intuit), map accounts, send purchases, disconnect (docs/product.md). */
export const quickBooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuickBooks: build.query<QuickBooksStatus, void>({
      query: () => ({ url: '/wex/company/accounting/qbo' }),
      providesTags: ['QuickBooks'],
    }),
    getQuickBooksAccounts: build.query<QuickBooksAccount[], void>({
      query: () => ({ url: '/wex/company/accounting/qbo/accounts' }),
      transformResponse: (response: { content: QuickBooksAccount[] }) => response.content,
      providesTags: ['QuickBooks'],
    }),
    /** Intuit's authorization URL, with a state bound to this session: the browser goes there. */
    connectQuickBooks: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/wex/company/accounting/qbo/connect' }),
    }),
    saveQuickBooksMapping: build.mutation<QuickBooksMapping, QuickBooksMapping>({
      query: (body) => ({ url: '/wex/company/accounting/qbo/mapping', method: 'PUT', body }),
      invalidatesTags: ['QuickBooks'],
    }),
    pushToQuickBooks: build.mutation<QuickBooksPushRun, QuickBooksPushRange>({
      query: (body) => ({ url: '/wex/company/accounting/qbo/push', method: 'POST', body }),
      invalidatesTags: ['QuickBooks'],
    }),
    disconnectQuickBooks: build.mutation<void, void>({
      query: () => ({ url: '/wex/company/accounting/qbo', method: 'DELETE' }),
      invalidatesTags: ['QuickBooks'],
    }),
  }),
});

export const {
  useGetQuickBooksQuery,
  useGetQuickBooksAccountsQuery,
  useConnectQuickBooksMutation,
  useSaveQuickBooksMappingMutation,
  usePushToQuickBooksMutation,
  useDisconnectQuickBooksMutation,
} = quickBooksApi;
