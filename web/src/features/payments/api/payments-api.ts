import { api, type ResponseBody, type Schema } from '@/lib/api';

/** GET /api/config: whether payments work here and the key Stripe.js needs. */
export type PaymentsConfig = Pick<Schema<'Config'>, 'paymentsConfigured' | 'stripePublishableKey'>;

/** A saved method (docs/product.md §3). */
export type PaymentMethod = Schema<'PaymentMethod'>;

/** What DELETE /payments/detach and POST /payments/payment-intent call the method's type. */
export type PaymentMethodType = Exclude<NonNullable<Schema<'PaymentIntentRequest'>['paymentMethodType']>, 'card'>;

export function paymentMethodType(method: PaymentMethod): PaymentMethodType {
  if (method.type === 'us_bank_account') return 'us_bank_account';
  return method.card?.funding === 'debit' ? 'debit_card' : 'credit_card';
}

export type Currency = Schema<'PaymentIntent'>['currency'];

/** Currencies a payment may be made in (docs/product.md §9). */
export const CURRENCIES: Currency[] = ['USD', 'CAD'];

export type PaymentIntentRequest = Schema<'PaymentIntentRequest'> & {
  /** Cents: the entered amount × 100. */
  amount: number;
  currency: Currency;
  paymentMethodType: PaymentMethodType;
  /** One per click of the pay button (the Idempotency-Key header); a retry with it never charges twice. */
  idempotencyKey: string;
};

export type PaymentIntentResult = Schema<'PaymentIntent'>;

/** The company wallet's flags, to title the modal Add Funds or Pay Invoice. */
export type PaymentsWallet = Schema<'Wallet'>;

/** DELETE /payments/detach body. */
export type DetachRequest = Schema<'DetachRequest'> & { paymentMethodType: PaymentMethodType };

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
      // Always fresh when the modal opens (docs/product.md §7: fetched when the modal opens).
      keepUnusedDataFor: 0,
    }),
    detachPaymentMethod: build.mutation<ResponseBody<'/api/payments/detach', 'delete'>, DetachRequest>({
      query: (body) => ({ url: '/payments/detach', method: 'DELETE', body }),
      invalidatesTags: ['PaymentMethod'],
    }),
    createPaymentIntent: build.mutation<PaymentIntentResult, PaymentIntentRequest>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/payments/payment-intent',
        method: 'POST',
        body: body satisfies Schema<'PaymentIntentRequest'>,
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
