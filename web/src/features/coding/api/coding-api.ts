import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type Schema } from '@/lib/api';
import { attachmentName, blobOrErrorBody } from '@/lib/files';

/** A coding rule (GET|POST /api/wex/company/coding-rules): first match wins, by position. */
export type CodingRule = Schema<'CodingRule'>;
export type CodingRuleInput = Schema<'CodingRuleInput'>;
export type CodingRuleList = Schema<'CodingRuleList'>;
export type Coding = Schema<'Coding'>;
type TransactionPage = Schema<'TransactionPage'>;
/** What the coding page's purchase list shows: a page of at most PURCHASES_PAGE_SIZE, filtered. */
export interface PurchaseFilter {
  page: number;
  missingJob: boolean;
  uncoded: boolean;
  cardNumber: string;
  dateFrom: string;
  dateTo: string;
}
export const PURCHASES_PAGE_SIZE = 50;
/** A vehicle or group a coding rule may match. */
export interface MatchOption {
  id: number;
  name: string;
}

/** The accounting export formats (GET /api/wex/company/accounting/export). */
export const EXPORT_FORMATS = ['qbo-csv', 'qbo-expenses-csv', 'xero-csv', 'journal-csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Saves blob as fileName in the browser. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const codingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCodingRules: build.query<CodingRuleList, void>({
      query: () => '/wex/company/coding-rules',
      providesTags: ['CodingRule'],
    }),
    createCodingRule: build.mutation<CodingRule, CodingRuleInput>({
      query: (body) => ({ url: '/wex/company/coding-rules', method: 'POST', body }),
      invalidatesTags: ['CodingRule'],
    }),
    updateCodingRule: build.mutation<CodingRule, CodingRuleInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/wex/company/coding-rules/${id}`, method: 'PUT', body }),
      invalidatesTags: ['CodingRule'],
    }),
    deleteCodingRule: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/coding-rules/${id}`, method: 'DELETE' }),
      invalidatesTags: ['CodingRule'],
    }),
    setCardRequireJob: build.mutation<unknown, { cardNumber: string; requireJob: boolean }>({
      query: ({ cardNumber, requireJob }) => ({
        url: `/wex/company/cards/${encodeURIComponent(cardNumber)}/require-job`,
        method: 'PUT',
        body: { requireJob },
      }),
      invalidatesTags: ['CodingRule'],
    }),
    /** A page of the purchases to code, newest first (missingJob: missing a required job; uncoded: no account yet). */
    getPurchasesToCode: build.query<TransactionPage, PurchaseFilter>({
      query: ({ page, missingJob, uncoded, cardNumber, dateFrom, dateTo }) => ({
        url: '/wex/company/transactions',
        params: {
          page,
          size: PURCHASES_PAGE_SIZE,
          sort: 'transactionDate,desc',
          ...(missingJob ? { missingJob: 'true' } : {}),
          ...(uncoded ? { uncoded: 'true' } : {}),
          ...(cardNumber.trim() ? { cardNumber: cardNumber.trim() } : {}),
          ...(dateFrom ? { dateFrom } : {}),
          ...(dateTo ? { dateTo } : {}),
        },
      }),
      providesTags: ['Transaction'],
    }),
    /** The company's vehicles, for a rule's match (by unit number). */
    getCodingVehicles: build.query<MatchOption[], void>({
      query: () => '/wex/company/vehicles',
      transformResponse: (response: Schema<'VehicleList'>) => response.value.map((v) => ({ id: v.id, name: v.unitNumber })),
      providesTags: ['Vehicle'],
    }),
    /** The company's groups of cards and vehicles, for a rule's match. */
    getCodingGroups: build.query<MatchOption[], void>({
      query: () => '/wex/company/groups',
      transformResponse: (response: Schema<'GroupList'>) => response.content.map((g) => ({ id: g.id, name: g.name })),
    }),
    codePurchases: build.mutation<unknown, { ids: number[]; coding: Coding }>({
      query: (body) => ({ url: '/wex/company/transactions/coding', method: 'POST', body }),
      invalidatesTags: ['Transaction'],
    }),
    /** Downloads the export; the result is the file name. */
    downloadAccountingExport: build.mutation<string, { format: ExportFormat; from: string; to: string }>({
      async queryFn(params, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/wex/company/accounting/export', params, responseHandler: blobOrErrorBody });
        if (result.error) return { error: result.error };
        const fileName =
          attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? `fuel-${params.format}-${params.from}_${params.to}.csv`;
        saveBlob(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const {
  useGetCodingRulesQuery,
  useCreateCodingRuleMutation,
  useUpdateCodingRuleMutation,
  useDeleteCodingRuleMutation,
  useSetCardRequireJobMutation,
  useGetPurchasesToCodeQuery,
  useGetCodingVehiclesQuery,
  useGetCodingGroupsQuery,
  useCodePurchasesMutation,
  useDownloadAccountingExportMutation,
} = codingApi;
