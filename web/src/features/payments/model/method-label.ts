import type { TFunction } from 'i18next';
import type { PaymentMethod } from '../api/payments-api';

function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** "Visa •••• 4242" or "STRIPE TEST BANK •••• 6789". */
export function methodLabel(method: PaymentMethod, t: TFunction<'payments'>): string {
  if (method.type === 'us_bank_account') {
    const bankName = method.usBankAccount?.bankName || t('method.bankAccount');
    const last4 = method.usBankAccount?.last4;
    return last4 ? t('method.bank', { bankName, last4 }) : t('method.bankNoLast4', { bankName });
  }
  const brand = capitalize(method.card?.brand ?? '') || t('method.card_generic');
  return t('method.card', { brand, last4: method.card?.last4 ?? '' });
}

/** "Credit card", "Debit card" or "Bank account". */
export function methodKind(method: PaymentMethod, t: TFunction<'payments'>): string {
  if (method.type === 'us_bank_account') return t('method.bankAccount');
  return method.card?.funding === 'debit' ? t('method.debitCard') : t('method.creditCard');
}
