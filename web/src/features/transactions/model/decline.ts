import type { TFunction } from 'i18next';
import type { DeclineCode } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

const CODE = /^[A-Z_]+$/;

/**
 * The sentence naming the rule a purchase broke: the locale's text for its stable code, else the
 * server's sentence (a code this app does not know yet), else nothing. Rows stored before decline reasons were kept
 * carried the code in declineReason itself.
 */
export function declineSentence(t: TFunction, code: DeclineCode | string | null | undefined, reason: string | null | undefined): string | null {
  const key = code ?? (reason && CODE.test(reason) ? reason : null);
  if (key) return t(`transactions:declineReasons.${key}`, { defaultValue: reason && !CODE.test(reason) ? reason : key });
  return reason ?? null;
}
