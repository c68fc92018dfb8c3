import { api, type Schema } from '@/lib/api';

/** A group of the company's cards and vehicles that members may be limited to (http/openapi.json, Group). */
export type Group = Schema<'Group'>;

/**
 * The company's groups by name (GET /api/wex/company/groups): the Members page manages them; the
 * card, vehicle, member and invitation screens and the pump check offer them.
 */
export const groupListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroups: build.query<Group[], void>({
      query: () => '/wex/company/groups',
      transformResponse: (response: Schema<'GroupList'>) => response.content,
      providesTags: ['Group'],
    }),
  }),
});

export const { useGetGroupsQuery } = groupListApi;

/** A group choice's form value: '' for none, else the group's id. */
export const groupChoice = (groupId: number | null | undefined) => (groupId ? String(groupId) : '');
/** The group id of a form's group choice: null for none. */
export const groupIdOf = (choice: string) => (choice ? Number(choice) : null);
