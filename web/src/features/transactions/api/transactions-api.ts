import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type QueryParams, type ResponseBody, type Schema } from '@/lib/api';
import { attachmentName, blobOrErrorBody } from '@/lib/files';
import { saveFile } from '../model/save-file';

/** Whose transactions: the company's (company/ endpoints) or the signed-in driver's (docs/product.md §6). */
export type TransactionScope = 'company' | 'driver';

/** One row of GET …/transactions (http/openapi.json, product and decline fields). Amounts in dollars. */
export type TransactionListItem = Schema<'TransactionItem'>;

/** GET …/transactions/{id} (http/openapi.json, product and decline fields). */
export type TransactionDetail = Schema<'TransactionDetail'>;

/** Paged response (docs/product.md §3): page numbers start at 0. */
export type TransactionPage = Schema<'TransactionPage'>;

/** A stable decline code; its sentence is in locales/en-US/transactions.json (declineReasons). */
export type DeclineCode = NonNullable<TransactionListItem['declineCode']>;

/** A driver's override request (POST|GET /api/wex/override-requests). */
export type OverrideRequest = Schema<'OverrideRequest'>;
/** POST /api/wex/override-requests body: for the driver's card's last declined purchase. */
/** GET /api/wex/override-requests: newest first. */
type OverrideRequestList = Schema<'OverrideRequestList'>;

/** GET /api/wex/card: the driver's card, its rules and what its limits leave now. */
export type DriverCard = Schema<'DriverCard'>;

/** The query string of the list (the company and driver lists take the same one). */
type ListQuery = QueryParams<'/api/wex/company/transactions', 'get'> & QueryParams<'/api/wex/transactions', 'get'>;

/** Filters as the API takes them: dates are ISO timestamps without the trailing Z. */
export type TransactionQuery = Pick<ListQuery, 'searchText' | 'dateFrom' | 'dateTo' | 'cardNumber'> & { scope: TransactionScope; missingJob?: 'true' };

export type CardOption = Schema<'Card'>;

/** How a purchase is booked (account, class, job, memo). */
export type Coding = Schema<'Coding'>;

/** Transactions page size and order (docs/product.md §9). */
export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_SORT = 'transactionDate,desc';

const transactionsPath = (scope: TransactionScope) =>
  scope === 'company' ? '/wex/company/transactions' : '/wex/transactions';

/** More pages exist while the current page number is below totalPages − 1 (docs/product.md §4). */
export function nextTransactionsPage(last: TransactionPage): number | undefined {
  return last.page.number < last.page.totalPages - 1 ? last.page.number + 1 : undefined;
}

/** Drops empty filters so the query string carries only what is set. */
function filterParams({ scope: _scope, ...filters }: Omit<TransactionQuery, 'scope'> & { scope?: TransactionScope }) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Pages 0, 1, 2… of one filter set. Each filter set is its own cache entry, so a
     * filter change starts again at page 0 with an empty list; page 0 replaces, later
     * pages append (docs/product.md §4). Entries are dropped as soon as they are unused.
     */
    getTransactions: build.infiniteQuery<TransactionPage, TransactionQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => nextTransactionsPage(lastPage),
        refetchCachedPages: false,
      },
      query: ({ queryArg, pageParam }) => ({
        url: transactionsPath(queryArg.scope),
        params: {
          page: pageParam,
          size: TRANSACTIONS_PAGE_SIZE,
          sort: TRANSACTIONS_SORT,
          ...filterParams(queryArg),
        } satisfies ListQuery,
      }),
      keepUnusedDataFor: 0,
      providesTags: ['Transaction'],
    }),
    getTransactionDetail: build.query<TransactionDetail, { scope: TransactionScope; transactionId: string }>({
      query: ({ scope, transactionId }) => `${transactionsPath(scope)}/${encodeURIComponent(transactionId)}`,
      providesTags: (_result, _error, { transactionId }) => [{ type: 'Transaction', id: transactionId }],
    }),
    /** The company's cards, for the card filter of the company list. */
    getTransactionCardOptions: build.query<CardOption[], void>({
      query: () => '/wex/company/get-cards',
      transformResponse: (response: ResponseBody<'/api/wex/company/get-cards', 'get'>) => response.value,
      providesTags: ['FuelCard'],
    }),
    /**
     * GET …/transactions/export as an xlsx blob, saved in the browser as
     * transactions-{date}.xlsx. The blob never enters the store; the result is the file name.
     */
    /** The file of exactly the list's rows: every filter the list sends, in the list's order. */
    exportTransactions: build.mutation<string, TransactionQuery & { fallbackFileName: string }>({
      async queryFn({ scope, fallbackFileName, ...filters }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `${transactionsPath(scope)}/export`,
          params: { sort: TRANSACTIONS_SORT, ...filterParams(filters) },
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error };
        const fileName = attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? fallbackFileName;
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
    /**
     * GET …/transactions/{id}/receipt: the printable HTML e-receipt of an approved purchase in
     * `language` (en or es), opened in a new tab to print or save; where the browser blocks the
     * tab, saved as a file. The result is the file name.
     */
    openReceipt: build.mutation<string, { scope: TransactionScope; transactionId: number; language: string }>({
      async queryFn({ scope, transactionId, language }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `${transactionsPath(scope)}/${transactionId}/receipt`,
          params: { lang: language.toLowerCase().startsWith('es') ? 'es' : 'en' },
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error };
        const fileName =
          attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? `receipt-${transactionId}.html`;
        const blob = new Blob([result.data as Blob], { type: 'text/html' });
        const url = URL.createObjectURL(blob);
        const tab = window.open(url, '_blank');
        if (!tab) saveFile(blob, fileName);
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
        return { data: fileName };
      },
    }),
    /** PUT /wex/company/transactions/{id}/coding: the purchase's account, class, job and memo. */
    setTransactionCoding: build.mutation<TransactionDetail, { transactionId: number; coding: Coding }>({
      query: ({ transactionId, coding }) => ({ url: `/wex/company/transactions/${transactionId}/coding`, method: 'PUT', body: coding }),
      invalidatesTags: ['Transaction'],
    }),
    /** POST /wex/company/transactions/coding: one coding on many purchases, all or none. */
    setTransactionsCoding: build.mutation<unknown, { ids: number[]; coding: Coding }>({
      query: (body) => ({ url: '/wex/company/transactions/coding', method: 'POST', body }),
      invalidatesTags: ['Transaction'],
    }),
    /** PUT /wex/transactions/{id}/job: the driver answers the job prompt of their own purchase. */
    setTransactionJob: build.mutation<TransactionDetail, { transactionId: number; job: string }>({
      query: ({ transactionId, job }) => ({ url: `/wex/transactions/${transactionId}/job`, method: 'PUT', body: { job } }),
      invalidatesTags: ['Transaction'],
    }),
    /** The driver's own card; a purchase or a decided request changes what is left. */
    getDriverCard: build.query<DriverCard, void>({
      query: () => '/wex/card',
      providesTags: ['CardControls', 'Transaction', 'OverrideRequest'],
    }),
    /** The driver's override requests, newest first. */
    getOverrideRequests: build.query<OverrideRequest[], void>({
      query: () => '/wex/override-requests',
      transformResponse: (response: OverrideRequestList) => response.content,
      providesTags: ['OverrideRequest'],
    }),
  }),
});

export const {
  useGetDriverCardQuery,
  useGetOverrideRequestsQuery,
  useGetTransactionsInfiniteQuery,
  useGetTransactionDetailQuery,
  useGetTransactionCardOptionsQuery,
  useExportTransactionsMutation,
  useOpenReceiptMutation,
  useSetTransactionCodingMutation,
  useSetTransactionsCodingMutation,
  useSetTransactionJobMutation,
} = transactionsApi;
