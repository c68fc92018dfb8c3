import { api, type Schema } from '@/lib/api';

/** An office member or approved driver of the company (http/openapi.json, Member). */
export type Member = Schema<'Member'>;

/**
 * The company's members (GET /api/wex/company/members, owners and admins): the Members page
 * manages them, the audit trail's person filter offers them.
 */
export const memberListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<Member[], void>({
      query: () => '/wex/company/members',
      transformResponse: (response: Schema<'MemberList'>) => response.content,
      providesTags: ['Member'],
    }),
  }),
});

export const { useGetMembersQuery } = memberListApi;

/** First and last name, else the e-mail address. */
export const memberName = (member: Member) => [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
