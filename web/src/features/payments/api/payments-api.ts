import { api } from '@/lib/api';

/** GET /api/config: whether payments work here and the key Stripe.js needs. */
export interface PaymentsConfig {
  paymentsConfigured: boolean;
  stripePublishableKey: string;
}

/** A saved method (SPEC §3, payments-api.md). */
export interface PaymentMethod {
  id: string;
  type: 'card' | 'us_bank_account';
  card?: { funding: 'credit' | 'debit' | 'prepaid' | 'unknown' | string; last4: string; brand?: string };
  usBankAccount?: { bankName: string; last4?: string };
  isDefault: boolean;
}

/** What DELETE /payments/detach and POST /payments/payment-intent call the method's type. */
export type PaymentMethodType = 'debit_card' | 'credit_card' | 'us_bank_account';

export function paymentMethodType(method: PaymentMethod): PaymentMethodType {
  if (method.type === 'us_bank_account') return 'us_bank_account';
  return method.card?.funding === 'debit' ? 'debit_card' : 'credit_card';
}

export type Currency = 'USD' | 'CAD';

/** Currencies a payment may be made in (SPEC §9). */
export const CURRENCIES: Currency[] = ['USD', 'CAD'];

export interface PaymentIntentRequest {
  /** Cents: the entered amount × 100. */
  amount: number;
  currency: Currency;
  paymentMethodId: string;
  paymentMethodType: PaymentMethodType;
  /** One per click of the pay button; a retry with it never charges twice. */
  idempotencyKey: string;
}

export interface PaymentIntentResult {
  paymentId: number;
  paymentIntentId: string;
  status: string;
  amount: number;
  fee: number;
  total: number;
  currency: Currency;
  clientSecret: string;
}

/** The company wallet's flags, to title the modal Add Funds or Pay Invoice. */
export interface PaymentsWallet {
  balance: number;
  canAddFunds: boolean;
  canPayByInvoice: boolean;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/config',
    }),
    getPaymentsWallet: build.query<PaymentsWallet, void>({
      query: () => '/wex/company/wallet',
      providesTags: ['Wallet'],
    }),
    getSavedPaymentMethods: build.query<PaymentMethod[], void>({
      query: () => '/payments/saved-payment-methods',
      providesTags: ['PaymentMethod'],
      // Always fresh when the modal opens (SPEC §7: fetched when the modal opens).
      keepUnusedDataFor: 0,
    }),
    detachPaymentMethod: build.mutation<void, { paymentMethodId: string; paymentMethodType: PaymentMethodType }>({
      query: (body) => ({ url: '/payments/detach', method: 'DELETE', body }),
      invalidatesTags: ['PaymentMethod'],
    }),
    createPaymentIntent: build.mutation<PaymentIntentResult, PaymentIntentRequest>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/payments/payment-intent',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useGetPaymentsWalletQuery,
  useGetSavedPaymentMethodsQuery,
  useDetachPaymentMethodMutation,
  useCreatePaymentIntentMutation,
} = paymentsApi;
