import { api, type Schema } from '@/lib/api';

// The members list is shared (the audit trail's person filter reads it too).
import type { Group } from '@/lib/groups';
import type { Member } from '@/lib/members';
export { useGetMembersQuery, type Member } from '@/lib/members';
/** PATCH …/members/{id} body: absent fields are kept. */
export type MemberChange = Schema<'MemberChange'>;
/** A pending invitation: neither accepted, revoked nor expired. */
export type Invitation = Schema<'Invitation'>;
export type InvitationInput = Schema<'InvitationInput'>;
export type InvitationAccept = Schema<'InvitationAccept'>;
export type Tokens = Schema<'Tokens'>;
/** The office roles an owner or admin may give (a driver stays a driver). */
export const OFFICE_ROLES = ['owner', 'admin', 'dispatcher', 'bookkeeper'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

const groupPath = (id: number) => `/wex/company/groups/${encodeURIComponent(String(id))}`;
const memberPath = (id: number) => `/wex/company/members/${encodeURIComponent(String(id))}`;

/** Changes to the members, and the invitations, of the signed-in owner's or admin's company (docs/product.md §6). */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeMember: build.mutation<Member, { id: number; change: MemberChange }>({
      query: ({ id, change }) => ({ url: memberPath(id), method: 'PATCH', body: change }),
      invalidatesTags: (_result, error) => (error ? [] : ['Member', 'Group']),
    }),
    removeMember: build.mutation<void, number>({
      query: (id) => ({ url: memberPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Member', 'Group']),
    }),
    getInvitations: build.query<Invitation[], void>({
      query: () => '/wex/company/invitations',
      transformResponse: (response: Schema<'InvitationList'>) => response.content,
      providesTags: ['Invitation'],
    }),
    invite: build.mutation<Invitation, InvitationInput>({
      query: (body) => ({ url: '/wex/company/invitations', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Invitation']),
    }),
    revokeInvitation: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/invitations/${encodeURIComponent(String(id))}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Invitation']),
    }),
    /** POST /api/wex/company/groups: a name the company already uses is 409. */
    createGroup: build.mutation<Group, { name: string }>({
      query: (body) => ({ url: '/wex/company/groups', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Group']),
    }),
    renameGroup: build.mutation<Group, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: groupPath(id), method: 'PATCH', body: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Group']),
    }),
    /** 409 while a member, a pending invitation or a coding rule names the group; its cards and vehicles then belong to none. */
    deleteGroup: build.mutation<void, number>({
      query: (id) => ({ url: groupPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Group', 'FuelCard', 'Vehicle']),
    }),
    /** No bearer token: the link's token is the credential; answers the tokens of a sign-in. */
    acceptInvitation: build.mutation<Tokens, { token: string; body: InvitationAccept }>({
      query: ({ token, body }) => ({ url: `/invitations/${encodeURIComponent(token)}/accept`, method: 'POST', body }),
    }),
  }),
});

export const {
  useChangeMemberMutation,
  useRemoveMemberMutation,
  useGetInvitationsQuery,
  useInviteMutation,
  useRevokeInvitationMutation,
  useAcceptInvitationMutation,
  useCreateGroupMutation,
  useRenameGroupMutation,
  useDeleteGroupMutation,
} = membersApi;
