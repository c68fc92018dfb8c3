import { api } from '@/lib/api';
import type { Account } from '@/lib/auth';

export interface CompanyAccountCreate {
  username: string;
  password: string;
  email: string;
  companyName: string;
  carrierId: number;
  phoneNumber: string;
}

export interface DriverAccountCreate {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  email: string;
  companyName: string;
  cardNumber: string;
  phoneNumber: string;
}

export interface PasswordResetComplete {
  email: string;
  otpCode: string;
  password: string;
}

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
    checkEmail: build.query<{ available: boolean }, string>({
      query: (email) => `/account/check/email/${encodeURIComponent(email)}`,
      keepUnusedDataFor: 0,
    }),
    checkCardNumber: build.query<{ valid: boolean }, string>({
      query: (cardNumber) => `/account/check/cardNumber/${encodeURIComponent(cardNumber)}`,
      keepUnusedDataFor: 0,
    }),
    initPasswordReset: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/account/reset-password/init', method: 'POST', body }),
    }),
    completePasswordReset: build.mutation<void, PasswordResetComplete>({
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
