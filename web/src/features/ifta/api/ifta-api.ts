import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '@/lib/api';
import { attachmentName, blobOrErrorBody, saveFile } from '@/lib/files';
import type { IftaMiles, IftaMilesCreate, IftaPeriod, IftaPurchase, IftaPurchaseCreate, IftaRatesUpload, IftaReturn, TelematicsSettings, TelematicsToken } from './ifta-types';

/** Every entry and close changes the return, the entries and the closed list. */
const changed = ['IftaReturn' as const];

export const iftaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIftaReturn: build.query<IftaReturn, IftaPeriod>({
      query: (params) => ({ url: '/wex/company/ifta/returns', params }),
      providesTags: changed,
    }),
    getIftaMiles: build.query<IftaMiles[], Pick<IftaPeriod, 'year' | 'quarter'>>({
      query: (params) => ({ url: '/wex/company/ifta/miles', params }),
      providesTags: changed,
    }),
    getIftaPurchases: build.query<IftaPurchase[], Pick<IftaPeriod, 'year' | 'quarter'>>({
      query: (params) => ({ url: '/wex/company/ifta/purchases', params }),
      providesTags: changed,
    }),
    closeIftaReturn: build.mutation<IftaReturn, IftaPeriod>({
      query: ({ year, quarter, fuelType }) => ({
        url: `/wex/company/ifta/returns/${year}/${quarter}/close`,
        method: 'POST',
        params: { fuelType },
      }),
      invalidatesTags: changed,
    }),
    /** The company's own rates (a rate file, text/csv): they win over the shared ones in its returns. */
    uploadIftaRates: build.mutation<IftaRatesUpload, string>({
      query: (csv) => ({ url: '/wex/company/ifta/rates', method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } }),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
    addIftaMiles: build.mutation<IftaMiles, IftaMilesCreate>({
      query: (body) => ({ url: '/wex/company/ifta/miles', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    addIftaPurchase: build.mutation<IftaPurchase, IftaPurchaseCreate>({
      query: (body) => ({ url: '/wex/company/ifta/purchases', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    deleteIftaMiles: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/ifta/miles/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
    deleteIftaPurchase: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/ifta/purchases/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
    getTelematicsSettings: build.query<TelematicsSettings, void>({
      query: () => ({ url: '/wex/company/telematics' }),
      providesTags: ['TelematicsSettings'],
    }),
    /** Makes or rotates the forwarding token: the answer is the only time it is shown. */
    rotateTelematicsToken: build.mutation<TelematicsToken, void>({
      query: () => ({ url: '/wex/company/telematics/token', method: 'POST' }),
      invalidatesTags: ['TelematicsSettings'],
    }),
    /** …/returns/export as .xlsx or .csv saved by the browser; the result is the file name. */
    exportIftaReturn: build.mutation<string, IftaPeriod & { format: 'xlsx' | 'csv' }>({
      async queryFn(params, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: '/wex/company/ifta/returns/export', params, responseHandler: blobOrErrorBody });
        if (result.error) return { error: result.error };
        const fallback = `ifta-${params.year}Q${params.quarter}-${params.fuelType}.${params.format}`;
        const fileName = attachmentName((result.meta as FetchBaseQueryMeta | undefined)?.response) ?? fallback;
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const {
  useGetIftaReturnQuery,
  useGetIftaMilesQuery,
  useGetIftaPurchasesQuery,
  useCloseIftaReturnMutation,
  useUploadIftaRatesMutation,
  useAddIftaMilesMutation,
  useAddIftaPurchaseMutation,
  useDeleteIftaMilesMutation,
  useDeleteIftaPurchaseMutation,
  useExportIftaReturnMutation,
  useGetTelematicsSettingsQuery,
  useRotateTelematicsTokenMutation,
} = iftaApi;
