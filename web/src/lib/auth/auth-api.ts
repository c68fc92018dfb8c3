import { api } from '@/lib/api/api';
import type { ResponseBody } from '@/lib/api/types';
import type { Account, AccountUpdate, Credentials, PasswordChange, Permissions, TokenPair } from './types';

/** Session and current-account calls, shared by the shell and the auth/account screens. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    authenticate: build.mutation<TokenPair, Credentials>({
      query: (body) => ({ url: '/authenticate', method: 'POST', body }),
    }),
    getAccount: build.query<Account, void>({
      query: () => '/account',
      providesTags: ['Account'],
    }),
    updateAccount: build.mutation<Account, AccountUpdate>({
      query: (body) => ({ url: '/account', method: 'PUT', body }),
      invalidatesTags: ['Account'],
    }),
    changePassword: build.mutation<ResponseBody<'/api/account/change-password', 'post'>, PasswordChange>({
      query: (body) => ({ url: '/account/change-password', method: 'POST', body }),
    }),
    /** What the signed-in member's role may do: read once per session, drives what the app shows. */
    getPermissions: build.query<Permissions, void>({
      query: () => '/account/permissions',
      providesTags: ['Permissions'],
    }),
    deleteAccount: build.mutation<ResponseBody<'/api/account/delete', 'get'>, void>({
      query: () => ({ url: '/account/delete', method: 'GET' }),
    }),
  }),
});

export const {
  useAuthenticateMutation,
  useGetAccountQuery,
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useGetPermissionsQuery,
} = authApi;
