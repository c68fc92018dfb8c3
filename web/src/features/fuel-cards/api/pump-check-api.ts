import { api, type Schema } from '@/lib/api';

/** GET|PUT /api/wex/company/pump-check: is the truck at the pump? (docs/product.md, Pump check). */
export type PumpCheckSettings = Schema<'PumpCheckSettings'>;
/** A card group's pump check: its own, or the company's (inherited). */
export type GroupPumpCheck = Schema<'GroupPumpCheck'>;
export type PumpCheckGroup = Schema<'Group'>;

const groupPath = (id: number) => `/wex/company/groups/${id}/pump-check`;

/** The pump check's settings, the company's and each card group's; saving refetches both. */
export const pumpCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPumpCheck: build.query<PumpCheckSettings, void>({
      query: () => '/wex/company/pump-check',
      providesTags: ['PumpCheck'],
    }),
    savePumpCheck: build.mutation<PumpCheckSettings, PumpCheckSettings>({
      query: (body) => ({ url: '/wex/company/pump-check', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['PumpCheck']),
    }),
    getGroupPumpCheck: build.query<GroupPumpCheck, number>({
      query: groupPath,
      providesTags: ['PumpCheck'],
    }),
    saveGroupPumpCheck: build.mutation<GroupPumpCheck, { groupId: number; settings: PumpCheckSettings }>({
      query: ({ groupId, settings }) => ({ url: groupPath(groupId), method: 'PUT', body: settings }),
      invalidatesTags: (_result, error) => (error ? [] : ['PumpCheck']),
    }),
    inheritGroupPumpCheck: build.mutation<void, number>({
      query: (groupId) => ({ url: groupPath(groupId), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['PumpCheck']),
    }),
  }),
});

export const {
  useGetPumpCheckQuery,
  useSavePumpCheckMutation,
  useGetGroupPumpCheckQuery,
  useSaveGroupPumpCheckMutation,
  useInheritGroupPumpCheckMutation,
} = pumpCheckApi;
