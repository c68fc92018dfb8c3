import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type Schema } from '@/lib/api';
import { attachmentName, blobOrErrorBody, saveFile } from '@/lib/files';

/** One period of the list (GET /api/wex/company/statements). */
export type StatementSummary = Schema<'StatementSummary'>;
/** A statement with its lines and open holds (GET /api/wex/company/statements/{id}). */
export type Statement = Schema<'Statement'>;
export type StatementLine = Schema<'StatementLine'>;
export type StatementPeriod = Schema<'StatementSettings'>['period'];
export type StatementFormat = 'pdf' | 'csv' | 'xlsx';

/** The company's period statements: the list, one statement, the period setting and the downloads. */
export const statementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatements: build.query<StatementSummary[], void>({
      query: () => '/wex/company/statements',
      transformResponse: (res: Schema<'StatementList'>) => res.content,
      providesTags: ['Statements'],
    }),
    getStatement: build.query<Statement, number>({
      query: (id) => `/wex/company/statements/${id}`,
      providesTags: ['Statements'],
    }),
    getStatementSettings: build.query<Schema<'StatementSettings'>, void>({
      query: () => '/wex/company/statement-settings',
      providesTags: ['StatementSettings'],
    }),
    setStatementPeriod: build.mutation<Schema<'StatementSettings'>, StatementPeriod>({
      query: (period) => ({ url: '/wex/company/statement-settings', method: 'PUT', body: { period } }),
      invalidatesTags: ['StatementSettings'],
    }),
    /** The statement as a file saved by the browser; the result is its name. */
    downloadStatement: build.mutation<string, { id: number; format: StatementFormat }>({
      async queryFn({ id, format }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: `/wex/company/statements/${id}`, params: { format }, responseHandler: blobOrErrorBody });
        if (result.error) return { error: result.error };
        const fileName = attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? `statement-${id}.${format}`;
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const {
  useGetStatementsQuery,
  useGetStatementQuery,
  useGetStatementSettingsQuery,
  useSetStatementPeriodMutation,
  useDownloadStatementMutation,
} = statementsApi;
