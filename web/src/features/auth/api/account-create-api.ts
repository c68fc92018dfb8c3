import { api, type ResponseBody, type Schema } from '@/lib/api';
import type { Account } from '@/lib/auth';

/** Owner sign-up body (POST /api/company/account/create). */
export type CompanyAccountCreate = Schema<'OwnerSignUp'>;
/** Driver sign-up body (POST /api/account/create). */
export type DriverAccountCreate = Schema<'DriverSignUp'>;
export type PasswordResetInit = Schema<'ResetInit'>;
export type PasswordResetComplete = Schema<'ResetComplete'>;

/**
 * Public account calls (no bearer token): their endpoint names are listed in
 * PUBLIC_ENDPOINTS of src/lib/api/base-query.ts.
 */
export const accountCreateApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCompanyAccount: build.mutation<Account, CompanyAccountCreate>({
      query: (body) => ({ url: '/company/account/create', method: 'POST', body }),
    }),
    createDriverAccount: build.mutation<Account, DriverAccountCreate>({
      query: (body) => ({ url: '/account/create', method: 'POST', body }),
    }),
    checkEmail: build.query<Schema<'EmailCheck'>, string>({
      query: (email) => `/account/check/email/${encodeURIComponent(email)}`,
      keepUnusedDataFor: 0,
    }),
    checkCardNumber: build.query<Schema<'ValidCheck'>, string>({
      query: (cardNumber) => `/account/check/cardNumber/${encodeURIComponent(cardNumber)}`,
      keepUnusedDataFor: 0,
    }),
    initPasswordReset: build.mutation<ResponseBody<'/api/account/reset-password/init', 'post'>, PasswordResetInit>({
      query: (body) => ({ url: '/account/reset-password/init', method: 'POST', body }),
    }),
    completePasswordReset: build.mutation<ResponseBody<'/api/reset-password/complete', 'post'>, PasswordResetComplete>({
      query: (body) => ({ url: '/reset-password/complete', method: 'POST', body }),
    }),
  }),
});

export const {
  useCreateCompanyAccountMutation,
  useCreateDriverAccountMutation,
  useLazyCheckEmailQuery,
  useLazyCheckCardNumberQuery,
  useInitPasswordResetMutation,
  useCompletePasswordResetMutation,
} = accountCreateApi;
