import { errorStatus, serverErrorBody } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import '@/lib/i18n/texts/payments';

/** A payments call's failure as the UI shows it; unauthorized means: sign out to /signin. */
export interface PaymentsFailure {
  status?: number;
  message: string;
  unauthorized: boolean;
}

const t = (key: string) => i18n.t(key, { ns: 'payments' });

/**
 * docs/product.md §8 texts by status: 401, 403, 429, 5xx; other statuses show the server's message
 * (or `fallback`); no status at all is a network error. 503 'Payments are not configured'
 * keeps the server's text so nothing pretends payments work.
 */
export function paymentsFailure(status: number | undefined, serverMessage: string | undefined, fallback: string): PaymentsFailure {
  if (status === undefined) return { message: t('errors.network'), unauthorized: false };
  if (status === 401) return { status, message: t('errors.unauthorized'), unauthorized: true };
  if (status === 403) return { status, message: t('errors.forbidden'), unauthorized: false };
  if (status === 429) return { status, message: t('errors.tooManyRequests'), unauthorized: false };
  if (status === 503 && serverMessage === t('errors.notConfigured')) return { status, message: serverMessage, unauthorized: false };
  if (status >= 500) return { status, message: t('errors.server'), unauthorized: false };
  return { status, message: serverMessage || fallback, unauthorized: false };
}

/** paymentsFailure for an RTK Query error. */
export function queryFailure(error: unknown, fallback: string): PaymentsFailure {
  const status = errorStatus(error);
  const body = serverErrorBody(error);
  const message = typeof body?.message === 'string' ? body.message : undefined;
  // RTK Query reports network failures as status 'FETCH_ERROR'.
  return paymentsFailure(status, message, fallback);
}
