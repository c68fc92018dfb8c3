import type { PaymentMethod } from '../api/payments-api';

/** Credit card surcharge (docs/product.md §9): 1.9%; debit cards and bank accounts pay none. */
export const CREDIT_CARD_FEE_PER_MILLE = 19;

/** True when paying with `method` adds the credit card fee (any card that is not a debit card). */
export function chargesCardFee(method: PaymentMethod | undefined): boolean {
  return method?.type === 'card' && method.card?.funding !== 'debit';
}

/** The fee in cents for `amountCents`, rounded half up as the server does. */
export function feeCents(amountCents: number, method: PaymentMethod | undefined): number {
  if (!chargesCardFee(method) || amountCents <= 0) return 0;
  return Math.floor((amountCents * CREDIT_CARD_FEE_PER_MILLE + 500) / 1000);
}

/** The entered amount in cents (entered × 100, docs/product.md §3), without float drift. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
