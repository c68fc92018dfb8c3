import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type Schema } from '@/lib/api';
import { attachmentName, blobOrErrorBody, saveFile } from '@/lib/files';

/** One row of the company's audit trail (GET /api/wex/company/audit). */
export type AuditEvent = Schema<'AuditEvent'>;
export type AuditPage = Schema<'AuditPage'>;

/** The trail's filters and page, as the query string names them. */
export interface AuditQuery {
  actorId?: number;
  kind?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
  page?: number;
  size?: number;
}

const params = (q: AuditQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

/** The owners' audit trail: a page of it, and its CSV export. */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditEvents: build.query<AuditPage, AuditQuery>({
      query: (q) => ({ url: '/wex/company/audit', params: params(q) }),
      keepUnusedDataFor: 0,
    }),
    /** The rows the filters select as a CSV file saved by the browser; the result is its name. */
    exportAudit: build.mutation<string, AuditQuery>({
      async queryFn(q, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: '/wex/company/audit', params: { ...params(q), format: 'csv' }, responseHandler: blobOrErrorBody });
        if (result.error) return { error: result.error };
        const fileName = attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? 'audit.csv';
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const { useGetAuditEventsQuery, useExportAuditMutation } = auditApi;
