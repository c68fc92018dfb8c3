import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type Schema } from '@/lib/api';
import { attachmentName, blobOrErrorBody } from '@/lib/files';

/** A coding rule (GET|POST /api/wex/company/coding-rules): first match wins, by position. */
export type CodingRule = Schema<'CodingRule'>;
export type CodingRuleInput = Schema<'CodingRuleInput'>;
export type CodingRuleList = Schema<'CodingRuleList'>;
export type Coding = Schema<'Coding'>;
type TransactionPage = Schema<'TransactionPage'>;

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
    /** The newest approved and declined purchases to code (missingJob: only those missing a required job). */
    getPurchasesToCode: build.query<TransactionPage, { missingJob: boolean }>({
      query: ({ missingJob }) => ({
        url: '/wex/company/transactions',
        params: { size: 50, sort: 'transactionDate,desc', ...(missingJob ? { missingJob: 'true' } : {}) },
      }),
      providesTags: ['Transaction'],
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
  useCodePurchasesMutation,
  useDownloadAccountingExportMutation,
} = codingApi;
