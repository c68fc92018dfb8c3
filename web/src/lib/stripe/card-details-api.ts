import { api, type Schema } from '@/lib/api';

export type CardReveal = Schema<'CardReveal'>;

/** The calls behind revealing a Stripe card's details, shared by the owner's and the driver's screens. */
export const cardDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCardDetailsConfig: build.query<Pick<Schema<'Config'>, 'stripePublishableKey'>, void>({
      query: () => '/config',
    }),
    revealCardDetails: build.mutation<CardReveal, { cardNumber: string; nonce: string }>({
      query: ({ cardNumber, nonce }) => ({ url: `/wex/cards/${encodeURIComponent(cardNumber)}/reveal`, method: 'POST', body: { nonce } }),
    }),
  }),
});

export const { useGetCardDetailsConfigQuery, useRevealCardDetailsMutation } = cardDetailsApi;
